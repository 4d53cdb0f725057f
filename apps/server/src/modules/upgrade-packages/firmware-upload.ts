import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@cmp/domain';
import { AppError } from '../../platform/http/app-error.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';

/** A firmware file as it was written to storage, with the form's text fields as sent. */
export interface ReceivedFirmware {
  fileName: string;
  fileSize: number;
  md5: string;
  fields: Record<string, string>;
}

/** Passes the bytes on while hashing them, so the md5 is known once the file is written. */
async function* hashing(source: Readable, hash: ReturnType<typeof createHash>): AsyncIterable<Buffer> {
  for await (const chunk of source) {
    hash.update(chunk as Buffer);
    yield chunk as Buffer;
  }
}

/**
 * Reads an upgrade package's multipart form, streaming its one file straight into `storage` under `key`
 * while computing its md5: firmware runs to hundreds of megabytes and is never held in memory. The file
 * may be up to `maxBytes`, this route's own limit instead of the portal's general upload limit (413
 * beyond, the partial file left to the caller's `removingFilesOnFailure`).
 */
export async function receiveFirmware(
  request: FastifyRequest,
  storage: FileStorage,
  key: string,
  maxBytes: number,
): Promise<ReceivedFirmware> {
  const fileField = request.routeOptions.config.upload!.file;
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedFirmware, 'fields'> | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type !== 'file') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== fileField) {
      throw AppError.validation([
        { path: `body.${part.fieldname}`, message: `files are accepted only in the field "${fileField}"` },
      ]);
    }
    const hash = createHash('md5');
    const fileSize = await storage.write(key, hashing(part.file, hash));
    if (part.file.truncated) {
      throw new AppError(413, ERROR_CODES.payloadTooLarge, `the file is larger than ${maxBytes} bytes`);
    }
    if (fileSize === 0) {
      throw AppError.validation([{ path: `body.${fileField}`, message: 'the file is empty' }]);
    }
    received = { fileName: part.filename, fileSize, md5: hash.digest('hex') };
  }
  if (!received) {
    throw AppError.validation([
      { path: `body.${fileField}`, message: `a multipart field "${fileField}" is required` },
    ]);
  }
  return { ...received, fields };
}
