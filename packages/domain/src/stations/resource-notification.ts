import { z } from 'zod';
import { normalizeNotificationType } from './notification-type.js';
import { optionalText, requiredText } from './contract-fields.js';

export const NOTIFICATION_TYPES = ['NOTICE', 'MAINTENANCE', 'PROMOTION', 'V2G'] as const;

export const ResourceNotificationSchema = z.object({
  notificationId: z.number().int(),
  resourceId: z.string(),
  notification: z.string(),
  showTimeBegin: z.number().int(),
  showTimeEnd: z.number().int(),
  range: z.string().nullable(),
  url: z.string().nullable(),
  type: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type ResourceNotification = z.infer<typeof ResourceNotificationSchema>;

export const ResourceNotificationSaveSchema = z
  .object({
    resourceId: z.string().min(1).max(64),
    notification: requiredText(512),
    showTimeBegin: z.number().int(),
    showTimeEnd: z.number().int(),
    range: optionalText(64),
    url: optionalText(512).refine((v) => v == null || /^https?:\/\//.test(v), {
      error: 'notification.badUrl',
    }),
    type: requiredText(32).transform(normalizeNotificationType),
  })
  .refine((v) => v.showTimeEnd > v.showTimeBegin, { path: ['showTimeEnd'], error: 'time.endNotAfterStart' });
export type ResourceNotificationSave = z.input<typeof ResourceNotificationSaveSchema>;
