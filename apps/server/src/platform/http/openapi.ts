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
  if (isSignedClientAccess(config.access)) document.security = [{ signedClient: [] }];
  if (config.upload) {
    document.consumes = ['multipart/form-data'];
    document.body = multipartBody(config.upload);
  }
  return { schema: document, url };
}

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
