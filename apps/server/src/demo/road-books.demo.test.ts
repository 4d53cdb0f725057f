import { beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_MAX_RANGE } from '@cmp/domain/road-books/road-book-save';
import type { Database } from '../platform/db/database.js';
import { resetDatabase, testDatabase } from '../test/test-database.js';
import { CITY_ANCHORS, distanceKm } from './city-anchors.js';
import { seededRandom } from './random.js';
import { DEMO_LONG_TRIPS, demoRoadBooksService, tripRequest } from './road-books.demo.js';
import { DEMO_NETWORK_SIZES, seedStationNetwork } from './stations.demo.js';
import { DEFAULT_ARRIVAL_RESERVE_RATIO } from '../modules/road-books/planning/route-planner.js';

const NOW = new Date('2026-11-22T08:00:00+08:00');
const cityName = (cityId: string) => CITY_ANCHORS.find((city) => city.cityId === cityId)!.name;

/**
 * 40 % of what the default 200 km of range drives between stops (keeping the default 10 % arrival
 * reserve) on the estimated routing's great circle (road = 1.3 × straight): consecutive stops closer
 * than that are bunched, and their pins crowd each other on the map. Each direction of travel has its
 * own half of the service areas, so a trip sometimes takes one hop shorter than half a leg to fit them.
 */
const BUNCHED_KM = (0.4 * INITIAL_MAX_RANGE * (1 - DEFAULT_ARRIVAL_RESERVE_RATIO)) / 1.3;

describe('the demo network for long trips', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    await resetDatabase(database);
    await database.db.transaction((tx) =>
      seedStationNetwork(tx, seededRandom(20261121), { ...DEMO_NETWORK_SIZES.small, now: NOW }),
    );
  });

  it.each(DEMO_LONG_TRIPS.map((trip) => [`${cityName(trip.from)}→${cityName(trip.to)}`, trip] as const))(
    'should plan %s at the default range with every leg in range and the stops spread along it',
    async (_name, trip) => {
      const request = tripRequest(trip);
      const { plans } = await demoRoadBooksService(database.db).options(request);

      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) {
        expect({ tags: plan.tags, notArrivalCount: plan.route.notArrivalCount, status: plan.status }).toEqual(
          {
            tags: plan.tags,
            notArrivalCount: 0,
            status: 0,
          },
        );
      }
      // The plan the editor opens with: its stops spread along the trip, none bunched with the next pin.
      const shown = plans.find((plan) => plan.tags.includes('recommended'))!;
      expect(shown.resources.length).toBeGreaterThan(0);
      const pins = [
        request.originPoint,
        ...shown.resources.map((stop) => stop.location),
        request.destinationPoint,
      ];
      const gaps = pins.slice(1).map((pin, i) => Math.round(distanceKm(pins[i]!, pin)));
      expect(Math.min(...gaps), `km between pins: ${gaps.join(', ')}`).toBeGreaterThan(BUNCHED_KM);
    },
  );
});
