import { z } from 'zod';

export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** The one error shape every failing API call answers with. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

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
} as const;
