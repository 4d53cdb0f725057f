import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';
import { pageOf } from '../platform/paging.js';
import { integerParam, text, trimmedText } from '../shared/input.js';
import { Tenant } from '../platform/tenants.js';
import { BizSceneSchema } from './biz-scenes.js';
import { EpochMs } from './contract-fields.js';
import { OperationListFilterSchema } from './operation-list-filter.js';

export const OPERATION_LIST_RESOURCE_TYPES = ['ChargeStation', 'PowerSwap'] as const;
export const OperationListResourceTypeSchema = z.enum(OPERATION_LIST_RESOURCE_TYPES);
export type OperationListResourceType = z.infer<typeof OperationListResourceTypeSchema>;

/** Columns the operations list sorts on (`sort=basicInfoUpdateTime:desc`, the default). */
export const OPERATION_LIST_SORTABLE = [
  'basicInfoUpdateTime',
  'resourceId',
  'resourceName',
  'commentaryNumber',
  'focusedCommentaryNumber',
  'worksheetNumber',
  'openWorksheetNumber',
] as const;

/**
 * Stations by what their OCPP chargers do now: `registered` has any charger registered with the central system,
 * `online` at least one of them connected, `offline` registered chargers and none connected. The home
 * dashboard's station and charger figures lead here.
 */
export const CHARGER_PRESENCES = ['registered', 'online', 'offline'] as const;
export const ChargerPresenceSchema = z.enum(CHARGER_PRESENCES);
export type ChargerPresence = z.infer<typeof ChargerPresenceSchema>;
export const CHARGER_PRESENCE_LABELS = {
  registered: 'chargerPresence.registered',
  online: 'chargerPresence.online',
  offline: 'chargerPresence.offline',
} as const satisfies Record<ChargerPresence, MessageKey>;

/** `a,b,c` as a list; blanks between commas are ignored, an empty list is refused. */
const CommaList = text(1024)
  .transform((list) =>
    list
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .pipe(z.array(z.string()).min(1, { error: 'form.required' }));

/**
 * The list filter as the server reads it: the comma lists split and checked, the region a GB/T 2260 code.
 * The activity filters read the activities of `activityTenant`, which the routes set to the area's tenant
 * whatever a request says.
 */
export const OperationListQuerySchema = OperationListFilterSchema.extend({
  resourceType: CommaList.pipe(z.array(OperationListResourceTypeSchema)).optional(),
  bizScenes: CommaList.pipe(z.array(integerParam<string>())).optional(),
  regionId: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  activityIdExclude: trimmedText(64).min(1, { error: 'form.required' }).optional(),
  activityTenant: Tenant.optional(),
  chargerPresence: ChargerPresenceSchema.optional(),
});
export type OperationListQuery = z.infer<typeof OperationListQuerySchema>;

export const OperationListItemSchema = z.object({
  resourceId: z.string(),
  resourceType: OperationListResourceTypeSchema,
  resourceName: z.string(),
  description: z.string().nullable(),
  remark: z.string().nullable(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  equipmentOwnerId: z.string().nullable(),
  equipmentOwner: z.string().nullable(),
  recommendationCode: z.string().nullable(),
  regionId: z.string().nullable(),
  /** Province, city and district names joined by '/'. */
  region: z.string().nullable(),
  address: z.string().nullable(),
  active: z.boolean(),
  commentaryNumber: z.number().int(),
  focusedCommentaryNumber: z.number().int(),
  worksheetNumber: z.number().int(),
  openWorksheetNumber: z.number().int(),
  basicInfoUpdateTime: EpochMs,
  bizScenes: z.array(BizSceneSchema),
});
export type OperationListItem = z.infer<typeof OperationListItemSchema>;

export const OperationListPageSchema = pageOf(OperationListItemSchema);
export type OperationListPage = z.infer<typeof OperationListPageSchema>;
