import { z } from 'zod';
import { isWebLink, trimmedText } from '../shared/input.js';
import {
  SIGNED_CLIENT_KEY,
  SIGNED_CLIENT_SECRET,
  SignedClientStateSchema,
} from '../platform/signed-clients.js';

/** A comment vendor (C3.8.7). Its secret code is never listed: it is answered once, at creation and rotation. */
export const CommentVendorSchema = z.object({
  applicationId: z.string(),
  applicationName: z.string(),
  description: z.string().nullable(),
  sourceId: z.string(),
  callbackUrl: z.string().nullable(),
  state: SignedClientStateSchema,
  tenant: z.string(),
  ...SIGNED_CLIENT_KEY,
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type CommentVendor = z.infer<typeof CommentVendorSchema>;
export const CommentVendorListSchema = z.object({ items: z.array(CommentVendorSchema) });

const CallbackUrl = trimmedText(512)
  .refine((v) => v === '' || isWebLink(v), { error: 'notification.badUrl' })
  .transform((v) => (v === '' ? null : v))
  .nullish();

export const CommentVendorSaveSchema = z.object({
  applicationName: trimmedText(64).min(1, { error: 'form.required' }),
  description: trimmedText(255)
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  sourceId: trimmedText(64)
    .min(1, { error: 'form.required' })
    .regex(/^[A-Za-z0-9_.-]+$/, { error: 'commentVendor.sourceIdCharacters' }),
  callbackUrl: CallbackUrl,
  state: SignedClientStateSchema.default('enabled'),
});
export type CommentVendorSave = z.input<typeof CommentVendorSaveSchema>;
export type CommentVendorSaved = z.output<typeof CommentVendorSaveSchema>;

/** The vendor with its secret code, answered once. */
export const CommentVendorSecretSchema = z.object({ vendor: CommentVendorSchema, ...SIGNED_CLIENT_SECRET });
export type CommentVendorSecret = z.infer<typeof CommentVendorSecretSchema>;
