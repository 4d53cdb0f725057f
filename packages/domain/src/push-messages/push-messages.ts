import { z } from 'zod';
import {
  DEFAULT_PAGE_NO,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_NO,
  MAX_PAGE_SIZE,
  pageOf,
} from '../platform/paging.js';
import { ClientCodeSchema } from '../shared/clients.js';
import {
  EPOCH_MS,
  INT4,
  id,
  idParam,
  integer,
  integerParam,
  isWebLink,
  text,
  trimmedText,
} from '../shared/input.js';
import { EpochMs, optionalText, requiredText } from '../stations/contract-fields.js';

/**
 * A push batch's life (docs/decisions.md "Push messages"): a draft takes recipients and edits; a schedule
 * makes it `scheduled` until its time; a push makes it `pushing` while its job runs, then `pushed`. A pushed
 * batch still takes recipients, pushed one at a time or by another push to all.
 */
export const PUSH_BATCH_STATUSES = ['draft', 'scheduled', 'pushing', 'pushed'] as const;
export const PushBatchStatusSchema = z.enum(PUSH_BATCH_STATUSES, { error: 'form.invalidOption' });
export type PushBatchStatus = z.infer<typeof PushBatchStatusSchema>;

/**
 * A recipient's delivery: `pending` until pushed; `sent` once the broker acknowledged it (MQTT PUBACK) or,
 * with no broker, once it waits in the apps' outbox; `acknowledged` when the app confirmed it through the
 * signed app API; `failed` when every attempt failed (the last error kept).
 */
export const DELIVERY_STATES = ['pending', 'sent', 'acknowledged', 'failed'] as const;
export const DeliveryStateSchema = z.enum(DELIVERY_STATES, { error: 'form.invalidOption' });
export type DeliveryState = z.infer<typeof DeliveryStateSchema>;

/** How a delivery went out: over the broker, or kept for the apps to fetch. */
export const DELIVERY_CHANNELS = ['mqtt', 'outbox'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** Attempts of one recipient before it is `failed`. */
export const PUSH_MAX_ATTEMPTS = 4;
/** Messages a batch sends per second unless staff set another rate. */
export const DEFAULT_PUSH_RATE = 500;
export const MAX_PUSH_RATE = 100_000;

const AccountId = trimmedText(64).min(1, { error: 'form.required' });
const LandingPage = optionalText(1024).refine((v) => v == null || isWebLink(v), {
  error: 'notification.badUrl',
});

/** What staff write for a batch (spec notification/batchPush): the message and where it is for. */
export const PushBatchFieldsSchema = z.object({
  title: requiredText(64),
  content: requiredText(512),
  landingPage: LandingPage,
  /** The apps of the tenant the message is for; at least one. */
  targetClients: z.array(ClientCodeSchema).min(1, { error: 'form.required' }).max(7),
  ratePerSecond: integer({ min: 1, max: MAX_PUSH_RATE }).default(DEFAULT_PUSH_RATE),
});
export type PushBatchFields = z.input<typeof PushBatchFieldsSchema>;
export const PushBatchCreateSchema = PushBatchFieldsSchema;
export const PushBatchUpdateSchema = PushBatchFieldsSchema.extend({ version: id(INT4) });
export type PushBatchUpdate = z.input<typeof PushBatchUpdateSchema>;

export const PushBatchParamsSchema = z.object({ batchId: idParam() });
export const PushRecipientParamsSchema = z.object({ batchId: idParam(), accountId: text(64).min(1) });

/** The recipients of a batch by delivery state. */
export const DeliveryCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  acknowledged: z.number().int(),
  failed: z.number().int(),
  duplicates: z.number().int(),
});
export type DeliveryCounts = z.infer<typeof DeliveryCountsSchema>;

export const PushBatchSchema = z.object({
  batchId: z.number().int(),
  title: z.string(),
  content: z.string(),
  landingPage: z.string().nullable(),
  targetClients: z.array(ClientCodeSchema),
  ratePerSecond: z.number().int(),
  status: PushBatchStatusSchema,
  /** When a scheduled batch is pushed (spec modify-job). */
  pushAt: EpochMs.nullable(),
  /** The latest push job, for its progress in the task center. */
  jobId: z.number().int().nullable(),
  recipients: z.number().int(),
  creator: z.string().nullable(),
  updater: z.string().nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
  version: z.number().int(),
});
export type PushBatch = z.infer<typeof PushBatchSchema>;
export const PushBatchDetailSchema = PushBatchSchema.extend({ counts: DeliveryCountsSchema });
export type PushBatchDetail = z.infer<typeof PushBatchDetailSchema>;
export const PushBatchPageSchema = pageOf(PushBatchSchema);
export type PushBatchPage = z.infer<typeof PushBatchPageSchema>;

export const PUSH_BATCH_SORTABLE = ['createdAt', 'updatedAt', 'pushAt', 'batchId'] as const;

/** The push batch list's filter (spec batchList). */
export const PushBatchFilterSchema = z.object({
  batchId: integerParam({ min: 1, max: INT4.max }).optional(),
  title: trimmedText(64).optional(),
  status: PushBatchStatusSchema.optional(),
  targetClient: ClientCodeSchema.optional(),
  createdFrom: integerParam(EPOCH_MS).optional(),
  createdTo: integerParam(EPOCH_MS).optional(),
  sort: text(100).optional(),
});
export type PushBatchFilter = z.infer<typeof PushBatchFilterSchema>;
const Page = {
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
};
export const PushBatchListQuerySchema = PushBatchFilterSchema.extend(Page);
export type PushBatchListRequest = z.input<typeof PushBatchListQuerySchema>;

/** A recipient with its delivery (spec batch/recipient/{batchId}/{pageNo}/{pageSize}). */
export const PushRecipientSchema = z.object({
  accountId: z.string(),
  nickname: z.string().nullable(),
  mobile: z.string().nullable(),
  state: DeliveryStateSchema,
  channel: z.enum(DELIVERY_CHANNELS).nullable(),
  attempts: z.number().int(),
  /** Deliveries beyond the first: a push cut off between the broker's acknowledgement and its record. */
  duplicates: z.number().int(),
  lastError: z.string().nullable(),
  addedAt: EpochMs,
  sentAt: EpochMs.nullable(),
  acknowledgedAt: EpochMs.nullable(),
});
export type PushRecipient = z.infer<typeof PushRecipientSchema>;
export const PushRecipientPageSchema = pageOf(PushRecipientSchema);
export type PushRecipientPage = z.infer<typeof PushRecipientPageSchema>;
export const PushRecipientQuerySchema = z.object({
  accountId: trimmedText(64).optional(),
  state: DeliveryStateSchema.optional(),
  ...Page,
});
export type PushRecipientQuery = z.input<typeof PushRecipientQuerySchema>;

/** `POST …/recipients` (spec batch/add-user/single). */
export const PushRecipientAddSchema = z.object({ accountId: AccountId });
/** `POST …/schedule` (spec modify-job): a later time to push at, or null to cancel the schedule. */
export const PushScheduleSchema = z.object({ pushAt: EpochMs.nullable(), version: id(INT4) });
export type PushSchedule = z.infer<typeof PushScheduleSchema>;
/** `POST …/push-all` and `…/retry`: from the version read, so the count confirmed is the one pushed to. */
export const PushStartSchema = z.object({ version: id(INT4) });

/** What a push, a retry or an import answers: its job, and how many recipients it reaches. */
export const PushReceiptSchema = z.object({ jobId: z.number().int(), recipients: z.number().int() });
export type PushReceipt = z.infer<typeof PushReceiptSchema>;

/** `POST /api/{tenant}/push-notifications` (spec notification/push): one message to one account. */
export const PushNotificationCreateSchema = z.object({
  accountId: AccountId,
  title: requiredText(64),
  content: requiredText(512),
  landingPage: LandingPage,
});
export type PushNotificationCreate = z.input<typeof PushNotificationCreateSchema>;
export const PushNotificationSchema = z.object({
  notificationId: z.number().int(),
  accountId: z.string(),
  title: z.string(),
  content: z.string(),
  landingPage: z.string().nullable(),
  state: DeliveryStateSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: EpochMs,
  sentAt: EpochMs.nullable(),
});
export type PushNotification = z.infer<typeof PushNotificationSchema>;

/**
 * The message an app receives, on its MQTT topic `cmp/{tenant}/users/{accountId}/notifications` (QoS 1) or
 * from the signed fetch. `id` is the same for every delivery of one message: the app drops a repeat.
 */
export const APP_MESSAGE_KINDS = ['push_batch', 'notification', 'user_notice', 'group_chat_notice'] as const;
export const AppMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(APP_MESSAGE_KINDS),
  title: z.string(),
  content: z.string(),
  landingPage: z.string().nullable(),
  /** The apps the message is for; empty for any. */
  clients: z.array(z.string()),
  /** What the message is about (a group, a report under review), when it answers something. */
  about: z.record(z.string(), z.unknown()).nullable(),
  createdAt: EpochMs,
});
export type AppMessage = z.infer<typeof AppMessageSchema>;

export const mqttTopicOf = (tenant: string, accountId: string): string =>
  `cmp/${tenant}/users/${encodeURIComponent(accountId)}/notifications`;

/** `GET /api/app/push-messages`: an account's messages waiting for its acknowledgement, oldest first. */
export const AppMessageQuerySchema = z.object({
  accountId: AccountId,
  limit: integerParam({ min: 1, max: 100 }).default(50),
});
export const AppMessageListSchema = z.object({ items: z.array(AppMessageSchema) });
/** `POST /api/app/push-messages/ack`: the messages the app has shown. */
export const AppMessageAckSchema = z.object({
  accountId: AccountId,
  ids: z.array(text(64).min(1)).min(1).max(100),
});
export const AppMessageAckReceiptSchema = z.object({ acknowledged: z.number().int() });
