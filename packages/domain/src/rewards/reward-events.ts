import { z } from 'zod';
import { EPOCH_MS, INT8, integer, text } from '../shared/input.js';
import type { MessageKey } from '../messages/en-US.js';

/** What the apps' back end reports; a reward record names the kind of event it was given for. */
export const REWARD_EVENT_KINDS = ['charging_order_finished', 'assist', 'station_check_in'] as const;
export type RewardEventKind = (typeof REWARD_EVENT_KINDS)[number];
export const REWARD_EVENT_KIND_LABELS = {
  charging_order_finished: 'rewardEventKind.chargingOrder',
  assist: 'rewardEventKind.assist',
  station_check_in: 'rewardEventKind.checkIn',
} as const satisfies Record<RewardEventKind, MessageKey>;

/** The most events one request carries. */
export const MAX_EVENTS_PER_REQUEST = 1000;

const EventId = text(64).regex(/^[A-Za-z0-9._:-]{1,64}$/, { error: 'rewardEvent.eventId' });
const AccountId = text(64).min(1);
const ResourceId = text(64).min(1);
const At = integer(EPOCH_MS);

/**
 * What the apps' back end reports users did (docs/app-api.md "Reward events"), each under its own id, which
 * makes an event sent twice one event. Times are epoch milliseconds.
 */
export const ChargingOrderEventSchema = z.object({
  kind: z.literal('charging_order_finished'),
  eventId: EventId,
  orderId: text(64).min(1),
  accountId: AccountId,
  resourceId: ResourceId,
  vehicleId: text(64).optional(),
  /** The energy charged, kWh. */
  kwh: z.number().min(0).max(10_000),
  startTime: At,
  endTime: At,
  /** What the user paid, cents. */
  amount: integer({ min: 0, max: INT8.max }).optional(),
});

/** `accountId` helped `assistedAccountId` in an assisting activity (user acquisition). */
export const AssistEventSchema = z.object({
  kind: z.literal('assist'),
  eventId: EventId,
  activityId: integer({ min: 1, max: INT8.max }),
  accountId: AccountId,
  assistedAccountId: AccountId,
  time: At,
});

export const CheckInEventSchema = z.object({
  kind: z.literal('station_check_in'),
  eventId: EventId,
  accountId: AccountId,
  resourceId: ResourceId,
  time: At,
});

export const RewardEventSchema = z.discriminatedUnion('kind', [
  ChargingOrderEventSchema,
  AssistEventSchema,
  CheckInEventSchema,
]);
export type RewardEvent = z.infer<typeof RewardEventSchema>;
export type ChargingOrderEvent = z.infer<typeof ChargingOrderEventSchema>;
export type AssistEvent = z.infer<typeof AssistEventSchema>;
export type CheckInEvent = z.infer<typeof CheckInEventSchema>;

export const RewardEventBatchSchema = z.object({
  events: z
    .array(RewardEventSchema)
    .min(1, { error: 'form.required' })
    .max(MAX_EVENTS_PER_REQUEST, { error: 'form.maxItems' }),
});

export const RewardEventReceiptSchema = z.object({
  /** Events kept for the engine. */
  accepted: z.number().int(),
  /** Ids of events sent before: kept once, rewarded once. */
  duplicates: z.array(z.string()),
});
export type RewardEventReceipt = z.infer<typeof RewardEventReceiptSchema>;

/** When an event happened: a charging order at its end. */
export const eventTime = (event: RewardEvent): number =>
  event.kind === 'charging_order_finished' ? event.endTime : event.time;
