import { ERROR_CODES } from '@cmp/domain';
import type { RuleMessage } from '@cmp/domain/messages/format';

/** The one error type services throw; the error handler turns it into `{ error: { code, message, details } }`. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    /** When set, the error handler renders the message in the caller's language and sends the rule as details. */
    readonly rule?: RuleMessage,
  ) {
    super(message);
  }

  static notFound(what: string, id: string | number): AppError {
    return new AppError(404, ERROR_CODES.notFound, `${what} ${id} not found`);
  }
  static forbidden(message = 'you are not allowed to do this'): AppError {
    return new AppError(403, ERROR_CODES.forbidden, message);
  }
  static conflict(message: string | RuleMessage): AppError {
    return typeof message === 'string'
      ? new AppError(409, ERROR_CODES.conflict, message)
      : new AppError(409, ERROR_CODES.conflict, message.key, message, undefined, message);
  }
  /** A request that is well-formed but breaks a business rule. */
  static rule(code: string, message: string, details?: unknown): AppError {
    return new AppError(422, code, message, details);
  }
  static validation(details: { path: string; message: string }[]): AppError {
    return new AppError(
      400,
      ERROR_CODES.validation,
      details.map((d) => `${d.path}: ${d.message}`).join('; '),
      details,
    );
  }
}
