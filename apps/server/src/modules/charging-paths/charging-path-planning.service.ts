import type { Tenant } from '@cmp/domain';
import { USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import type {
  ChargingPath,
  ChargingPathPlan,
  ChargingPathRating,
  ChargingPathRoutes,
  ChargingPathStatus,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import {
  ROUTE_STATUS,
  type RoutePlanList,
  type RoutePlanningFilter,
} from '@cmp/domain/road-books/route-plan';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { RoutingError } from '../road-books/road-books.service.js';
import * as repo from './charging-paths.repo.js';
import { toPath } from './charging-paths.service.js';
import { liveAccountExists } from '../accounts/accounts.views.js';

/** What plans a trip: the road-book engine on the portal's one planning station index. */
export interface TripPlanner {
  planTrip(filter: RoutePlanningFilter): Promise<RoutePlanList>;
}

/**
 * What a routing server answers when there is no road between the points (OSRM's codes): the trip is
 * recorded as `no_route`. Any other failure (timeout, server down) records nothing and answers 502, so
 * the app may try again.
 */
const NO_ROAD_CODES: ReadonlySet<string> = new Set(['NoRoute', 'NoSegment']);

/** The planner's filter of a path request: the vehicle's rated range is the range of a full battery. */
export function planningFilterOf(plan: ChargingPathPlan): RoutePlanningFilter {
  return {
    originPoint: { longitude: plan.origin.longitude, latitude: plan.origin.latitude },
    destinationPoint: { longitude: plan.destination.longitude, latitude: plan.destination.latitude },
    tactics: plan.tactics,
    maxDetourFactor: plan.maxDetourFactor,
    csSearchRange: plan.csSearchRange,
    currentRange: plan.currentRange,
    maxRange: plan.ratedRange,
    csChargerTypeOption: plan.csChargerTypeOption,
    resourceTypes: plan.resourceTypes,
    checkDestinationResource: plan.checkDestinationResource,
    waypointResourceSeq: [],
    waypoints: plan.waypoints,
    brandResources: plan.brandResources,
    powerFeatures: plan.powerFeatures,
  };
}

/** The plan of the user's tag (a plan carries every tag whose stops it has), else the first one. */
export function chosenPlan(list: RoutePlanList, tag: ChargingPathPlan['tag']): ChargingPathRoutes {
  const plan = list.plans.find((candidate) => candidate.tags.includes(tag)) ?? list.plans[0]!;
  return {
    tag: plan.tags.includes(tag) ? tag : plan.tag,
    status: plan.status,
    route: plan.route,
    resources: plan.resources,
  };
}

export const pathStatusOf = (routes: ChargingPathRoutes | null): ChargingPathStatus => {
  if (!routes) return 'no_route';
  return routes.status === ROUTE_STATUS.reachable ? 'planned' : 'not_reachable';
};

/**
 * Charging paths as the apps' back end makes them: a plan for one of the tenant's accounts, run by the
 * portal's own planner and recorded with its chosen route, and later the user's rating of it. Both are the
 * user's own doings, recorded in the path's row (who and when); like ingested comments they write no
 * operation record.
 */
export class ChargingPathPlanning {
  constructor(
    private readonly db: Db,
    private readonly planner: TripPlanner,
  ) {}

  async plan(tenant: Tenant, plan: ChargingPathPlan): Promise<ChargingPath> {
    if (!(await liveAccountExists(this.db, tenant, plan.accountId)))
      throw new AppError(404, USER_NOT_FOUND, `account ${plan.accountId} not found`);
    const [routes, vehicleModel] = await Promise.all([
      this.route(plan),
      plan.vehicleModel ?? this.modelOf(tenant, plan.vehicleId),
    ]);
    const row = await repo.insertPath(this.db, {
      tenant,
      accountId: plan.accountId,
      vehicleId: plan.vehicleId ?? null,
      vehicleModel,
      ratedRange: plan.ratedRange,
      currentRange: plan.currentRange,
      origName: plan.origin.name,
      destName: plan.destination.name,
      tag: plan.tag,
      distance: Math.round(routes?.route.distance ?? 0),
      duration: Math.round(routes?.route.duration ?? 0),
      status: pathStatusOf(routes),
      locations: { orig: plan.origin, dest: plan.destination, waypoints: plan.waypoints },
      routes,
    });
    return toPath(row);
  }

  async rate(tenant: Tenant, pathId: number, rating: ChargingPathRating): Promise<ChargingPath> {
    const row = await repo.ratePath(this.db, tenant, pathId, {
      rating: rating.rating,
      text: rating.text || null,
    });
    if (!row) throw AppError.notFound('charging path', pathId);
    return toPath(row);
  }

  /** The chosen plan, or null when the routing provider found no road. */
  private async route(plan: ChargingPathPlan): Promise<ChargingPathRoutes | null> {
    try {
      return chosenPlan(await this.planner.planTrip(planningFilterOf(plan)), plan.tag);
    } catch (error) {
      if (!(error instanceof RoutingError)) throw error;
      if (NO_ROAD_CODES.has(error.code)) return null;
      throw new AppError(502, 'routing_failed', `the routing server failed: ${error.code}`, {
        routingCode: error.code,
      });
    }
  }

  /** The model of the user's car when the app named the car but not its model. */
  private async modelOf(tenant: Tenant, vehicleId: string | undefined): Promise<string | null> {
    return vehicleId ? repo.carModel(this.db, tenant, vehicleId) : null;
  }
}
