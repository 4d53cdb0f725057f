import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { formatMessage, ruleMessage, type Locale } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { ruleMessageOfIssue } from '@cmp/domain/shared/zod-issues';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, SortError, type ErrorBody, type FieldError } from '@cmp/domain';
import { AppError } from './app-error.js';
import { dataExceptionOf } from './data-exception.js';

const send = (status: number, code: string, message: string, details?: unknown): [number, ErrorBody] => [
  status,
  { error: details === undefined ? { code, message } : { code, message, details } },
];

/** Maps every failure to the one error shape; never leaks a stack trace or an internal message. */
/** Register before any route plugin: plugins keep the error handler in force when they were registered. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/**
 * The error handler. Also Fastify's `frameworkErrors`, so the router's own refusals (a path that is not
 * UTF-8, a parameter longer than the router takes) answer in the one error shape too.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, body] = toErrorBody(error, localeOf(request), request.server.initialConfig.maxParamLength);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else if (body.error.code === ERROR_CODES.invalidValue) {
    // The database refused a value a request schema let through: the schema needs the bound.
    request.log.warn({ err: error, sqlState: dataExceptionOf(error) }, 'value refused by the database');
  } else request.log.info({ code: body.error.code, status }, 'request refused');
  if (error instanceof AppError && error.headers) void reply.headers(error.headers);
  return reply.status(status).send(body);
}

/** Unknown API routes answer the error shape; other GETs get the web client's shell when one is served. */
export function registerNotFoundHandler(
  app: FastifyInstance,
  spaFallback?: (url: string) => string | undefined,
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const shell = request.method === 'GET' || request.method === 'HEAD' ? spaFallback?.(path) : undefined;
    if (shell) return reply.header('cache-control', 'no-cache').sendFile(shell);
    return reply
      .status(404)
      .send({ error: { code: ERROR_CODES.notFound, message: `no route ${request.method} ${path}` } });
  });
}

/** Chinese first: English only when the caller prefers it. */
export const localeOf = (request: FastifyRequest): Locale =>
  /^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en-US' : 'zh-CN';

function toErrorBody(error: FastifyError, locale: Locale, maxParamLength = 100): [number, ErrorBody] {
  if (error instanceof AppError) {
    const message = error.rule ? formatMessage(locale, error.rule) : error.message;
    return send(error.status, error.code, message, error.details);
  }
  if (error instanceof RuleError) {
    return send(422, 'rule_violated', formatMessage(locale, error.rule), error.rule);
  }
  if (error instanceof SortError) {
    return send(400, ERROR_CODES.validation, error.message, [{ path: 'sort', message: error.message }]);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Domain schemas put message keys in their issues; render them in the caller's language and keep
    // the key and its parameters so the web can render them in its own.
    const details: (FieldError & { key?: string; params?: Record<string, string | number> })[] =
      error.validation.map((validation) => {
        const issue = {
          ...validation.params,
          code: validation.keyword,
          message: validation.message,
        } as z.core.$ZodIssue;
        const rule = ruleMessageOfIssue(issue);
        const path = [error.validationContext, ...validation.instancePath.split('/').filter(Boolean)].join(
          '.',
        );
        const message = formatMessage(locale, rule);
        return message === rule.key ? { path, message } : { path, message, ...rule };
      });
    return send(
      400,
      ERROR_CODES.validation,
      details.map((d) => `${d.path}: ${d.message}`).join('; '),
      details,
    );
  }
  if (isResponseSerializationError(error)) return send(500, ERROR_CODES.internal, 'internal error');
  if (dataExceptionOf(error)) {
    return send(400, ERROR_CODES.invalidValue, formatMessage(locale, ruleMessage('form.invalidValue')));
  }
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // Their own messages repeat the whole path, however long.
    const rule =
      error.code === 'FST_ERR_BAD_URL'
        ? ruleMessage('form.invalidCharacter')
        : ruleMessage('form.maxLength', { max: maxParamLength });
    const message = formatMessage(locale, rule);
    return send(400, ERROR_CODES.validation, `params: ${message}`, [{ path: 'params', message, ...rule }]);
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return send(413, ERROR_CODES.payloadTooLarge, 'the request body is too large');
  }
  // A body of a type the route does not take: an upload route sent no multipart form (the multipart
  // plugin says 406, which is about the answer's type, not the request's), any route a content type it
  // has no parser for.
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return send(415, ERROR_CODES.unsupportedFile, 'the request body must be a multipart/form-data form');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return send(415, ERROR_CODES.unsupportedFile, error.message);
  }
  if (error.code === 'FST_FILES_LIMIT') {
    const message = 'a form carries one file';
    return send(400, ERROR_CODES.validation, `body: ${message}`, [{ path: 'body', message }]);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, wrong content type, ...) carry safe messages.
    return send(status, status === 400 ? ERROR_CODES.validation : 'bad_request', error.message);
  }
  return send(500, ERROR_CODES.internal, 'internal error');
}
