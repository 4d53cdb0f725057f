import { z } from 'zod';
import { trimmedText } from '../shared/input.js';
import { SIGNED_CLIENT_KEY, SIGNED_CLIENT_SECRET, SignedClientStateSchema } from './signed-clients.js';

/**
 * A tenant's app back end registered as a signed client: what sends accounts, cars, relations and
 * invitations in and asks for route plans. Its secret code is never listed.
 */
export const AppClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  state: SignedClientStateSchema,
  tenant: z.string(),
  ...SIGNED_CLIENT_KEY,
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type AppClient = z.infer<typeof AppClientSchema>;
export const AppClientListSchema = z.object({ items: z.array(AppClientSchema) });

export const AppClientSaveSchema = z.object({
  name: trimmedText(64).min(1, { error: 'form.required' }),
  description: trimmedText(255)
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  state: SignedClientStateSchema.default('enabled'),
});
export type AppClientSave = z.input<typeof AppClientSaveSchema>;
export type AppClientSaved = z.output<typeof AppClientSaveSchema>;

/** The client with its secret code, answered once. */
export const AppClientSecretSchema = z.object({ client: AppClientSchema, ...SIGNED_CLIENT_SECRET });
export type AppClientSecret = z.infer<typeof AppClientSecretSchema>;
