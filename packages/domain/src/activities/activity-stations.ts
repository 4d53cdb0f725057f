import { z } from 'zod';
import { pageOf } from '../platform/paging.js';
import { idParam, INT8, integer, text, trimmedText } from '../shared/input.js';
import { EpochMs } from '../stations/contract-fields.js';
import { BooleanParam } from '../stations/operation-list-filter.js';
import {
  OperationListQuerySchema,
  OperationListResourceTypeSchema,
} from '../stations/operation-list-item.js';

/** The most stations one add-by-ids request names; more come by operator or by spreadsheet. */
export const MAX_STATIONS_PER_ADD = 1000;

/**
 * The activity station list's filter (spec M3.1.13): the operations list's station filter, where `active`
 * is whether the station is active in the activity `activityId` (not the station's own switch), with
 * `hasActivity` and `activityIdExclude`. Without `activityId` the rows are stations, with no relation.
 */
export const ActivityStationQuerySchema = OperationListQuerySchema.omit({
  active: true,
  activityActive: true,
  activityTenant: true,
}).extend({ active: BooleanParam.optional() });
export type ActivityStationQuery = z.infer<typeof ActivityStationQuerySchema>;
export type ActivityStationRequest = z.input<typeof ActivityStationQuerySchema>;

/** An award bound to a station in an activity: coupons of a batch per charged degree, with their amounts. */
export const ResourceAwardSchema = z.object({
  degree: z.number(),
  couponBatchId: z.number().int(),
  couponBatchName: z.string().nullable(),
  issueAmount: z.number().int(),
  remainAmount: z.number().int(),
  totalAmount: z.number().int(),
});

/** A station in the activity station list (spec M3.1.12 with the list item's counts). */
export const ActivityStationItemSchema = z.object({
  relationId: z.number().int().nullable(),
  activityId: z.number().int().nullable(),
  resourceId: z.string(),
  resourceType: OperationListResourceTypeSchema,
  resourceName: z.string(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  equipmentOwner: z.string().nullable(),
  region: z.string().nullable(),
  address: z.string().nullable(),
  /** Whether the station is active in the activity; null outside one. */
  active: z.boolean().nullable(),
  /** A charger red packet's red packets left at the station; null for other types and stations outside. */
  surplusNum: z.number().int().nullable(),
  resourceAwards: z.array(ResourceAwardSchema),
  recommendationCode: z.string().nullable(),
  commentaryNumber: z.number().int(),
  focusedCommentaryNumber: z.number().int(),
  worksheetNumber: z.number().int(),
  openWorksheetNumber: z.number().int(),
  basicInfoUpdateTime: EpochMs,
});
export type ActivityStationItem = z.infer<typeof ActivityStationItemSchema>;
export const ActivityStationPageSchema = pageOf(ActivityStationItemSchema);
export type ActivityStationPage = z.infer<typeof ActivityStationPageSchema>;

/** resource/add: stations by id. */
export const ActivityStationsAddSchema = z.object({
  resourceIds: z
    .array(trimmedText(64).min(1, { error: 'form.required' }))
    .min(1, { error: 'form.required' })
    .max(MAX_STATIONS_PER_ADD, { error: 'form.maxItems' }),
});
export type ActivityStationsAdd = z.infer<typeof ActivityStationsAddSchema>;

/** What an add did with each station named. */
export const ActivityStationsAddedSchema = z.object({
  added: z.array(z.string()),
  /** Already taking part: left as they were. */
  alreadyIn: z.array(z.string()),
  /** No such station. */
  unknown: z.array(z.string()),
  /** Of an operator the activity is not limited to. */
  outOfScope: z.array(z.string()),
  /** Added, but inactive: a charger red packet keeps at most `max_active_resource_number` stations active. */
  inactive: z.array(z.string()),
});
export type ActivityStationsAdded = z.infer<typeof ActivityStationsAddedSchema>;

/** resource/add/operator: every station of an operator. */
export const ActivityStationsByOperatorSchema = z.object({
  operatorId: trimmedText(64).min(1, { error: 'form.required' }),
});
export const ActivityStationsByOperatorAddedSchema = z.object({
  added: z.number().int(),
  /** Of them, how many were left inactive for the red packet's maximum of active stations. */
  inactive: z.number().int(),
});

export const ActivityStationParamsSchema = z.object({
  activityId: idParam(INT8),
  resourceId: text(64).min(1),
});

/** The most awards one station carries in an activity: a step per degree. */
export const MAX_STATION_AWARDS = 10;

/**
 * resource/bind_awards: the station's awards in the activity, replacing those it had: per charged degree
 * (kWh), `totalAmount` coupons of a batch of the tenant. A degree appears once; an award already given keeps
 * at least what it gave.
 */
export const BindAwardsSchema = z.object({
  resourceAwards: z
    .array(
      z.object({
        degree: z.number().positive({ error: 'form.minNumber' }).max(100_000, { error: 'form.maxNumber' }),
        couponBatchId: integer({ min: 1, max: INT8.max }),
        totalAmount: integer({ min: 1, max: 1_000_000 }),
      }),
    )
    .max(MAX_STATION_AWARDS, { error: 'form.maxItems' })
    .refine((awards) => new Set(awards.map((award) => award.degree)).size === awards.length, {
      error: 'activityStations.degreeTwice',
    }),
});
export type BindAwards = z.infer<typeof BindAwardsSchema>;
