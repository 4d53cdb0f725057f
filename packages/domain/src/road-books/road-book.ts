import { z } from 'zod';
import { ExportOptionsSchema } from '../platform/export.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import { dayRangeMs, DEFAULT_UTC_OFFSET, type DayInput } from '../shared/day-range.js';
import { EPOCH_MS, INT4, INT8, idParam, integer, integerParam, text, trimmedText } from '../shared/input.js';
import { lastRegionId } from '../shared/list-filters.js';
import { optionalText } from '../stations/contract-fields.js';
import { POWER_RESOURCE_SEARCH_COUNT } from '../stations/resource-types.js';
import { SwapCloneSchema } from '../stations/swap-station-info.js';
import {
  CS_CHARGER_TYPE_OPTIONS,
  PLANNING_RESOURCE_TYPES,
  PlanningResourceTypeSchema,
  type PlanningResourceType,
} from './planning-resource-types.js';
import { stripCloneSuffix, WaypointResourceSchema, WaypointSchema } from './road-book-save.js';
import {
  checkRanges,
  LocationSchema,
  MAX_PINNED_RESOURCES,
  MAX_WAYPOINTS,
  RouteInfoSchema,
  RoutePlanningFilterSchema,
  RoutePlanningResourceItemSchema,
  RouteResourceTypesSchema,
  RouteLocationsSchema,
  RouteStatusSchema,
} from './route-plan.js';
import { PlanTagSchema, RouteTacticSchema } from './route-tactics.js';
import { PowerFeatureSchema } from './power-features.js';

/**
 * Contracts of the road-book API (`/api/{tenant}/road-books/...`) and of the public mobile view
 * (`/api/public/road-books/{token}`). Every time is epoch milliseconds; distances are metres and durations
 * seconds except vehicle ranges and the search range (kilometres), as in `route-plan.ts`.
 */

/** `state`: 1 the road book has a saved route, 0 its route was deleted (re-plan and save to restore it). */
export const ROAD_BOOK_STATE = { routeDeleted: 0, active: 1 } as const;
export const RoadBookStateSchema = z.union([z.literal(0), z.literal(1)]);
/** `onlineState`: 1 a share link is live (the mobile view opens it), 0 none is. */
export const ROAD_BOOK_ONLINE_STATE = { offline: 0, online: 1 } as const;
export const RoadBookOnlineStateSchema = z.union([z.literal(0), z.literal(1)]);

const IdParam = idParam(INT8);
export const RoadBookIdParams = z.object({ roadBookId: IdParam });

/** What every road book has, in the list and in the detail. */
export const RoadBookListItemSchema = z.object({
  roadBookId: z.number().int(),
  name: z.string().nullable(),
  onlineState: RoadBookOnlineStateSchema,
  state: RoadBookStateSchema,
  /** Region labels (province/city/district) of the origin and destination; null outside China. */
  startRegion: z.string().nullable(),
  endRegion: z.string().nullable(),
  startRegionId: z.string().nullable(),
  endRegionId: z.string().nullable(),
  startAddress: z.string().nullable(),
  endAddress: z.string().nullable(),
  tactics: RouteTacticSchema,
  planningResourceTypes: z.array(PlanningResourceTypeSchema),
  /** Derived from `planningResourceTypes` with `toRouteResourceFilter`. */
  resourceTypes: z.string(),
  csChargerTypeOption: z.enum(CS_CHARGER_TYPE_OPTIONS).nullable(),
  /** Stations chosen as stops (`waypointResourceSeq`). */
  resourcePointNumber: z.number().int(),
  /** Metres of the saved route; null when there is none. */
  roadLength: z.number().nullable(),
  creator: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  tenantName: z.string(),
});
export type RoadBookListItem = z.infer<typeof RoadBookListItemSchema>;

export const RoadBookDetailSchema = RoadBookListItemSchema.extend({
  originPoint: LocationSchema,
  destinationPoint: LocationSchema,
  waypoints: z.array(WaypointSchema),
  waypointResourceSeq: z.array(WaypointResourceSchema),
  currentRange: z.number(),
  maxRange: z.number(),
  csSearchRange: z.number(),
  maxDetourFactor: z.number(),
  checkDestinationResource: z.boolean(),
  /** The planning options it was saved with, so it reopens with the same plans. */
  powerFeatures: z.array(PowerFeatureSchema),
  /** Kilometres; null: the portal's default share of `maxRange`. */
  arrivalReserve: z.number().nullable(),
});
export type RoadBookDetail = z.infer<typeof RoadBookDetailSchema>;

export const ROAD_BOOK_SORTABLE = ['roadBookId', 'createTime', 'updateTime', 'roadLength'] as const;

const Csv = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((part) => part !== '') : value),
    z.array(item),
  );

/** Most station ids one list filter names. */
export const MAX_LISTED_STOP_IDS = 20;

/**
 * Station ids, comma-separated in a query string (an array once read, as a job keeps it): blanks around
 * an id are dropped, and a swap clone's id (`{id}_clone`) names its station, as stored stops do.
 */
const StopIds = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : value,
  z
    .array(
      trimmedText(80)
        .min(1)
        .transform((id) => stripCloneSuffix(id).resourceId),
    )
    .max(MAX_LISTED_STOP_IDS, { error: 'form.maxNumber' }),
);

/**
 * The list filter of road books beyond types and time (spec: list filter waypointResourceSeq and
 * waypoints), shared by the road-book list, its export and the route list. On a list they are not a
 * route's stops and points but what to look for in them: `waypointResourceSeq` keeps road books that stop
 * at any of the given stations; `waypoints` keeps those with a waypoint whose name holds the text (any
 * case).
 */
const stopFilter = {
  waypointResourceSeq: StopIds.optional(),
  waypoints: trimmedText(64).optional(),
};

/**
 * The list query (GET query string). `planningResourceTypes` (comma-separated) keeps road books planned
 * with any of them; the region ids match the origin's (destination's) province, city or district.
 */
export const RoadBookListQuerySchema = PageQuery.extend({
  planningResourceTypes: Csv(PlanningResourceTypeSchema).optional(),
  createTimeStart: integerParam(EPOCH_MS).optional(),
  createTimeEnd: integerParam(EPOCH_MS).optional(),
  startRegionId: text(12).optional(),
  endRegionId: text(12).optional(),
  ...stopFilter,
});
export type RoadBookListQuery = z.input<typeof RoadBookListQuerySchema>;
export type RoadBookListFilter = z.infer<typeof RoadBookListQuerySchema>;
export const RoadBookPageSchema = pageOf(RoadBookListItemSchema);

/** The list's filter and order without its paging: what the export reads. */
export const RoadBookFilterSchema = RoadBookListQuerySchema.omit({ pageNo: true, pageSize: true });
export type RoadBookFilter = z.infer<typeof RoadBookFilterSchema>;
/** `GET /api/{tenant}/road-books/export`: the list's filter and order, the file's format and columns. */
export const RoadBookExportQuerySchema = RoadBookFilterSchema.extend(ExportOptionsSchema.shape);
export type RoadBookExportQuery = z.input<typeof RoadBookExportQuerySchema>;

/** The screen's filter fields (spec: createTimeRange, startRegionArr, endRegionArr). */
export interface RoadBookScreenFilter {
  planningResourceTypes?: readonly PlanningResourceType[];
  createTimeRange?: readonly [DayInput, DayInput];
  startRegionArr?: readonly string[];
  endRegionArr?: readonly string[];
  /** Station ids as typed: separated by commas, spaces or new lines. */
  waypointResourceSeq?: string;
  /** Text to find in a waypoint's name. */
  waypoints?: string;
}

/**
 * The screen filter as the list query: the most precise region chosen, whole days of the range, the
 * station ids typed, the waypoint text without its surrounding blanks.
 */
export function toRoadBookListQuery(
  screen: RoadBookScreenFilter,
  utcOffset: string = DEFAULT_UTC_OFFSET,
): Pick<
  RoadBookListQuery,
  | 'planningResourceTypes'
  | 'createTimeStart'
  | 'createTimeEnd'
  | 'startRegionId'
  | 'endRegionId'
  | 'waypointResourceSeq'
  | 'waypoints'
> {
  const query: ReturnType<typeof toRoadBookListQuery> = {};
  if (screen.planningResourceTypes?.length) query.planningResourceTypes = [...screen.planningResourceTypes];
  if (screen.createTimeRange) {
    [query.createTimeStart, query.createTimeEnd] = dayRangeMs(
      screen.createTimeRange[0],
      screen.createTimeRange[1],
      utcOffset,
    );
  }
  const start = lastRegionId(screen.startRegionArr);
  const end = lastRegionId(screen.endRegionArr);
  if (start) query.startRegionId = start;
  if (end) query.endRegionId = end;
  const stops = (screen.waypointResourceSeq ?? '').split(/[\s,，、;；]+/).filter((id) => id !== '');
  if (stops.length > 0) query.waypointResourceSeq = stops.join(',');
  const waypoints = screen.waypoints?.trim();
  if (waypoints) query.waypoints = waypoints;
  return query;
}

/**
 * A resource as the planning screen holds it (an item of a plan's `routePlanningResourceList`): the save
 * keeps those with `selected` true (unset counts as chosen) and strips `_clone` from their ids.
 */
export const ChosenResourceSchema = z.object({
  id: text(80).min(1),
  type: text(32),
  legIndex: integer({ min: 0, max: INT4.max }),
  selected: z.boolean().default(true),
  swapUseClone: z.boolean().optional(),
  remark: text()
    .nullish()
    .transform((value) => value ?? undefined),
  name: text()
    .nullish()
    .transform((value) => value ?? undefined),
  location: LocationSchema,
});
export type ChosenResource = z.input<typeof ChosenResourceSchema>;

/** A plan's whole list may come back; at most MAX_PINNED_RESOURCES of it may be chosen. */
const MAX_LISTED_RESOURCES = 1000;

/** The planning filter's fields without its refinement, so other schemas can pick and extend them. */
const planningFields = z.object(RoutePlanningFilterSchema.shape);

const ranges = planningFields.pick({
  tactics: true,
  maxDetourFactor: true,
  csSearchRange: true,
  currentRange: true,
  maxRange: true,
  checkDestinationResource: true,
  powerFeatures: true,
});

/**
 * Create (POST) and update (PUT, the whole road book). The stops come either as `resources` (the plan's
 * items; the chosen ones are kept) or as `waypointResourceSeq` (a road book's stored stops, e.g. a save that
 * changes only the name); `resources` wins when both are sent. The server re-plans the route through the
 * stops and saves it as the road book's route.
 */
export const RoadBookSaveSchema = ranges
  .extend({
    name: optionalText(64),
    originPoint: LocationSchema,
    destinationPoint: LocationSchema,
    startAddress: optionalText(255),
    endAddress: optionalText(255),
    // As the detail returns it, so a detail sent back saves: null (or absent) is the portal's default.
    arrivalReserve: planningFields.shape.arrivalReserve.unwrap().nullable().optional(),
    waypoints: z.array(WaypointSchema).max(MAX_WAYPOINTS, { error: 'form.maxNumber' }).default([]),
    resources: z.array(ChosenResourceSchema).max(MAX_LISTED_RESOURCES).optional(),
    waypointResourceSeq: z.array(WaypointResourceSchema).max(MAX_PINNED_RESOURCES).optional(),
    planningResourceTypes: z
      .array(PlanningResourceTypeSchema)
      .min(1, { error: 'form.required' })
      .default([...PLANNING_RESOURCE_TYPES]),
    /** The plan the stops were chosen from; shown with the saved route. */
    planTag: PlanTagSchema.default('recommended'),
  })
  .superRefine((save, ctx) => {
    checkRanges(save, ctx);
    const chosen = save.resources?.filter((r) => r.selected).length ?? 0;
    if (chosen > MAX_PINNED_RESOURCES) {
      ctx.addIssue({
        code: 'custom',
        path: ['resources'],
        message: 'form.maxNumber',
        params: { max: MAX_PINNED_RESOURCES },
      });
    }
  });
export type RoadBookSave = z.input<typeof RoadBookSaveSchema>;

/**
 * Planning requests (route options and preview): the spec's route planning filter; `planningResourceTypes`
 * (the screen's CS_DC/CS_AC/PS), when sent, replaces `resourceTypes` and `csChargerTypeOption`. A preview
 * may send the chosen `resources` instead of `waypointResourceSeq`.
 */
export const RoutePlanningRequestSchema = planningFields
  .extend({
    planningResourceTypes: z.array(PlanningResourceTypeSchema).min(1, { error: 'form.required' }).optional(),
    resources: z.array(ChosenResourceSchema).max(MAX_LISTED_RESOURCES).optional(),
  })
  .superRefine(checkRanges);
export type RoutePlanningRequest = z.input<typeof RoutePlanningRequestSchema>;

/** A plan as the API answers it: the engine's plan with each station's live basic info. */
export const RoutePlanResponseSchema = z.object({
  tag: PlanTagSchema,
  tags: z.array(PlanTagSchema).min(1),
  status: RouteStatusSchema,
  totalResourceCount: z.number().int(),
  candidateCount: z.number().int(),
  highwayResourceCount: z.number().int(),
  route: RouteInfoSchema,
  resources: z.array(RoutePlanningResourceItemSchema),
  routePlanningResourceList: z.object({
    total: z.number().int(),
    list: z.array(RoutePlanningResourceItemSchema),
  }),
});
export type RoutePlanResponse = z.infer<typeof RoutePlanResponseSchema>;

/** Route options: every distinct plan, tagged. Route preview: one plan, through exactly the chosen stops. */
export const RoutePlanListResponseSchema = z.object({
  status: RouteStatusSchema,
  locations: RouteLocationsSchema,
  plans: z.array(RoutePlanResponseSchema).min(1),
});
export type RoutePlanListResponse = z.infer<typeof RoutePlanListResponseSchema>;

/** A road book's saved route (spec "path route"): the route through its stops as planned when saved. */
export const RoadBookRouteSchema = z.object({
  roadBookId: z.number().int(),
  planTag: PlanTagSchema,
  status: RouteStatusSchema,
  distance: z.number(),
  duration: z.number(),
  chargingDuration: z.number(),
  candidateCount: z.number().int(),
  route: RouteInfoSchema,
  /** The stops, in driving order, with the basic info they had when planned. */
  resources: z.array(RoutePlanningResourceItemSchema),
  /** The planning filter the route was made with, as a JSON string (spec "route path"). */
  filter: z.string(),
  plannedAt: z.number().int(),
});
export type RoadBookRoute = z.infer<typeof RoadBookRouteSchema>;

/** Route list item: the saved route without its step polylines, plus the road book's addresses. */
export const RoadBookRouteSummarySchema = RoadBookRouteSchema.omit({ route: true }).extend({
  name: z.string().nullable(),
  startAddress: z.string().nullable(),
  endAddress: z.string().nullable(),
  notArrivalDistance: z.number(),
  notArrivalCount: z.number().int(),
});
export type RoadBookRouteSummary = z.infer<typeof RoadBookRouteSummarySchema>;

/** What the route list sorts by: the newest plan first unless asked. */
export const ROAD_BOOK_ROUTE_SORTABLE = ['plannedAt'] as const;

/** GET .../road-books/routes: saved routes of the tenant's road books, newest first, or of one. */
export const RoadBookRouteListQuerySchema = PageQuery.extend({
  roadBookId: IdParam.optional(),
  planningResourceTypes: Csv(PlanningResourceTypeSchema).optional(),
  ...stopFilter,
});
export type RoadBookRouteListQuery = z.input<typeof RoadBookRouteListQuerySchema>;
export const RoadBookRoutePageSchema = pageOf(RoadBookRouteSummarySchema);

export { ROAD_BOOK_SHARE_PATH, roadBookShareUrl } from './share-path';

/** A share link: `url` is relative to the portal's origin. */
export const RoadBookShareSchema = z.object({
  token: z.string(),
  url: z.string(),
  createTime: z.number().int(),
});
export type RoadBookShare = z.infer<typeof RoadBookShareSchema>;

/** Power search (spec: keywords, type_code, count 50): stations whose name or address holds the keywords. */
export const PowerSearchQuerySchema = z.object({
  keywords: trimmedText(64).min(1, { error: 'form.required' }),
  type_code: z.enum(['ChargeStation', 'PowerSwap']).optional(),
  count: z.coerce.number().int().min(1).max(POWER_RESOURCE_SEARCH_COUNT).default(POWER_RESOURCE_SEARCH_COUNT),
});
export type PowerSearchQuery = z.input<typeof PowerSearchQuerySchema>;

/** The spec's "resource search hit". */
export const ResourceSearchHitSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  /** Province/city/district of the station, names joined by '/' (an addition to the spec's hit). */
  region: z.string().nullable(),
  type: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  operatorId: z.string().nullable(),
  chargerTotalNumber: z.number().int(),
  chargerTotalNumberDc: z.number().int(),
  chargerTotalNumberAc: z.number().int(),
  chargerBusyNumber: z.number().int(),
  chargerFreeNumberAc: z.number().int(),
  chargerMinOutputPower: z.number().nullable(),
  controlledByNio: z.boolean(),
  isScannable: z.boolean(),
});
export type ResourceSearchHit = z.infer<typeof ResourceSearchHitSchema>;

export const PowerSearchResponseSchema = z.object({
  result_code: z.literal('success'),
  data: z.object({ values: z.array(ResourceSearchHitSchema) }),
});
export type PowerSearchResponse = z.infer<typeof PowerSearchResponseSchema>;

/** Metres around the point the road-book screens look for stations by default, and at most. */
export const DEFAULT_POWER_AROUND_DISTANCE = 5_000;
export const MAX_POWER_AROUND_DISTANCE = 50_000;

/**
 * The spec's power resource filter. `userId` and `attributes` are accepted and have no effect: the portal
 * always answers the simple app view.
 */
export const PowerAroundQuerySchema = z.object({
  longitude: z.coerce.number().min(-180).max(180),
  latitude: z.coerce.number().min(-90).max(90),
  distance: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_POWER_AROUND_DISTANCE)
    .default(DEFAULT_POWER_AROUND_DISTANCE),
  resourceTypes: RouteResourceTypesSchema.default('CS|PS'),
  csChargerTypeOption: z.enum(CS_CHARGER_TYPE_OPTIONS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  userId: text(64).optional(),
  attributes: text(256).optional(),
});
export type PowerAroundQuery = z.input<typeof PowerAroundQuerySchema>;

/** The spec's "power resource list item", plus its distance from the point (metres). */
export const PowerResourceItemSchema = z.object({
  id: z.string(),
  location: LocationSchema,
  address: z.string().nullable(),
  name: z.string(),
  showName: z.string(),
  type: z.enum(['ChargeStation', 'PowerSwap']),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  swapHasClone: z.boolean(),
  swapClone: SwapCloneSchema.nullable(),
  description: z.string().nullable(),
  chargerMinOutputPower: z.number().nullable(),
  distance: z.number(),
});
export type PowerResourceItem = z.infer<typeof PowerResourceItemSchema>;
export const PowerAroundResponseSchema = z.object({ items: z.array(PowerResourceItemSchema) });

/** What the mobile view shows of a road book: no staff names, no tenant internals. */
export const PublicRoadBookInfoSchema = RoadBookDetailSchema.omit({
  creator: true,
  tenantName: true,
  onlineState: true,
  state: true,
});
export type PublicRoadBookInfo = z.infer<typeof PublicRoadBookInfoSchema>;

export const PublicRoadBookDataSchema = z.object({
  road_book_info: PublicRoadBookInfoSchema,
  route_info: RoadBookRouteSchema,
});
export type PublicRoadBookData = z.infer<typeof PublicRoadBookDataSchema>;

/** GET /api/public/road-books/{token}: the spec's mobile fetch. */
export const PublicRoadBookResponseSchema = z.object({
  result_code: z.literal('success'),
  data: PublicRoadBookDataSchema,
});
export type PublicRoadBookResponse = z.infer<typeof PublicRoadBookResponseSchema>;

/** An unknown, revoked or route-less share answers 404 with this body (spec §8: 'not data'). */
export const NOT_DATA_MESSAGE = 'not data';
export const PublicRoadBookErrorSchema = z.object({
  result_code: z.literal('error'),
  message: z.literal(NOT_DATA_MESSAGE),
});
export type PublicRoadBookError = z.infer<typeof PublicRoadBookErrorSchema>;
