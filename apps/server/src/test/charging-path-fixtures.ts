import type { Tenant } from '@cmp/domain';
import type { ChargingPathRoutes } from '@cmp/domain/charging-paths/charging-path-contracts';
import { encodePolyline } from '@cmp/domain/road-books/polyline';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { chargingPaths } from '../modules/charging-paths/charging-paths.tables.js';
import type { DbOrTx } from '../platform/db/database.js';

/** An account of the tenant straight in the database, as the account service would have sent it. */
export async function insertPathAccount(
  db: DbOrTx,
  accountId: string,
  values: Partial<typeof accounts.$inferInsert> = {},
): Promise<void> {
  const at = new Date('2026-01-01T00:00:00Z');
  await db.insert(accounts).values({ tenant: 'nio', accountId, createTime: at, updateTime: at, ...values });
}

/** A two-step road from Shanghai to Hangzhou with one charging stop where the steps meet. */
export const SAMPLE_ROUTES: ChargingPathRoutes = {
  tag: 'recommended',
  status: 0,
  route: {
    distance: 180_000,
    duration: 9_000,
    status: 0,
    notArrivalDistance: 0,
    notArrivalCount: 0,
    chargingDuration: 1_200,
    estimated: true,
    steps: [
      {
        polyline: encodePolyline([
          [121.47, 31.23],
          [120.9, 30.8],
        ]),
        distance: 90_000,
        duration: 3_900,
        status: 0,
      },
      {
        polyline: encodePolyline([
          [120.9, 30.8],
          [120.16, 30.27],
        ]),
        distance: 90_000,
        duration: 3_900,
        status: 0,
      },
    ],
  },
  resources: [],
};

export interface SamplePath {
  tenant?: Tenant;
  accountId: string;
  searchTime: Date;
  origName?: string;
  destName?: string;
  rating?: number | null;
  status?: 'planned' | 'not_reachable' | 'no_route';
}

/** A recorded path straight in the database; answers its id. */
export async function insertSamplePath(db: DbOrTx, path: SamplePath): Promise<number> {
  const orig = { name: path.origName ?? '上海人民广场', longitude: 121.47, latitude: 31.23 };
  const dest = { name: path.destName ?? '杭州西湖', longitude: 120.16, latitude: 30.27 };
  const [row] = await db
    .insert(chargingPaths)
    .values({
      tenant: path.tenant ?? 'nio',
      accountId: path.accountId,
      vehicleId: 'VIN-1',
      vehicleModel: 'ES6',
      ratedRange: 500,
      currentRange: 300,
      searchTime: path.searchTime,
      origName: orig.name,
      destName: dest.name,
      tag: 'recommended',
      distance: path.status === 'no_route' ? 0 : 180_000,
      duration: path.status === 'no_route' ? 0 : 9_000,
      status: path.status ?? 'planned',
      locations: { orig, dest, waypoints: [] },
      routes: path.status === 'no_route' ? null : SAMPLE_ROUTES,
      commentaryRating: path.rating ?? null,
      commentaryText: path.rating ? `rated ${path.rating}` : null,
      commentaryTime: path.rating ? path.searchTime : null,
    })
    .returning({ pathId: chargingPaths.pathId });
  return row!.pathId;
}
