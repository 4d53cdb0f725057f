import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, SortError, type ErrorBody, type FieldError } from '@cmp/domain';
import { AppError } from './app-error.js';

const send = (status: number, code: string, message: string, details?: unknown): [number, ErrorBody] => [
  status,
  { error: details === undefined ? { code, message } : { code, message, details } },
];

/** Maps every failure to the one error shape; never leaks a stack trace or an internal message. */
/** Register before any route plugin: plugins keep the error handler in force when they were registered. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const [status, body] = toErrorBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, status }, 'request refused');
    if (error instanceof AppError && error.headers) void reply.headers(error.headers);
    return reply.status(status).send(body);
  });
}

/** Unknown API routes answer the error shape; other GETs get the web client's shell when one is served. */
export function registerNotFoundHandler(app: FastifyInstance, spaFallback?: (url: string) => boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (spaFallback && (request.method === 'GET' || request.method === 'HEAD') && spaFallback(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: { code: ERROR_CODES.notFound, message: `no route ${request.method} ${path}` } });
  });
}

function toErrorBody(error: FastifyError): [number, ErrorBody] {
  if (error instanceof AppError) return send(error.status, error.code, error.message, error.details);
  if (error instanceof SortError) {
    return send(400, ERROR_CODES.validation, error.message, [{ path: 'sort', message: error.message }]);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: FieldError[] = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message ?? 'invalid value',
    }));
    return send(
      400,
      ERROR_CODES.validation,
      details.map((d) => `${d.path}: ${d.message}`).join('; '),
      details,
    );
  }
  if (isResponseSerializationError(error)) return send(500, ERROR_CODES.internal, 'internal error');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return send(413, ERROR_CODES.payloadTooLarge, 'the request body is too large');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, wrong content type, ...) carry safe messages.
    return send(status, status === 400 ? ERROR_CODES.validation : 'bad_request', error.message);
  }
  return send(500, ERROR_CODES.internal, 'internal error');
}
