import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { Tenant as TenantSchema, TENANT_LABELS, type Page, type Tenant } from '@cmp/domain';
import type { PlanningResourceType } from '@cmp/domain/road-books/planning-resource-types';
import type { PowerFeature } from '@cmp/domain/road-books/power-features';
import { toRouteResourceFilter } from '@cmp/domain/road-books/resource-type-filter';
import {
  ROAD_BOOK_ONLINE_STATE,
  ROAD_BOOK_STATE,
  RoadBookFilterSchema,
  roadBookShareUrl,
  type ChosenResourceSchema,
  type PowerAroundQuerySchema,
  type PowerResourceItem,
  type PowerSearchQuerySchema,
  type PowerSearchResponse,
  type PublicRoadBookData,
  type RoadBookDetail,
  type RoadBookListFilter,
  type RoadBookListItem,
  type RoadBookRoute,
  type RoadBookRouteListQuerySchema,
  type RoadBookRouteSummary,
  type RoadBookSaveSchema,
  type RoadBookShare,
  type RoutePlanListResponse,
  type RoutePlanningRequestSchema,
  type RoutePlanResponse,
} from '@cmp/domain/road-books/road-book';
import {
  roadBookStops,
  stripCloneSuffix,
  type WaypointResource,
} from '@cmp/domain/road-books/road-book-save';
import {
  RouteResourceTypesSchema,
  type RouteInfo,
  type RoutePlanList,
  type RoutePlanningFilter,
  type RoutePlanningResourceItem,
  type RouteResourcePlacement,
} from '@cmp/domain/road-books/route-plan';
import type { PlanTag, RouteTactic } from '@cmp/domain/road-books/route-tactics';
import type { ResourceBasicInfo, TimesharingPrice } from '@cmp/domain/stations/resource-basic-info';
import { SWAP_CLONE_SUFFIX } from '@cmp/domain/stations/swap-station-info';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { changedFields } from '../../platform/audit/edits.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { findRegion, regionLabel } from '../../platform/regions/region-data.js';
import { regionIdAt } from '../../platform/regions/region-geometry.js';
import type { StationBasicInfosService } from '../stations/station-basic-infos.service.js';
import { stationFilter } from './planning/candidates.js';
import { RoutePlanner, type PlannerOptions } from './planning/route-planner.js';
import { RoutingError, type RoutingProvider } from './planning/routing-provider.js';
import type { PlanningProgress, PlanningStations } from './planning-stations.service.js';
import { ROAD_BOOK_LIST_EXPORT } from './road-books.export.js';
import * as repo from './road-books.repo.js';

/** What a road-book export reads: the list's filter and order, and the tenant whose road books they are. */
const RoadBookExportFilterSchema = RoadBookFilterSchema.extend({ tenant: TenantSchema });
/** What planTrip throws when the routing server refuses, fails or does not answer in time. */
export { RoutingError };

export type RoadBookExportFilter = z.infer<typeof RoadBookExportFilterSchema>;

export type RoadBookSaveInput = z.output<typeof RoadBookSaveSchema>;
export type RoutePlanningRequestInput = z.output<typeof RoutePlanningRequestSchema>;
export type RoadBookRouteListInput = z.output<typeof RoadBookRouteListQuerySchema>;
export type PowerSearchInput = z.output<typeof PowerSearchQuerySchema>;
export type PowerAroundInput = z.output<typeof PowerAroundQuerySchema>;
type ChosenResource = z.output<typeof ChosenResourceSchema>;

/** Who acts: the audit actor and the name a road book shows as its creator. */
export interface RoadBookActing {
  actor: Actor;
  displayName: string;
}

const ENTITY = 'road_book';
/** 256 random bits per share token. */
const TOKEN_BYTES = 32;

/** The fields a save sets, as the contract names them: what the audit's before and after hold. */
interface EditableRoadBook {
  name: string | null;
  originPoint: { longitude: number; latitude: number };
  destinationPoint: { longitude: number; latitude: number };
  startAddress: string | null;
  endAddress: string | null;
  waypoints: RoutePlanningFilter['waypoints'];
  waypointResourceSeq: WaypointResource[];
  tactics: number;
  currentRange: number;
  maxRange: number;
  csSearchRange: number;
  maxDetourFactor: number;
  checkDestinationResource: boolean;
  planningResourceTypes: string[];
  powerFeatures: string[];
  arrivalReserve: number | null;
}

/** The stops a request names: the chosen `resources` when sent, else its `waypointResourceSeq`. */
function stopsOf(
  waypoints: RoutePlanningFilter['waypoints'],
  resources: ChosenResource[] | undefined,
  sequence: readonly WaypointResource[] | undefined,
): WaypointResource[] {
  if (resources) return roadBookStops(waypoints, resources).waypointResourceSeq;
  return (sequence ?? []).map((stop) => {
    const { resourceId, isClone } = stripCloneSuffix(stop.resourceId);
    return { ...stop, resourceId, swapUseClone: stop.swapUseClone || isClone };
  });
}

/** The planner's filter; the screen's planning resource types, when given, replace the route types. */
function planningFilter(
  request: Omit<RoutePlanningRequestInput, 'planningResourceTypes' | 'resources'>,
  planningTypes: readonly PlanningResourceType[] | undefined,
  waypointResourceSeq: WaypointResource[],
): RoutePlanningFilter {
  const filter: RoutePlanningFilter = { ...request, waypointResourceSeq };
  if (planningTypes) {
    const types = toRouteResourceFilter(planningTypes);
    filter.resourceTypes = RouteResourceTypesSchema.parse(types.resourceTypes);
    filter.csChargerTypeOption = types.csChargerTypeOption;
  }
  return filter;
}

/** The region a point lies in, with its parents; all null outside China. */
function regionAt(point: { longitude: number; latitude: number }) {
  const region = findRegion(regionIdAt(point.longitude, point.latitude));
  return {
    regionId: region?.regionId ?? null,
    cityId: region?.cityId ?? null,
    provinceId: region?.provinceId ?? null,
  };
}

const NO_BASIC_INFO = {
  address: null,
  chargerTotalNumber: 0,
  chargerBusyNumber: 0,
  freeNumber: 0,
  chargerTotalNumberDc: 0,
  chargerFreeNumberDc: 0,
  chargerTotalNumberAc: 0,
  chargerFreeNumberAc: 0,
  chargerMinOutputPower: null,
  isScannable: false,
  isOpening: false,
  controlledByNio: false,
  timesharingPrice: [],
} satisfies Partial<RoutePlanningResourceItem>;

/**
 * Copied with Object.assign rather than spread into a literal: V8 (Node 20) takes about 40 µs to add a
 * dozen properties after spreading a placement's two dozen, against about 1 µs here. Route options build
 * one item per listed station and plan: about 90 for Shanghai → Nanjing at 3,300 stations, where the
 * literal cost 4 ms of the request's 25 ms of CPU.
 */
function withBasicInfo(
  placement: RouteResourcePlacement,
  info: ResourceBasicInfo | undefined,
  timesharingPrice: TimesharingPrice[] = [],
): RoutePlanningResourceItem {
  if (!info) return Object.assign({}, placement, NO_BASIC_INFO);
  return Object.assign({}, placement, {
    address: info.address,
    chargerTotalNumber: info.chargerTotalNumber,
    chargerBusyNumber: info.chargerBusyNumber,
    freeNumber: info.freeNumber,
    chargerTotalNumberDc: info.chargerTotalNumberDc,
    chargerFreeNumberDc: info.chargerFreeNumberDc,
    chargerTotalNumberAc: info.chargerTotalNumberAc,
    chargerFreeNumberAc: info.chargerFreeNumberAc,
    chargerMinOutputPower: info.chargerMinOutputPower,
    isScannable: info.isScannable,
    isOpening: info.isOpening,
    controlledByNio: info.controlledByNio,
    timesharingPrice,
  });
}

const toRoute = (row: repo.RoadBookRouteRow): RoadBookRoute => ({
  roadBookId: row.roadBookId,
  planTag: row.planTag as PlanTag,
  status: row.route.status,
  distance: row.route.distance,
  duration: row.route.duration,
  chargingDuration: row.route.chargingDuration,
  candidateCount: row.candidateCount,
  route: row.route,
  resources: row.resources,
  filter: JSON.stringify(row.filter),
  plannedAt: row.plannedAt.getTime(),
});

const toShare = (row: repo.RoadBookShareRow): RoadBookShare => ({
  token: row.token,
  url: roadBookShareUrl(row.token),
  createTime: row.createdAt.getTime(),
});

function toListItem(row: repo.RoadBookRow): RoadBookListItem {
  const types = row.planningResourceTypes as PlanningResourceType[];
  const routeTypes = toRouteResourceFilter(types);
  return {
    roadBookId: row.roadBookId,
    name: row.name,
    onlineState: row.onlineState === ROAD_BOOK_ONLINE_STATE.online ? 1 : 0,
    state: row.state === ROAD_BOOK_STATE.active ? 1 : 0,
    startRegion: regionLabel(row.startRegionId),
    endRegion: regionLabel(row.endRegionId),
    startRegionId: row.startRegionId,
    endRegionId: row.endRegionId,
    startAddress: row.startAddress,
    endAddress: row.endAddress,
    tactics: row.tactics as RouteTactic,
    planningResourceTypes: types,
    resourceTypes: routeTypes.resourceTypes,
    csChargerTypeOption: routeTypes.csChargerTypeOption ?? null,
    resourcePointNumber: row.waypointResourceSeq.length,
    roadLength: row.roadLength,
    creator: row.creatorName,
    createTime: row.createdAt.getTime(),
    updateTime: row.updatedAt.getTime(),
    tenantName: TENANT_LABELS[row.tenant as Tenant],
  };
}

function toDetail(row: repo.RoadBookRow): RoadBookDetail {
  return {
    ...toListItem(row),
    originPoint: row.originPoint,
    destinationPoint: row.destinationPoint,
    waypoints: row.waypoints,
    waypointResourceSeq: row.waypointResourceSeq,
    currentRange: row.currentRange,
    maxRange: row.maxRange,
    csSearchRange: row.csSearchRange,
    maxDetourFactor: row.maxDetourFactor,
    checkDestinationResource: row.checkDestinationResource,
    powerFeatures: row.powerFeatures as PowerFeature[],
    arrivalReserve: row.arrivalReserve,
  };
}

/**
 * Road books of one tenant: planned trips whose stops staff chose, with the route through them saved on
 * every save, share links for the public mobile view, and the planning calls behind the editor.
 */
export class RoadBooksService {
  constructor(
    private readonly db: Db,
    private readonly stations: PlanningStations,
    private readonly routing: RoutingProvider,
    private readonly basicInfos: StationBasicInfosService,
    /** What every plan keeps on arriving when the request names no reserve (the portal's setting). */
    private readonly planner: Pick<PlannerOptions, 'arrivalReserveRatio'> = {},
  ) {}

  async list(tenant: Tenant, query: RoadBookListFilter): Promise<Page<RoadBookListItem>> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.roadBookList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: page.rows.map((row) => toListItem(row.roadBook)), total: page.total };
  }

  /**
   * The list as an export (`platform/export`): the same filter and order, read batch by batch by key. Its
   * query holds the tenant, so an export job, which runs without the request, reads the tenant's rows.
   */
  readonly export = listExport({
    list: 'road-books.list',
    query: RoadBookExportFilterSchema,
    sheet: ROAD_BOOK_LIST_EXPORT,
    rows: repo.roadBookList,
    items: (rows) => rows.map((row) => toDetail(row.roadBook)),
  });

  async get(tenant: Tenant, roadBookId: number): Promise<RoadBookDetail> {
    return toDetail(await this.require(this.db, tenant, roadBookId));
  }

  async create(tenant: Tenant, input: RoadBookSaveInput, acting: RoadBookActing): Promise<RoadBookDetail> {
    const fields = this.editable(input);
    // Planning needs no transaction and may wait on a routing server: it runs before the write.
    const planned = await this.planRoute(fields, input.planTag);
    return this.db.transaction(async (tx) => {
      const roadBookId = await repo.insertRoadBook(tx, {
        ...this.columns(fields, planned),
        tenant,
        state: ROAD_BOOK_STATE.active,
        onlineState: ROAD_BOOK_ONLINE_STATE.offline,
        creatorUserId: acting.actor.userId,
        creatorName: acting.displayName,
      });
      await repo.saveRoute(tx, { ...planned.route, roadBookId, tenant });
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: ENTITY,
        entityId: roadBookId,
        action: 'ROAD_BOOK_CREATE',
        after: { ...fields, roadLength: planned.roadLength },
      });
      return toDetail(await this.require(tx, tenant, roadBookId));
    });
  }

  /** Replaces the road book's settings and stops and saves the route through them (state back to 1). */
  async update(
    tenant: Tenant,
    roadBookId: number,
    input: RoadBookSaveInput,
    acting: RoadBookActing,
  ): Promise<RoadBookDetail> {
    await this.require(this.db, tenant, roadBookId);
    const fields = this.editable(input);
    const planned = await this.planRoute(fields, input.planTag);
    return this.db.transaction(async (tx) => {
      const stored = await this.require(tx, tenant, roadBookId, true);
      const changes = changedFields(this.editableOf(stored), fields);
      await repo.updateRoadBook(tx, tenant, roadBookId, {
        ...this.columns(fields, planned),
        state: ROAD_BOOK_STATE.active,
      });
      await repo.saveRoute(tx, { ...planned.route, roadBookId, tenant });
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: ENTITY,
        entityId: roadBookId,
        action: 'ROAD_BOOK_UPDATE',
        before: { ...changes.before, roadLength: stored.roadLength, state: stored.state },
        after: { ...changes.after, roadLength: planned.roadLength, state: ROAD_BOOK_STATE.active },
      });
      return toDetail(await this.require(tx, tenant, roadBookId));
    });
  }

  async route(tenant: Tenant, roadBookId: number): Promise<RoadBookRoute> {
    await this.require(this.db, tenant, roadBookId);
    const row = await repo.findRoute(this.db, tenant, roadBookId);
    if (!row) throw AppError.notFound('route of road book', roadBookId);
    return toRoute(row);
  }

  /** Deletes the saved route: the road book stays (state 0) and a share shows 'not data' until a save. */
  async deleteRoute(tenant: Tenant, roadBookId: number, acting: RoadBookActing): Promise<RoadBookDetail> {
    return this.db.transaction(async (tx) => {
      const stored = await this.require(tx, tenant, roadBookId, true);
      if (!(await repo.deleteRoute(tx, tenant, roadBookId))) {
        throw AppError.notFound('route of road book', roadBookId);
      }
      await repo.updateRoadBook(tx, tenant, roadBookId, {
        state: ROAD_BOOK_STATE.routeDeleted,
        roadLength: null,
      });
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: ENTITY,
        entityId: roadBookId,
        action: 'ROAD_BOOK_ROUTE_DELETE',
        before: { state: stored.state, roadLength: stored.roadLength },
        after: { state: ROAD_BOOK_STATE.routeDeleted, roadLength: null },
      });
      return toDetail(await this.require(tx, tenant, roadBookId));
    });
  }

  async routes(tenant: Tenant, query: RoadBookRouteListInput): Promise<Page<RoadBookRouteSummary>> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.roadBookRouteList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return {
      items: page.rows.map(({ route, roadBook }) => {
        const { route: info, ...summary } = toRoute(route);
        return {
          ...summary,
          name: roadBook.name,
          startAddress: roadBook.startAddress,
          endAddress: roadBook.endAddress,
          notArrivalDistance: info.notArrivalDistance,
          notArrivalCount: info.notArrivalCount,
        };
      }),
      total: page.total,
    };
  }

  async currentShare(tenant: Tenant, roadBookId: number): Promise<RoadBookShare> {
    await this.require(this.db, tenant, roadBookId);
    const row = await repo.findLiveShare(this.db, tenant, roadBookId);
    if (!row) throw AppError.notFound('share of road book', roadBookId);
    return toShare(row);
  }

  /** The road book's live share link, made when there is none (one live link per road book). */
  async share(tenant: Tenant, roadBookId: number, acting: RoadBookActing): Promise<RoadBookShare> {
    return this.db.transaction(async (tx) => {
      const stored = await this.require(tx, tenant, roadBookId, true);
      const live = await repo.findLiveShare(tx, tenant, roadBookId);
      if (live) return toShare(live);
      const row = await repo.insertShare(tx, {
        token: randomBytes(TOKEN_BYTES).toString('base64url'),
        roadBookId,
        tenant,
        createdBy: acting.actor.userId,
      });
      await repo.updateRoadBook(tx, tenant, roadBookId, { onlineState: ROAD_BOOK_ONLINE_STATE.online });
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: ENTITY,
        entityId: roadBookId,
        action: 'ROAD_BOOK_SHARE',
        before: { onlineState: stored.onlineState },
        after: { onlineState: ROAD_BOOK_ONLINE_STATE.online },
      });
      return toShare(row);
    });
  }

  /** Revokes the live link: the mobile view then answers 'not data'. Nothing to revoke is a 404. */
  async revokeShare(tenant: Tenant, roadBookId: number, acting: RoadBookActing): Promise<void> {
    await this.db.transaction(async (tx) => {
      const stored = await this.require(tx, tenant, roadBookId, true);
      const revoked = await repo.revokeShares(tx, tenant, roadBookId);
      if (revoked.length === 0) throw AppError.notFound('share of road book', roadBookId);
      await repo.updateRoadBook(tx, tenant, roadBookId, { onlineState: ROAD_BOOK_ONLINE_STATE.offline });
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: ENTITY,
        entityId: roadBookId,
        action: 'ROAD_BOOK_SHARE_REVOKE',
        before: { onlineState: stored.onlineState },
        after: { onlineState: ROAD_BOOK_ONLINE_STATE.offline },
        // A prefix names the link in the record without keeping a usable token there.
        extData: { tokens: revoked.map((token) => `${token.slice(0, 6)}…`) },
      });
    });
  }

  /** The mobile view's data behind a live share, or null (unknown or revoked link, no saved route). */
  async sharedRoadBook(token: string): Promise<PublicRoadBookData | null> {
    const row = await repo.findSharedRoadBook(this.db, token);
    if (!row?.route || row.roadBook.state !== ROAD_BOOK_STATE.active) return null;
    // Staff names and the tenant's own states stay inside the portal.
    const {
      creator: _creator,
      tenantName: _tenant,
      onlineState: _online,
      state: _state,
      ...info
    } = toDetail(row.roadBook);
    return { road_book_info: info, route_info: toRoute(row.route) };
  }

  /** Route options: every distinct plan of the request, tagged. */
  async options(request: RoutePlanningRequestInput): Promise<RoutePlanListResponse> {
    const { planningResourceTypes, resources, ...rest } = request;
    const stops = stopsOf(rest.waypoints, resources, rest.waypointResourceSeq);
    return this.plan(planningFilter(rest, planningResourceTypes, stops), false);
  }

  /** Route preview: the one plan that stops exactly at the chosen stations, with the other candidates listed. */
  async preview(request: RoutePlanningRequestInput): Promise<RoutePlanListResponse> {
    const { planningResourceTypes, resources, ...rest } = request;
    const stops = stopsOf(rest.waypoints, resources, rest.waypointResourceSeq);
    return this.plan(planningFilter(rest, planningResourceTypes, stops), true);
  }

  /**
   * Stations found by place (city, then district) or by name or address (spec: count 50), each with its
   * region for the screen to tell places of the same name apart.
   */
  async powerSearch(query: PowerSearchInput): Promise<PowerSearchResponse> {
    const found = await repo.searchStations(this.db, {
      keywords: query.keywords,
      resourceType: query.type_code,
      count: query.count,
    });
    const regions = new Map(found.map((hit) => [hit.resourceId, hit.regionId]));
    const { items } = await this.basicInfos.basicInfos(found.map((hit) => hit.resourceId));
    return {
      result_code: 'success',
      data: {
        values: items.map((info) => ({
          id: info.id,
          name: info.name,
          address: info.address,
          region: regionLabel(regions.get(info.id)),
          type: info.type,
          latitude: info.location.latitude,
          longitude: info.location.longitude,
          operatorId: info.operatorId,
          chargerTotalNumber: info.chargerTotalNumber,
          chargerTotalNumberDc: info.chargerTotalNumberDc,
          chargerTotalNumberAc: info.chargerTotalNumberAc,
          chargerBusyNumber: info.chargerBusyNumber,
          chargerFreeNumberAc: info.chargerFreeNumberAc,
          chargerMinOutputPower: info.chargerMinOutputPower,
          controlledByNio: info.controlledByNio,
          isScannable: info.isScannable,
        })),
      },
    };
  }

  /**
   * Null when the planner's station index is ready within `waitMs` (its build starts if none runs), else
   * how far the build has come: what a request asks before it plans, so it never waits a whole build.
   */
  async plannerLoading(waitMs: number): Promise<PlanningProgress | null> {
    if (await this.stations.within(waitMs)) return null;
    const { loaded, total } = this.stations.status();
    return { loaded, total };
  }

  /** Plannable stations of the requested types around a point, nearest first (the planner's own index). */
  async powerAround(query: PowerAroundInput): Promise<{ items: PowerResourceItem[] }> {
    const index = await this.stations.get();
    const accept = stationFilter(index, {
      resourceTypes: query.resourceTypes,
      csChargerTypeOption: query.csChargerTypeOption,
      searchRangeM: query.distance,
    });
    const hits = index.around(query.longitude, query.latitude, query.distance, query.limit, accept);
    const ids = hits.map((hit) => index.idOf(hit.slot));
    const [rows, { items: infos }] = await Promise.all([
      repo.powerResourceRows(this.db, ids),
      this.basicInfos.basicInfos(ids),
    ]);
    const details = new Map(rows.map((row) => [row.resourceId, row]));
    const power = new Map(infos.map((info) => [info.id, info]));
    return {
      items: hits.map(({ slot, distance }) => {
        const id = index.idOf(slot);
        const record = index.get(id)!;
        const detail = details.get(id);
        const clone = record.swapClone;
        return {
          id,
          location: { longitude: record.lng, latitude: record.lat },
          address: power.get(id)?.address ?? null,
          name: record.name,
          showName: record.name,
          type: record.type,
          operatorId: record.operatorId,
          operatorName: detail?.operatorName ?? null,
          swapHasClone: clone != null,
          swapClone: clone
            ? {
                resourceId: id + SWAP_CLONE_SUFFIX,
                longitude: clone.lng,
                latitude: clone.lat,
                description: clone.description ?? null,
              }
            : null,
          description: detail?.description ?? null,
          chargerMinOutputPower: power.get(id)?.chargerMinOutputPower ?? null,
          distance: Math.round(distance),
        };
      }),
    };
  }

  /**
   * Every plan of a trip on the shared station index, without the stations' live info: what the app's
   * charging paths record. A routing failure comes back as the provider's `RoutingError`, for the caller
   * to tell "no road" from a failing server.
   */
  async planTrip(filter: RoutePlanningFilter): Promise<RoutePlanList> {
    return new RoutePlanner(this.routing, await this.stations.get(), this.planner).plan(filter);
  }

  private async plan(filter: RoutePlanningFilter, onlyPinnedStops: boolean): Promise<RoutePlanListResponse> {
    const index = await this.stations.get();
    let list: RoutePlanList;
    try {
      list = await new RoutePlanner(this.routing, index, { ...this.planner, onlyPinnedStops }).plan(filter);
    } catch (error) {
      if (error instanceof RoutingError) {
        throw new AppError(502, 'routing_failed', `the routing server failed: ${error.code}`, {
          routingCode: error.code,
        });
      }
      throw error;
    }
    return this.withBasicInfos(list);
  }

  /** Adds each listed station's live basic info (one lookup for every plan). */
  private async withBasicInfos(list: RoutePlanList): Promise<RoutePlanListResponse> {
    const ids = new Set<string>();
    for (const plan of list.plans) {
      for (const item of plan.routePlanningResourceList.list) ids.add(stripCloneSuffix(item.id).resourceId);
    }
    const [{ items }, prices] = await Promise.all([
      this.basicInfos.basicInfos([...ids]),
      this.basicInfos.timesharingPrices([...ids]),
    ]);
    const infos = new Map(items.map((info) => [info.id, info]));
    const enrich = (placement: RouteResourcePlacement) => {
      const id = stripCloneSuffix(placement.id).resourceId;
      return withBasicInfo(placement, infos.get(id), prices.get(id));
    };
    return {
      ...list,
      plans: list.plans.map((plan): RoutePlanResponse => ({
        ...plan,
        resources: plan.resources.map(enrich),
        routePlanningResourceList: {
          total: plan.routePlanningResourceList.total,
          list: plan.routePlanningResourceList.list.map(enrich),
        },
      })),
    };
  }

  /** The route through the road book's stops, as it is saved with it. */
  private async planRoute(fields: EditableRoadBook, planTag: PlanTag) {
    const filter = planningFilter(
      {
        originPoint: fields.originPoint,
        destinationPoint: fields.destinationPoint,
        tactics: fields.tactics as RouteTactic,
        maxDetourFactor: fields.maxDetourFactor,
        csSearchRange: fields.csSearchRange,
        currentRange: fields.currentRange,
        maxRange: fields.maxRange,
        checkDestinationResource: fields.checkDestinationResource,
        ...(fields.arrivalReserve === null ? {} : { arrivalReserve: fields.arrivalReserve }),
        powerFeatures: fields.powerFeatures as PowerFeature[],
        resourceTypes: 'CS|PS',
        waypoints: fields.waypoints,
        waypointResourceSeq: [],
      },
      fields.planningResourceTypes as PlanningResourceType[],
      fields.waypointResourceSeq,
    );
    const { plans } = await this.plan(filter, true);
    const plan = plans[0]!;
    const route: RouteInfo = plan.route;
    return {
      roadLength: route.distance,
      route: {
        planTag,
        candidateCount: plan.candidateCount,
        route,
        resources: plan.resources,
        filter: filter as unknown as Record<string, unknown>,
      },
    };
  }

  private editable(input: RoadBookSaveInput): EditableRoadBook {
    return {
      name: input.name ?? null,
      originPoint: input.originPoint,
      destinationPoint: input.destinationPoint,
      startAddress: input.startAddress ?? null,
      endAddress: input.endAddress ?? null,
      waypoints: input.waypoints,
      waypointResourceSeq: stopsOf(input.waypoints, input.resources, input.waypointResourceSeq),
      tactics: input.tactics,
      currentRange: input.currentRange,
      maxRange: input.maxRange,
      csSearchRange: input.csSearchRange,
      maxDetourFactor: input.maxDetourFactor,
      checkDestinationResource: input.checkDestinationResource,
      planningResourceTypes: [...new Set(input.planningResourceTypes)],
      powerFeatures: [...new Set(input.powerFeatures ?? [])],
      arrivalReserve: input.arrivalReserve ?? null,
    };
  }

  private editableOf(row: repo.RoadBookRow): EditableRoadBook {
    return {
      name: row.name,
      originPoint: row.originPoint,
      destinationPoint: row.destinationPoint,
      startAddress: row.startAddress,
      endAddress: row.endAddress,
      waypoints: row.waypoints,
      waypointResourceSeq: row.waypointResourceSeq,
      tactics: row.tactics,
      currentRange: row.currentRange,
      maxRange: row.maxRange,
      csSearchRange: row.csSearchRange,
      maxDetourFactor: row.maxDetourFactor,
      checkDestinationResource: row.checkDestinationResource,
      planningResourceTypes: row.planningResourceTypes,
      powerFeatures: row.powerFeatures,
      arrivalReserve: row.arrivalReserve,
    };
  }

  private columns(fields: EditableRoadBook, planned: { roadLength: number }) {
    const start = regionAt(fields.originPoint);
    const end = regionAt(fields.destinationPoint);
    return {
      ...fields,
      startRegionId: start.regionId,
      startCityId: start.cityId,
      startProvinceId: start.provinceId,
      endRegionId: end.regionId,
      endCityId: end.cityId,
      endProvinceId: end.provinceId,
      roadLength: planned.roadLength,
    };
  }

  private async require(
    db: DbOrTx,
    tenant: Tenant,
    roadBookId: number,
    forUpdate = false,
  ): Promise<repo.RoadBookRow> {
    const row = await repo.findRoadBook(db, tenant, roadBookId, forUpdate);
    if (!row) throw AppError.notFound('road book', roadBookId);
    return row;
  }
}
