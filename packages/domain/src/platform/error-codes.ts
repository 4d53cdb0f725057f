import type { ErrorBody } from './errors.js';

// Kept apart from the error schemas: the web client's first page reads API errors with these alone, without
// loading a schema library (see docs/performance.md, "First load").

/** Stable codes of the platform; business areas add their own snake_case codes (spec names where it has them). */
export const ERROR_CODES = {
  validation: 'validation_failed',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  tenantForbidden: 'tenant_forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  invalidCredentials: 'invalid_credentials',
  accountDisabled: 'account_disabled',
  tooManyAttempts: 'too_many_attempts',
  passwordChangeRequired: 'password_change_required',
  crossOrigin: 'cross_origin_request',
  payloadTooLarge: 'payload_too_large',
  unsupportedFile: 'unsupported_file_type',
  busy: 'busy',
  invalidValue: 'invalid_value',
  internal: 'internal_error',
  signatureInvalid: 'signature_invalid',
  requestExpired: 'request_expired',
  requestReplayed: 'request_replayed',
} as const;

/** The error of a failed call's body when it has the one error shape (ErrorBody), else undefined. */
export function readErrorBody(body: unknown): ErrorBody['error'] | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, details } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return details === undefined ? { code, message } : { code, message, details };
}
