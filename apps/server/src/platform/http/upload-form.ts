import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** A multipart upload route's form, declared on the route as `config: { upload }`. */
export interface UploadDeclaration {
  /** The one field that carries the file. */
  file: string;
  /** The text fields beside it, which the route validates against this schema. */
  fields?: z.ZodObject;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    upload?: UploadDeclaration;
  }
}

export interface UploadForm {
  file: { name: string; data: Buffer };
  /** The text fields, as sent; the route validates them against its schema. */
  fields: Record<string, string>;
}

/**
 * The multipart form of an upload route: exactly one file, under the field name the route declares, and
 * its text fields in whatever order the client sent them. A file under any other name is refused before
 * its bytes are read.
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const fileField = request.routeOptions.config.upload?.file;
  if (!fileField) throw new Error(`route ${request.routeOptions.url} declares no upload`);
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
