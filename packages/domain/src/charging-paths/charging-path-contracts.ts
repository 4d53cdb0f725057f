import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';
import { ExportOptionsSchema } from '../platform/export.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import { EPOCH_MS, INT8, idParam, integer, integerParam, text, trimmedText } from '../shared/input.js';
import {
  LocationSchema,
  MAX_VEHICLE_RANGE,
  MAX_WAYPOINTS,
  RouteInfoSchema,
  RoutePlanningFilterSchema,
  RouteResourcePlacementSchema,
  RouteStatusSchema,
} from '../road-books/route-plan.js';
import { WaypointSchema } from '../road-books/road-book-save.js';
import { PlanTagSchema } from '../road-books/route-tactics.js';

/** A named place of a path: the origin or the destination as the user chose it. */
export const PathPoiSchema = LocationSchema.extend({
  name: trimmedText(128).min(1, { error: 'form.required' }),
});
export type PathPoi = z.infer<typeof PathPoiSchema>;

export const ChargingPathLocationsSchema = z.object({
  orig: PathPoiSchema,
  dest: PathPoiSchema,
  waypoints: z.array(WaypointSchema),
});
export type ChargingPathLocations = z.infer<typeof ChargingPathLocationsSchema>;

/** The plan the user took: its road, its charging stops, and whether the range reaches. */
export const ChargingPathRoutesSchema = z.object({
  tag: PlanTagSchema,
  status: RouteStatusSchema,
  route: RouteInfoSchema,
  resources: z.array(RouteResourcePlacementSchema),
});
export type ChargingPathRoutes = z.infer<typeof ChargingPathRoutesSchema>;

/**
 * A path's status (the spec does not show the values, docs/decisions.md "Charging paths"): `planned` when
 * the chosen plan reaches the destination, `not_reachable` when the range falls short somewhere on it,
 * `no_route` when the routing provider found no road between the points (nothing was planned).
 */
export const CHARGING_PATH_STATUSES = ['planned', 'not_reachable', 'no_route'] as const;
export const ChargingPathStatusSchema = z.enum(CHARGING_PATH_STATUSES);
export type ChargingPathStatus = z.infer<typeof ChargingPathStatusSchema>;
export const CHARGING_PATH_STATUS_LABELS = {
  planned: 'chargingPathStatus.planned',
  not_reachable: 'chargingPathStatus.notReachable',
  no_route: 'chargingPathStatus.noRoute',
} as const satisfies Record<ChargingPathStatus, MessageKey>;

/** The stars a user gives a planned path. */
export const PATH_RATING_MIN = 1;
export const PATH_RATING_MAX = 5;
export const PATH_RATING_TEXT_MAX_LENGTH = 500;
const Rating = integer({ min: PATH_RATING_MIN, max: PATH_RATING_MAX });

// ---------------------------------------------------------------------------------------------------
// The app back end's calls (signed, docs/decisions.md "Charging paths").

/** Kilometres of range, as the vehicle reports them. */
const RangeKm = integer({ min: 0, max: MAX_VEHICLE_RANGE });
const planning = RoutePlanningFilterSchema.shape;

/**
 * `POST /api/app/charging-paths`: a route the user plans in the app, for one of the tenant's accounts. The
 * planning options are the road-book planner's own; the ranges are the vehicle's (rated = a full battery).
 */
export const ChargingPathPlanSchema = z
  .object({
    accountId: trimmedText(64).min(1, { error: 'form.required' }),
    vehicleId: trimmedText(64).min(1).optional(),
    vehicleModel: trimmedText(128).min(1).optional(),
    ratedRange: RangeKm.min(1, { error: 'form.minNumber' }),
    currentRange: RangeKm,
    origin: PathPoiSchema,
    destination: PathPoiSchema,
    waypoints: z.array(WaypointSchema).max(MAX_WAYPOINTS, { error: 'form.maxNumber' }).default([]),
    /** The plan the user chose; the recommended one unless they picked another. */
    tag: PlanTagSchema.default('recommended'),
    tactics: planning.tactics,
    maxDetourFactor: planning.maxDetourFactor,
    csSearchRange: planning.csSearchRange,
    resourceTypes: planning.resourceTypes,
    csChargerTypeOption: planning.csChargerTypeOption,
    checkDestinationResource: planning.checkDestinationResource,
    brandResources: planning.brandResources,
    powerFeatures: planning.powerFeatures,
  })
  .superRefine((plan, ctx) => {
    if (plan.currentRange > plan.ratedRange) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentRange'],
        message: 'form.maxNumber',
        params: { max: plan.ratedRange },
      });
    }
  });
export type ChargingPathPlan = z.infer<typeof ChargingPathPlanSchema>;
export type ChargingPathPlanRequest = z.input<typeof ChargingPathPlanSchema>;

/** `POST /api/app/charging-paths/{pathId}/rating`: the user's stars and words; a later rating replaces it. */
export const ChargingPathRatingSchema = z.object({
  rating: Rating,
  text: trimmedText(PATH_RATING_TEXT_MAX_LENGTH).optional(),
});
export type ChargingPathRating = z.infer<typeof ChargingPathRatingSchema>;

export const ChargingPathIdParams = z.object({ pathId: idParam(INT8) });

/** The user's rating of a path, once they gave one. */
export const PathCommentarySchema = z.object({
  rating: z.number().int(),
  text: z.string().nullable(),
  time: z.number().int(),
});
export type PathCommentary = z.infer<typeof PathCommentarySchema>;

/** A path as it was recorded: what the app back end is answered, and the core of what staff read. */
export const ChargingPathSchema = z.object({
  pathId: z.number().int(),
  searchTime: z.number().int(),
  accountId: z.string(),
  vehicleId: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  /** Kilometres. */
  ratedRange: z.number().int(),
  currentRange: z.number().int(),
  tag: PlanTagSchema,
  /** Metres and seconds of the chosen plan; 0 without a route. */
  distance: z.number().int(),
  duration: z.number().int(),
  status: ChargingPathStatusSchema,
  locations: ChargingPathLocationsSchema,
  /** The chosen plan; null when no road was found. */
  routes: ChargingPathRoutesSchema.nullable(),
  commentary: PathCommentarySchema.nullable(),
});
export type ChargingPath = z.infer<typeof ChargingPathSchema>;

// ---------------------------------------------------------------------------------------------------
// Staff calls under /api/{tenant}.

/** Whose path it is, from the tenant's accounts; the mobile masked for viewers. */
export const PathUserSchema = z.object({
  accountId: z.string(),
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The account service deleted the account since. */
  deleted: z.boolean(),
  /** False when the account is not (or no longer) in the tenant's accounts. */
  known: z.boolean(),
});
export type PathUser = z.infer<typeof PathUserSchema>;

/** The spec's charging path list item (C3.10.7). */
export const ChargingPathListItemSchema = z.object({
  pathId: z.number().int(),
  searchTime: z.number().int(),
  userAccountId: z.string(),
  nickname: z.string().nullable(),
  commentaryRating: z.number().int().nullable(),
  name: z.string().nullable(),
  /** Whole for operators, masked (138****0000) for viewers. */
  mobile: z.string().nullable(),
  vehicleId: z.string().nullable(),
  tag: PlanTagSchema,
  /** Metres. */
  distance: z.number().int(),
  /** Seconds; not in the spec's item, shown beside the distance. */
  duration: z.number().int(),
  status: ChargingPathStatusSchema,
  orig_poi: PathPoiSchema,
  dest_poi: PathPoiSchema,
  tenantName: z.string(),
  vehicleModel: z.string().nullable(),
  ratedRange: z.number().int(),
  currentRange: z.number().int(),
});
export type ChargingPathListItem = z.infer<typeof ChargingPathListItemSchema>;

export const CHARGING_PATH_SORTABLE = ['searchTime'] as const;
export const DEFAULT_CHARGING_PATH_SORT = 'searchTime:desc';
const Time = integerParam(EPOCH_MS);
const RatingList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z
    .array(integerParam({ min: PATH_RATING_MIN, max: PATH_RATING_MAX }))
    .max(PATH_RATING_MAX, { error: 'form.maxItems' }),
);

/**
 * The path list's filter (C3.10.8): the search time range in ms, the user's name (its start) or
 * mobile (whole), origin and destination (the start of their names), the tenant (the area's own, else the
 * list is empty), ratings comma-joined. `accountId` is the account page's list.
 */
export const ChargingPathFilterSchema = z.object({
  sort: text(100).optional(),
  startTime: Time.optional(),
  endTime: Time.optional(),
  name: trimmedText(64).min(1).optional(),
  mobile: trimmedText(20).min(1).optional(),
  originPoint: trimmedText(128).min(1).optional(),
  destinationPoint: trimmedText(128).min(1).optional(),
  tenantId: trimmedText(16).min(1).optional(),
  commentaryRating: RatingList.optional(),
  accountId: trimmedText(64).min(1).optional(),
});
export type ChargingPathFilter = z.infer<typeof ChargingPathFilterSchema>;
export type ChargingPathFilterInput = z.input<typeof ChargingPathFilterSchema>;

export const ChargingPathListQuerySchema = PageQuery.extend(ChargingPathFilterSchema.shape);
export type ChargingPathListQuery = z.infer<typeof ChargingPathListQuerySchema>;
export type ChargingPathListRequest = z.input<typeof ChargingPathListQuerySchema>;
export const ChargingPathPageSchema = pageOf(ChargingPathListItemSchema);
export type ChargingPathPage = z.infer<typeof ChargingPathPageSchema>;

/** `GET /api/{tenant}/charging-paths/export`: the list's filter and order, the file's format and columns. */
export const ChargingPathExportQuerySchema = ChargingPathFilterSchema.extend(ExportOptionsSchema.shape);

/** The chosen plan without its road: what the detail shows beside the map. */
export const PathRouteSummarySchema = z.object({
  tag: PlanTagSchema,
  status: RouteStatusSchema,
  distance: z.number(),
  duration: z.number(),
  chargingDuration: z.number(),
  notArrivalDistance: z.number(),
  notArrivalCount: z.number().int(),
  estimated: z.boolean(),
  /** The charging stops in driving order. */
  stops: z.array(RouteResourcePlacementSchema),
});
export type PathRouteSummary = z.infer<typeof PathRouteSummarySchema>;

/** The spec's path info (C3.10.8): user, locations, routes, commentary; the road itself is `.../route`. */
export const ChargingPathInfoSchema = ChargingPathSchema.omit({ routes: true, accountId: true }).extend({
  tenantName: z.string(),
  user: PathUserSchema,
  routes: PathRouteSummarySchema.nullable(),
});
export type ChargingPathInfo = z.infer<typeof ChargingPathInfoSchema>;

/** `GET /api/{tenant}/charging-paths/{pathId}/route`: the road (polyline steps) and the stops. */
export const ChargingPathRouteSchema = z.object({
  pathId: z.number().int(),
  status: ChargingPathStatusSchema,
  locations: ChargingPathLocationsSchema,
  routes: ChargingPathRoutesSchema.nullable(),
});
export type ChargingPathRoute = z.infer<typeof ChargingPathRouteSchema>;
