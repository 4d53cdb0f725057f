import { z } from 'zod';
import { TimesharingPriceSchema } from '../stations/resource-basic-info.js';
import { LatitudeSchema, LongitudeSchema } from '../stations/contract-fields.js';
import { text } from '../shared/input.js';
import { SwapCloneSchema } from '../stations/swap-station-info.js';
import { CS_CHARGER_TYPE_OPTIONS } from './planning-resource-types.js';
import { POWER_FEATURES, PowerFeatureSchema } from './power-features.js';
import {
  INITIAL_CURRENT_RANGE,
  INITIAL_MAX_RANGE,
  WaypointResourceSchema,
  WaypointSchema,
} from './road-book-save.js';
import { PlanTagSchema, RouteTacticSchema } from './route-tactics.js';

/**
 * Contracts of route planning: the spec's "route planning filter" (the request), and the plan list with
 * its route info and "route planning resource items" (the answer).
 *
 * Units: vehicle ranges, `csSearchRange` and `notArrivalDistance` are kilometres, as the planning form
 * shows them; every other distance is metres and every duration seconds (as routing engines give them).
 */

/** Kilometres either side of the route in which stations are looked for. */
export const DEFAULT_CS_SEARCH_RANGE = 5;
export const MAX_CS_SEARCH_RANGE = 50;
/** How much longer a leg may become by leaving the route for a stop (see docs/route-planning.md). */
export const DEFAULT_MAX_DETOUR_FACTOR = 1.2;
export const MAX_DETOUR_FACTOR = 3;
export const MAX_VEHICLE_RANGE = 2000;
export const MAX_WAYPOINTS = 16;
export const MAX_PINNED_RESOURCES = 50;

/** Route resource types joined with a pipe, as `toRouteResourceFilter` makes them. */
export const RouteResourceTypesSchema = z.enum(['CS', 'PS', 'CS|PS']);
export const DEFAULT_ROUTE_RESOURCE_TYPES = 'CS|PS';

export const LocationSchema = z.object({ longitude: LongitudeSchema, latitude: LatitudeSchema });
export type Location = z.infer<typeof LocationSchema>;

const rangeKm = z
  .number()
  .min(0, { error: 'form.minNumber' })
  .max(MAX_VEHICLE_RANGE, { error: 'form.maxNumber' });

/** Most brands one plan may be limited to. */
export const MAX_BRAND_RESOURCES = 50;

/**
 * The spec's "brand route resource": a plan limited to brands uses only stations of these operators, each
 * for its resource type (e.g. one operator's swap stations and another's charge stations).
 */
export const BrandRouteResourceSchema = z.object({
  operatorId: text(64).min(1),
  resourceType: z.enum(['ChargeStation', 'PowerSwap']),
});
export type BrandRouteResource = z.infer<typeof BrandRouteResourceSchema>;

/** Neither the current range nor the arrival reserve may exceed the maximum range (planning and saving). */
export function checkRanges(
  ranges: { currentRange: number; maxRange: number; arrivalReserve?: number | null | undefined },
  ctx: z.RefinementCtx,
): void {
  for (const field of ['arrivalReserve', 'currentRange'] as const) {
    const value = ranges[field];
    if (value != null && value > ranges.maxRange) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: 'form.maxNumber',
        params: { max: ranges.maxRange },
      });
    }
  }
}

export const RoutePlanningFilterSchema = z
  .object({
    originPoint: LocationSchema,
    destinationPoint: LocationSchema,
    tactics: RouteTacticSchema.default(0),
    maxDetourFactor: z
      .number()
      .min(1, { error: 'form.minNumber' })
      .max(MAX_DETOUR_FACTOR, { error: 'form.maxNumber' })
      .default(DEFAULT_MAX_DETOUR_FACTOR),
    csSearchRange: z
      .number()
      .min(0.1, { error: 'form.minNumber' })
      .max(MAX_CS_SEARCH_RANGE, { error: 'form.maxNumber' })
      .default(DEFAULT_CS_SEARCH_RANGE),
    currentRange: rangeKm.default(INITIAL_CURRENT_RANGE),
    maxRange: rangeKm.min(1, { error: 'form.minNumber' }).default(INITIAL_MAX_RANGE),
    /**
     * Kilometres of range to keep on arriving at every stop and at the destination. Absent: the portal's
     * default share of `maxRange` (ROUTE_ARRIVAL_RESERVE_PERCENT, 10 %).
     */
    arrivalReserve: rangeKm.optional(),
    csChargerTypeOption: z.enum(CS_CHARGER_TYPE_OPTIONS).optional(),
    resourceTypes: RouteResourceTypesSchema.default(DEFAULT_ROUTE_RESOURCE_TYPES),
    /** Arrive with enough range left to reach the nearest matching station around the destination. */
    checkDestinationResource: z.boolean().default(false),
    /** Stations the user pinned; they stay in every plan, in this order. */
    waypointResourceSeq: z
      .array(WaypointResourceSchema)
      .max(MAX_PINNED_RESOURCES, { error: 'form.maxNumber' })
      .default([]),
    waypoints: z.array(WaypointSchema).max(MAX_WAYPOINTS, { error: 'form.maxNumber' }).default([]),
    /** Empty or absent: stations of every operator. */
    brandResources: z
      .array(BrandRouteResourceSchema)
      .max(MAX_BRAND_RESOURCES, { error: 'form.maxNumber' })
      .optional(),
    /**
     * Power features (`power-features.ts`): every feature sent must hold for a station, except that the
     * product features keep a station serving any of their products. Empty or absent: no restriction.
     */
    powerFeatures: z
      .array(PowerFeatureSchema)
      .max(POWER_FEATURES.length, { error: 'form.maxNumber' })
      .optional(),
  })
  .superRefine(checkRanges);
export type RoutePlanningFilter = z.infer<typeof RoutePlanningFilterSchema>;
export type RoutePlanningFilterInput = z.input<typeof RoutePlanningFilterSchema>;

/**
 * Route and step status (the spec does not show the values): 0 the car gets there on the planned stops,
 * 1 somewhere the range does not reach the next stop (see notArrivalDistance).
 */
export const ROUTE_STATUS = { reachable: 0, notReachable: 1 } as const;
export const RouteStatusSchema = z.union([z.literal(0), z.literal(1)]);
export type RouteStatus = z.infer<typeof RouteStatusSchema>;

export const RouteStepSchema = z.object({
  /** Google encoded polyline, precision 5 (latitude first, as the format defines). */
  polyline: z.string(),
  distance: z.number(),
  duration: z.number(),
  status: RouteStatusSchema,
});
export type RouteStep = z.infer<typeof RouteStepSchema>;

export const RouteInfoSchema = z.object({
  /** Metres driven, including the way to and from each stop. */
  distance: z.number(),
  /** Seconds: driving plus every stop. */
  duration: z.number(),
  status: RouteStatusSchema,
  /** Kilometres the range does not cover, summed over every place it falls short. */
  notArrivalDistance: z.number(),
  /** How many times the range falls short of the next stop, waypoint or the destination. */
  notArrivalCount: z.number().int(),
  /** Seconds spent charging or swapping. */
  chargingDuration: z.number(),
  /** One step from each stop, waypoint or the origin to the next. */
  steps: z.array(RouteStepSchema),
  /** True when the geometry is the built-in estimate rather than a road network's route. */
  estimated: z.boolean(),
});
export type RouteInfo = z.infer<typeof RouteInfoSchema>;

/**
 * What the planning engine knows of a station along the route. "Resources" are the stations of the
 * requested types within the search range; "candidates" are those kept for stop selection (within the
 * detour limit, after thinning); "selected" ones are the stops of the plan.
 */
export const RouteResourcePlacementSchema = z.object({
  /** `{resourceId}_clone` for a swap station's second entrance. */
  id: z.string(),
  type: z.enum(['ChargeStation', 'PowerSwap']),
  swapUseClone: z.boolean(),
  swapHasClone: z.boolean(),
  swapClone: SwapCloneSchema.nullable(),
  legIndex: z.number().int().min(0),
  selected: z.boolean(),
  remark: z.string().nullable(),
  /** The user pinned it (it came in `waypointResourceSeq`). */
  roadBookInclude: z.boolean(),
  isOnHighway: z.boolean(),
  isCandidate: z.boolean(),
  /** Metres from the route to the station, straight. */
  perpendicularDistance: z.number(),
  /** Metres along the route from the origin to where the station is closest. */
  progress: z.number(),
  /** Metres along the route to the neighbouring resource / candidate; null at either end. */
  distanceToPreviousResource: z.number().nullable(),
  distanceToNextResource: z.number().nullable(),
  distanceToPreviousCandidate: z.number().nullable(),
  distanceToNextCandidate: z.number().nullable(),
  name: z.string(),
  showName: z.string(),
  location: LocationSchema,
  operatorId: z.string().nullable(),
  /** Seconds: the planned stop for a selected station, otherwise a charge from 10 % to 80 % (or a swap). */
  estimateChargeDuration: z.number(),
  /** Kilometres of range on arrival, for the stops of the plan. */
  arrivalRange: z.number().nullable(),
  /** Kilometres of range on leaving, for the stops of the plan. */
  departureRange: z.number().nullable(),
});
export type RouteResourcePlacement = z.infer<typeof RouteResourcePlacementSchema>;

/** The spec's "route planning resource item": the placement plus the station's live basic info. */
export const RoutePlanningResourceItemSchema = RouteResourcePlacementSchema.extend({
  address: z.string().nullable(),
  chargerTotalNumber: z.number().int(),
  chargerBusyNumber: z.number().int(),
  freeNumber: z.number().int(),
  chargerTotalNumberDc: z.number().int(),
  chargerFreeNumberDc: z.number().int(),
  chargerTotalNumberAc: z.number().int(),
  chargerFreeNumberAc: z.number().int(),
  chargerMinOutputPower: z.number().nullable(),
  isScannable: z.boolean(),
  isOpening: z.boolean(),
  controlledByNio: z.boolean(),
  /** Empty for swap stations and for stations gone since planning. */
  timesharingPrice: z.array(TimesharingPriceSchema),
});
export type RoutePlanningResourceItem = z.infer<typeof RoutePlanningResourceItemSchema>;

export const RouteLocationsSchema = z.object({
  orig: LocationSchema,
  dest: LocationSchema,
  waypoints: z.array(WaypointSchema),
});

export const RoutePlanSchema = z.object({
  /** The first of `tags`. */
  tag: PlanTagSchema,
  /** Every tag whose plan has exactly these stops. */
  tags: z.array(PlanTagSchema).min(1),
  status: RouteStatusSchema,
  totalResourceCount: z.number().int(),
  candidateCount: z.number().int(),
  highwayResourceCount: z.number().int(),
  route: RouteInfoSchema,
  /** The stops of this plan, in driving order. */
  resources: z.array(RouteResourcePlacementSchema),
  /** The candidates (and pinned stations) in route order, each marked selected or not for this plan. */
  routePlanningResourceList: z.object({
    total: z.number().int(),
    list: z.array(RouteResourcePlacementSchema),
  }),
});
export type RoutePlan = z.infer<typeof RoutePlanSchema>;

export const RoutePlanListSchema = z.object({
  /** 0 when at least one plan reaches the destination. */
  status: RouteStatusSchema,
  locations: RouteLocationsSchema,
  plans: z.array(RoutePlanSchema).min(1),
});
export type RoutePlanList = z.infer<typeof RoutePlanListSchema>;
