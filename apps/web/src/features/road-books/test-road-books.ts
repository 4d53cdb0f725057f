import { encodePolyline } from '@cmp/domain/road-books/polyline';
import type {
  RoadBookDetail,
  RoutePlanListResponse,
  RoutePlanResponse,
} from '@cmp/domain/road-books/road-book';
import type { RoutePlanningResourceItem } from '@cmp/domain/road-books/route-plan';
import type { PlanTag } from '@cmp/domain/road-books/route-tactics';

/** Shanghai to Hangzhou, about 170 km: what the road-book tests plan. */
export const SHANGHAI = { longitude: 121.47, latitude: 31.23 };
export const HANGZHOU = { longitude: 120.16, latitude: 30.27 };

export function resourceItem(
  id: string,
  overrides: Partial<RoutePlanningResourceItem> = {},
): RoutePlanningResourceItem {
  return {
    id,
    type: 'ChargeStation',
    swapUseClone: false,
    swapHasClone: false,
    swapClone: null,
    legIndex: 0,
    selected: false,
    remark: null,
    roadBookInclude: false,
    isOnHighway: false,
    isCandidate: true,
    perpendicularDistance: 800,
    progress: 60_000,
    distanceToPreviousResource: 10_000,
    distanceToNextResource: 12_000,
    distanceToPreviousCandidate: 10_000,
    distanceToNextCandidate: 12_000,
    name: `Station ${id}`,
    showName: `Station ${id}`,
    location: { longitude: 120.9, latitude: 30.8 },
    operatorId: 'op-1',
    estimateChargeDuration: 1_800,
    arrivalRange: null,
    departureRange: null,
    address: `${id} Road`,
    chargerTotalNumber: 8,
    chargerBusyNumber: 2,
    freeNumber: 6,
    chargerTotalNumberDc: 6,
    chargerFreeNumberDc: 4,
    chargerTotalNumberAc: 2,
    chargerFreeNumberAc: 2,
    chargerMinOutputPower: 120,
    isScannable: true,
    isOpening: true,
    controlledByNio: false,
    timesharingPrice: [{ start: '00:00', end: '24:00', price: 1.2, discount: null }],
    ...overrides,
  };
}

/** A plan whose list holds `list`; the items marked selected are its stops. */
export function plan(
  tags: PlanTag[],
  list: RoutePlanningResourceItem[],
  overrides: Partial<RoutePlanResponse> = {},
): RoutePlanResponse {
  const stops = list.filter((item) => item.selected);
  return {
    tag: tags[0] ?? 'default',
    tags,
    status: 0,
    totalResourceCount: list.length + 3,
    candidateCount: list.length,
    highwayResourceCount: 1,
    route: {
      distance: 172_400,
      duration: 9_000,
      status: 0,
      notArrivalDistance: 0,
      notArrivalCount: 0,
      chargingDuration: stops.length * 1_200,
      steps: [
        {
          polyline: encodePolyline([
            [SHANGHAI.longitude, SHANGHAI.latitude],
            [HANGZHOU.longitude, HANGZHOU.latitude],
          ]),
          distance: 172_400,
          duration: 9_000,
          status: 0,
        },
      ],
      estimated: true,
    },
    resources: stops,
    routePlanningResourceList: { total: list.length, list },
    ...overrides,
  };
}

export const planList = (plans: RoutePlanResponse[]): RoutePlanListResponse => ({
  status: plans.some((p) => p.status === 0) ? 0 : 1,
  locations: { orig: SHANGHAI, dest: HANGZHOU, waypoints: [] },
  plans,
});

export function roadBookDetail(overrides: Partial<RoadBookDetail> = {}): RoadBookDetail {
  return {
    roadBookId: 12,
    name: 'Weekend trip',
    onlineState: 0,
    state: 1,
    startRegion: '上海市/市辖区/黄浦区',
    endRegion: '浙江省/杭州市/上城区',
    startRegionId: '310101',
    endRegionId: '330102',
    startAddress: 'People Square',
    endAddress: 'West Lake',
    tactics: 4,
    planningResourceTypes: ['CS_DC', 'PS'],
    resourceTypes: 'CS|PS',
    csChargerTypeOption: 'has_dc',
    resourcePointNumber: 1,
    roadLength: 172_400,
    creator: 'Alice Wang',
    createTime: Date.parse('2026-05-01T10:00:00+08:00'),
    updateTime: Date.parse('2026-05-01T10:00:00+08:00'),
    tenantName: 'NIO',
    originPoint: SHANGHAI,
    destinationPoint: HANGZHOU,
    waypoints: [{ id: 'w1', longitude: 120.7, latitude: 30.75, name: 'Jiaxing' }],
    waypointResourceSeq: [
      {
        resourceId: 'CS-2',
        swapUseClone: false,
        type: 'ChargeStation',
        legIndex: 0,
        latitude: 30.8,
        longitude: 120.9,
        name: 'Station CS-2',
        remark: 'coffee',
      },
    ],
    currentRange: 150,
    maxRange: 400,
    csSearchRange: 5,
    maxDetourFactor: 1.2,
    checkDestinationResource: false,
    powerFeatures: [],
    arrivalReserve: null,
    ...overrides,
  };
}
