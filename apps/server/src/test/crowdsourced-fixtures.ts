import sharp from 'sharp';
import type { Tenant } from '@cmp/domain';
import type { AppReport } from '@cmp/domain/stations/crowdsourced-stations';
import type { DbOrTx } from '../platform/db/database.js';
import { crowdsourcedStations } from '../modules/crowdsourced-stations/crowdsourced-stations.tables.js';

/** Where the station fixtures put their stations (People Square, Shanghai). */
export const SQUARE = { longitude: 121.4737, latitude: 31.2304 };

const METRES_PER_DEGREE_LATITUDE = 111_320;

/** The point `north` and `east` metres from `from` (negative for south and west). */
export function offset(
  from: { longitude: number; latitude: number },
  north: number,
  east = 0,
): { longitude: number; latitude: number } {
  const metresPerDegreeLongitude = METRES_PER_DEGREE_LATITUDE * Math.cos((from.latitude * Math.PI) / 180);
  return {
    longitude: from.longitude + east / metresPerDegreeLongitude,
    latitude: from.latitude + north / METRES_PER_DEGREE_LATITUDE,
  };
}

/** A small PNG in base64, as an app sends a picture. */
export async function pngBase64(colour = '#2f7fc1'): Promise<string> {
  const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** A report as the app back end sends it, 3 km north of the square unless placed elsewhere. */
export function appReport(objectId: string, values: Partial<AppReport> = {}): AppReport {
  return {
    objectId,
    source: 'nio',
    creatorAccountId: 'ACC1',
    stationName: `reported ${objectId}`,
    address: 'No. 8 Reporter Road',
    areaCode: '310101',
    ...offset(SQUARE, 3000),
    ...values,
  };
}

type ReportValues = Partial<typeof crowdsourcedStations.$inferInsert>;

/** A report straight in the database: pending, from the nio app, 3 km north of the square unless given. */
export async function insertReport(
  db: DbOrTx,
  objectId: string,
  values: ReportValues & { tenant?: Tenant } = {},
): Promise<void> {
  await db.insert(crowdsourcedStations).values({
    tenant: 'nio',
    objectId,
    source: 'nio',
    stationName: `reported ${objectId}`,
    address: 'No. 8 Reporter Road',
    areaCode: '310101',
    ...offset(SQUARE, 3000),
    createUser: 'app-nio',
    ...values,
  });
}
