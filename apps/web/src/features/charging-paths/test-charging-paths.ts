import type {
  ChargingPathInfo,
  ChargingPathListItem,
  ChargingPathRoute,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import { encodePolyline } from '@cmp/domain/road-books/polyline';
import type { RouteResourcePlacement } from '@cmp/domain/road-books/route-plan';

const ORIG = { name: '上海虹桥站', longitude: 121.32, latitude: 31.19 };
const DEST = { name: '杭州西湖', longitude: 120.15, latitude: 30.25 };

/** A path of the list: Shanghai to Hangzhou, planned, rated 4. */
export const pathItem = (pathId: number, more: Partial<ChargingPathListItem> = {}): ChargingPathListItem => ({
  pathId,
  searchTime: Date.parse('2026-11-20T09:30:00+08:00'),
  userAccountId: `ACC${pathId}`,
  nickname: `昵称${pathId}`,
  commentaryRating: 4,
  name: `用户${pathId}`,
  mobile: '13800000001',
  vehicleId: 'VIN-1',
  tag: 'recommended',
  distance: 214_337,
  duration: 9_360,
  status: 'planned',
  orig_poi: ORIG,
  dest_poi: DEST,
  tenantName: 'NIO',
  vehicleModel: 'ES6',
  ratedRange: 420,
  currentRange: 160,
  ...more,
});

export const stop = (
  id: string,
  name: string,
  more: Partial<RouteResourcePlacement> = {},
): RouteResourcePlacement => ({
  id,
  type: 'ChargeStation',
  swapUseClone: false,
  swapHasClone: false,
  swapClone: null,
  legIndex: 0,
  selected: true,
  remark: null,
  roadBookInclude: false,
  isOnHighway: true,
  isCandidate: true,
  perpendicularDistance: 300,
  progress: 95_000,
  distanceToPreviousResource: null,
  distanceToNextResource: null,
  distanceToPreviousCandidate: null,
  distanceToNextCandidate: null,
  name,
  showName: name,
  location: { longitude: 120.8, latitude: 30.8 },
  operatorId: 'OP1',
  estimateChargeDuration: 1_500,
  arrivalRange: 42,
  departureRange: 336,
  ...more,
});

const STOPS = [
  stop('CS-1', '嘉兴服务区充电站'),
  stop('PS-2', '桐乡换电站', { type: 'PowerSwap', progress: 140_000 }),
];

export const pathRoute = (pathId: number, more: Partial<ChargingPathRoute> = {}): ChargingPathRoute => ({
  pathId,
  status: 'planned',
  locations: { orig: ORIG, dest: DEST, waypoints: [] },
  routes: {
    tag: 'recommended',
    status: 0,
    route: {
      distance: 214_337,
      duration: 9_360,
      status: 0,
      notArrivalDistance: 0,
      notArrivalCount: 0,
      chargingDuration: 2_100,
      estimated: true,
      steps: [
        {
          polyline: encodePolyline([
            [121.32, 31.19],
            [120.8, 30.8],
          ]),
          distance: 95_000,
          duration: 4_000,
          status: 0,
        },
        {
          polyline: encodePolyline([
            [120.8, 30.8],
            [120.15, 30.25],
          ]),
          distance: 119_337,
          duration: 3_260,
          status: 0,
        },
      ],
    },
    resources: STOPS,
  },
  ...more,
});

export const pathInfo = (pathId: number, more: Partial<ChargingPathInfo> = {}): ChargingPathInfo => {
  const { routes } = pathRoute(pathId);
  return {
    pathId,
    searchTime: Date.parse('2026-11-20T09:30:00+08:00'),
    vehicleId: 'VIN-1',
    vehicleModel: 'ES6',
    ratedRange: 420,
    currentRange: 160,
    tag: 'recommended',
    distance: 214_337,
    duration: 9_360,
    status: 'planned',
    locations: { orig: ORIG, dest: DEST, waypoints: [] },
    commentary: { rating: 2, text: '推荐的站点在维修', time: Date.parse('2026-11-20T12:00:00+08:00') },
    tenantName: 'NIO',
    user: {
      accountId: `ACC${pathId}`,
      name: '张三',
      nickname: '小张',
      mobile: '13800000001',
      deleted: false,
      known: true,
    },
    routes: {
      tag: 'recommended',
      status: 0,
      distance: routes!.route.distance,
      duration: routes!.route.duration,
      chargingDuration: routes!.route.chargingDuration,
      notArrivalDistance: 0,
      notArrivalCount: 0,
      estimated: true,
      stops: routes!.resources,
    },
    ...more,
  };
};
