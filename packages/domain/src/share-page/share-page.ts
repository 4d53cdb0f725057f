import { z } from 'zod';
import { Tenant } from '../platform/tenants.js';
import { id, INT8, isWebLink, text } from '../shared/input.js';
import { AppShareTemplateQuerySchema } from '../share-templates/share-templates.js';

/**
 * The H5 share page's public calls (docs/decisions.md "The H5 share page"). The page runs in anyone's
 * browser, so it cannot sign as the app back end does: it names its tenant, and reads only what a share
 * shows anyway.
 */
export const PublicShareTemplateQuerySchema = AppShareTemplateQuerySchema.extend({ tenant: Tenant });
export type PublicShareTemplateQuery = z.output<typeof PublicShareTemplateQuerySchema>;

/**
 * A group invitation's info: the invitation carries the inviter's id encrypted for that tenant's group, and
 * only a token this portal made for that group opens the group's name and members to the public.
 */
export const PublicGroupInfoRequestSchema = z.object({
  tenant: Tenant,
  groupId: id(INT8),
  inviterIdEncrypt: text(256).min(1),
});
export type PublicGroupInfoRequest = z.output<typeof PublicGroupInfoRequestSchema>;

/** The spec's wechat/sign form: the page's address (without its fragment), the tenant, the device and terminal. */
export const WechatSignRequestSchema = z.object({
  url: text(1024).refine(isWebLink, { error: 'share.signUrl' }),
  tenant: Tenant,
  device_id: text(128).optional(),
  terminal: text(32).optional(),
});
export type WechatSignRequest = z.output<typeof WechatSignRequestSchema>;

/** What the messenger's JS-SDK `config` takes besides the list of APIs. */
export const WechatSignatureSchema = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
});
export type WechatSignature = z.infer<typeof WechatSignatureSchema>;
