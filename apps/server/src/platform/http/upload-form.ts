import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export interface UploadForm {
  file: { name: string; data: Buffer };
  /** The text fields, as sent; the route validates them against its schema. */
  fields: Record<string, string>;
}

/**
 * The multipart form of an upload: exactly one file, under the field name the route declares, and its
 * text fields in whatever order the client sent them. A file under any other name is refused before its
 * bytes are read.
 */
export async function readUploadForm(request: FastifyRequest, fileField = 'file'): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  let file: UploadForm['file'] | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) {
        throw AppError.validation([
          { path: `body.${part.fieldname}`, message: `files are accepted only in the field "${fileField}"` },
        ]);
      }
      file = { name: part.filename, data: await part.toBuffer() };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  if (!file) {
    throw AppError.validation([
      { path: `body.${fileField}`, message: `a multipart field "${fileField}" is required` },
    ]);
  }
  return { file, fields };
}
