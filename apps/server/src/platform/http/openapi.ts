import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { TENANTS } from '@cmp/domain';
import { isSignedClientAccess, type RouteAccess } from './route-access.js';
import type { UploadDeclaration } from './upload-form.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonObjectSchema = { type: 'object'; properties: Record<string, unknown>; required?: string[] };

const PATH_PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * The OpenAPI document as the routes really are, beyond what their Zod schemas say: every path
 * parameter of the URL (the `{tenant}` of tenant routes comes from the prefix, not the route's schema),
 * no session required of public routes, a signature instead of a session on signed-client routes, and
 * the multipart form of upload routes.
 */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { schema, url } = jsonSchemaTransform(input);
  if (schema.hide) return { schema, url };
  const config = (input.route.config ?? {}) as { access?: RouteAccess; upload?: UploadDeclaration };
  const document: Record<string, unknown> = { ...schema };

  const names = [...input.route.url.matchAll(PATH_PARAMETER)].map((match) => match[1]!);
  if (names.length > 0) {
    const params = (document.params as JsonObjectSchema | undefined) ?? { type: 'object', properties: {} };
    document.params = {
      ...params,
      properties: Object.fromEntries(
        names.map((name) => [name, params.properties[name] ?? pathParameter(name)]),
      ),
      required: names,
    };
  }
  if (config.access === 'public') document.security = [];
  if (isSignedClientAccess(config.access)) {
    document.security = [SIGNED_SECURITY];
    document.response = { ...SIGNED_REFUSALS, ...(document.response as object | undefined) };
  }
  if (config.upload) {
    document.consumes = ['multipart/form-data'];
    document.body = multipartBody(config.upload);
  }
  return { schema: document, url };
}

/** The four headers of a signed request, each required: one security requirement naming all four. */
export const SIGNED_SECURITY = { signedKeyId: [], signedTimestamp: [], signedNonce: [], signedClient: [] };

const ERROR_BODY = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

/** What every signed route may answer besides its own answers (docs/app-api.md, section 3). */
const SIGNED_REFUSALS = Object.fromEntries(
  Object.entries({
    400: 'validation_failed: the body or query does not match; details names each field',
    401: 'unauthenticated, request_expired, signature_invalid or request_replayed',
    413: "payload_too_large: the body is over the route's limit",
    415: 'unsupported_file_type: a body that is not JSON',
  }).map(([status, description]) => [status, { ...ERROR_BODY, description }]),
);

const pathParameter = (name: string) =>
  name === 'tenant'
    ? { type: 'string', enum: [...TENANTS], description: 'the tenant whose area this is' }
    : { type: 'string' };

function multipartBody({ file, fields }: UploadDeclaration): JsonObjectSchema {
  const text = fields
    ? (z.toJSONSchema(fields, {
        io: 'input',
        target: 'openapi-3.0',
        unrepresentable: 'any',
      }) as JsonObjectSchema)
    : { type: 'object' as const, properties: {}, required: [] };
  return {
    type: 'object',
    properties: { [file]: { type: 'string', format: 'binary' }, ...text.properties },
    required: [file, ...(text.required ?? [])],
  };
}
