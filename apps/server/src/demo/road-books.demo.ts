import { TENANTS, type Tenant } from '@cmp/domain';
import {
  RoadBookSaveSchema,
  RoutePlanningRequestSchema,
  type RoutePlanResponse,
} from '@cmp/domain/road-books/road-book';
import type { Db } from '../platform/db/database.js';
import { EstimatedRoutingProvider } from '../modules/road-books/planning/estimated-routing.js';
import { PlanningStations } from '../modules/road-books/planning-stations.service.js';
import { RoadBooksService, type RoadBookActing } from '../modules/road-books/road-books.service.js';
import * as staffRepo from '../modules/staff/staff.repo.js';
import { StationBasicInfosService } from '../modules/stations/station-basic-infos.service.js';
import { CITY_ANCHORS, type CityAnchor } from './city-anchors.js';

/** A trip between two demo city centres; `currentRange` (km) when it starts with less than the default. */
export interface DemoTrip {
  from: string;
  to: string;
  currentRange?: number;
}

/**
 * The long trips the demo network carries at the default range (see `TRUNK_ROUTES`): a test plans each
 * of them and expects no leg out of range.
 */
export const DEMO_LONG_TRIPS: readonly DemoTrip[] = [
  { from: '110100', to: '440100' },
  { from: '310100', to: '510100' },
  { from: '110100', to: '310100' },
  { from: '440100', to: '510100' },
  { from: '610100', to: '420100' },
  { from: '110100', to: '610100' },
];

/** Each tenant's road books, the first of them shared. Short trips start half charged, so they stop once. */
export const DEMO_ROAD_BOOKS: Record<Tenant, readonly DemoTrip[]> = {
  nio: [
    { from: '110100', to: '440100' },
    { from: '310100', to: '510100' },
    { from: '110100', to: '610100' },
    { from: '310100', to: '330100', currentRange: 100 },
  ],
  pe: [
    { from: '440100', to: '510100' },
    { from: '110100', to: '310100' },
    { from: '440100', to: '440300', currentRange: 60 },
  ],
  rsc: [
    { from: '610100', to: '420100' },
    { from: '510100', to: '500100', currentRange: 120 },
    { from: '310100', to: '320100', currentRange: 120 },
  ],
};

const anchorOf = (cityId: string): CityAnchor => {
  const anchor = CITY_ANCHORS.find((city) => city.cityId === cityId);
  if (!anchor) throw new Error(`demo trip city ${cityId} is not a demo city`);
  return anchor;
};

/** What a trip from city centre to city centre sets; everything else keeps the editor's default. */
function tripFields(trip: DemoTrip) {
  const [from, to] = [anchorOf(trip.from), anchorOf(trip.to)];
  return {
    originPoint: { longitude: from.longitude, latitude: from.latitude },
    destinationPoint: { longitude: to.longitude, latitude: to.latitude },
    ...(trip.currentRange === undefined ? {} : { currentRange: trip.currentRange }),
  };
}

/** The route-options request of a trip, defaults filled in as the API's validation fills them. */
export const tripRequest = (trip: DemoTrip) => RoutePlanningRequestSchema.parse(tripFields(trip));

/**
 * The road-book service as the app builds it, on the estimated routing: the demo plans offline and the
 * same way on every machine, whatever routing server the portal is configured with.
 */
export function demoRoadBooksService(db: Db): RoadBooksService {
  return new RoadBooksService(
    db,
    new PlanningStations(db, { refreshIntervalMs: 0 }),
    new EstimatedRoutingProvider(),
    new StationBasicInfosService(db),
  );
}

/** The plan the editor shows first and a save records unless the user picks another. */
const recommended = (plans: readonly RoutePlanResponse[]): RoutePlanResponse =>
  plans.find((plan) => plan.tags.includes('recommended')) ?? plans[0]!;

/**
 * Road books in every tenant, planned and saved through the road-book service as the editor does it:
 * route options for the trip, the recommended plan's stops chosen, saved (which plans the route through
 * them again), and the tenant's first road book shared. Runs once the stations are committed, because the
 * service plans on its own connection and index. Created by the tenant's `-admin` demo account.
 */
export async function seedRoadBooks(
  db: Db,
  roadBooks: RoadBooksService = demoRoadBooksService(db),
): Promise<void> {
  for (const tenant of TENANTS) {
    const acting = await actingAdmin(db, tenant);
    for (const [index, trip] of DEMO_ROAD_BOOKS[tenant].entries()) {
      const { plans } = await roadBooks.options(tripRequest(trip));
      const plan = recommended(plans);
      const [from, to] = [anchorOf(trip.from), anchorOf(trip.to)];
      const saved = await roadBooks.create(
        tenant,
        RoadBookSaveSchema.parse({
          ...tripFields(trip),
          name: `${from.name}—${to.name}`,
          startAddress: `${from.name}市中心`,
          endAddress: `${to.name}市中心`,
          resources: plan.resources.map((stop) => ({
            id: stop.id,
            type: stop.type,
            legIndex: stop.legIndex,
            swapUseClone: stop.swapUseClone,
            name: stop.name,
            location: stop.location,
          })),
          planTag: 'recommended',
        }),
        acting,
      );
      if (index === 0) await roadBooks.share(tenant, saved.roadBookId, acting);
    }
  }
}

async function actingAdmin(db: Db, tenant: Tenant): Promise<RoadBookActing> {
  const userName = `${tenant}-admin`;
  const user = await staffRepo.findStaffUser(db, { userName });
  if (!user) throw new Error(`demo account ${userName} is missing`);
  return {
    actor: { userId: user.id, userName, type: 'staff', requestId: null },
    displayName: user.displayName,
  };
}
