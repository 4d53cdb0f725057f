import { z } from 'zod';

/** The apps and mini-programs a user, comment or poster can come from. */
export const CLIENT_CODES = [
  'nio_app',
  'pe_app',
  'titan_app',
  'pe_wx_mini',
  'pe_alipay_mini',
  'rsc_feishu_mini',
  'other',
] as const;
export const ClientCodeSchema = z.enum(CLIENT_CODES);
export type ClientCode = z.infer<typeof ClientCodeSchema>;
