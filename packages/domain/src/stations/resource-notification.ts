import { z } from 'zod';
import { normalizeNotificationType } from './notification-type.js';
import { EpochMs, optionalText, requiredText, ResourceIdSchema } from './contract-fields.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import { isWebLink } from '../shared/input.js';

export const NOTIFICATION_TYPES = ['NOTICE', 'MAINTENANCE', 'PROMOTION', 'V2G'] as const;

/** Operation-record actions of notifications (entity: the station). */
export const NOTIFICATION_ACTIONS = { add: 'NOTIFICATION_ADD', update: 'NOTIFICATION_UPDATE' } as const;

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
  /** Shown to drivers now: showTimeBegin ≤ now < showTimeEnd, by the server's clock. */
  active: z.boolean(),
});
export type ResourceNotification = z.infer<typeof ResourceNotificationSchema>;

/** What a station's notifications sort by (`sort=showTimeBegin:desc`, the default: the latest first). */
export const NOTIFICATION_SORTABLE = ['showTimeBegin', 'showTimeEnd', 'updateTime'] as const;
export const ResourceNotificationListQuerySchema = PageQuery;
export type ResourceNotificationListQuery = z.input<typeof ResourceNotificationListQuerySchema>;

/** A page of a station's notifications. */
export const ResourceNotificationListSchema = pageOf(ResourceNotificationSchema);
export type ResourceNotificationList = z.infer<typeof ResourceNotificationListSchema>;

export const ResourceNotificationSaveSchema = z
  .object({
    resourceId: ResourceIdSchema,
    notification: requiredText(512),
    showTimeBegin: EpochMs,
    showTimeEnd: EpochMs,
    range: optionalText(64),
    url: optionalText(512).refine((v) => v == null || isWebLink(v), { error: 'notification.badUrl' }),
    type: requiredText(32).transform(normalizeNotificationType),
  })
  .refine((v) => v.showTimeEnd > v.showTimeBegin, { path: ['showTimeEnd'], error: 'time.endNotAfterStart' });
export type ResourceNotificationSave = z.input<typeof ResourceNotificationSaveSchema>;
export type ResourceNotificationSaved = z.output<typeof ResourceNotificationSaveSchema>;
