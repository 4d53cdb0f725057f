import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { TENANTS } from '@cmp/domain';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import { OpeningHoursSchema, sameHoursEveryOpenDay } from '@cmp/domain/stations/business-hours';
import { ChargerTotalSchema, ChargingPowerSchema } from '@cmp/domain/stations/charger-limits';
import { CONSTRUCTION_TYPES } from '@cmp/domain/stations/construction-types';
import { HIGHWAY_SERVICE_AREA_CONSTRUCTION as HIGHWAY_SERVICE_AREA } from '@cmp/domain/road-books/power-features';
import { PARK_FEE_TAG_DICT_TYPE } from '@cmp/domain/stations/dictionaries';
import { areFeePeriodsEditable, FeePeriodListSchema } from '@cmp/domain/stations/fees';
import { NOTIFICATION_TYPES } from '@cmp/domain/stations/resource-notification';
import { STATION_STATUSES } from '@cmp/domain/stations/station-status';
import type { Database } from '../platform/db/database.js';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { resetDatabase, testDatabase } from '../test/test-database.js';
import { REFERENCE_DICTIONARIES } from '../modules/dictionaries/dictionaries.bootstrap.js';
import { equipmentOwners, operators, subOperators } from '../modules/operators/operators.tables.js';
import { resourcePictures } from '../modules/pictures/pictures.tables.js';
import { resourceNotifications } from '../modules/notifications/notifications.tables.js';
import { findRegion, regionLabel, regionPath } from '../platform/regions/region-data.js';
import { regionIdAt } from '../platform/regions/region-geometry.js';
import { isCreditCode, isOrganizationCode } from '@cmp/domain/stations/organization-codes';
import {
  chargeStations,
  connectors,
  equipments,
  resources,
  swapStations,
} from '../modules/stations/stations.tables.js';
import { worksheets } from '../modules/worksheets/worksheets.tables.js';
import { auditRecords } from '../platform/audit/audit.tables.js';
import { CITY_ANCHORS } from './city-anchors.js';
import { loadDemoData } from './index.js';
import {
  DEMO_OPERATOR_OWNERS,
  DEMO_OPERATORS,
  DEMO_PROPERTY_OWNERS,
  DEMO_SUB_OPERATORS,
} from './operators.demo.js';
import { seededRandom } from './random.js';
import { DEMO_ROAD_BOOKS } from './road-books.demo.js';
import { DEMO_NETWORK_SIZES, PICTURED_STATIONS, seedStationNetwork } from './stations.demo.js';

const NOW = new Date('2026-11-22T08:00:00+08:00');
const YEAR_MS = 365 * 86_400_000;

const seedNetwork = (database: Database, seed: number, chargeStations = 200, swapStations = 30) =>
  database.db.transaction((tx) =>
    seedStationNetwork(tx, seededRandom(seed), { chargeStations, swapStations, now: NOW }),
  );

const dictionaryCodes = (type: string) =>
  new Set(REFERENCE_DICTIONARIES.find((d) => d.code === type)!.entries.map((entry) => entry.code));

describe('demo station network', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });

  describe('determinism', () => {
    const TABLES: [PgTable, string][] = [
      [operators, 'operator_id'],
      [equipmentOwners, 'equipment_owner_id'],
      [subOperators, 'sub_operator_id'],
      [resources, 'resource_id'],
      [chargeStations, 'resource_id'],
      [swapStations, 'resource_id'],
      [equipments, 'equipment_id'],
      [connectors, 'connector_id'],
      [worksheets, 'worksheet_id'],
      [resourceNotifications, 'notification_id'],
    ];
    const snapshot = async () => {
      const tables: unknown[][] = [];
      for (const [table, key] of TABLES) {
        tables.push(
          await database.db
            .select()
            .from(table)
            .orderBy(asc(sql.identifier(key))),
        );
      }
      return tables;
    };

    it('should write the same rows for the same seed and a different network for another seed', async () => {
      await resetDatabase(database);
      await seedNetwork(database, 7);
      const first = await snapshot();
      await resetDatabase(database);
      await seedNetwork(database, 7);
      const second = await snapshot();
      await resetDatabase(database);
      await seedNetwork(database, 8);
      const other = await snapshot();

      expect(first.map((rows) => rows.length)).toEqual(second.map((rows) => rows.length));
      expect(second).toEqual(first);
      const resourceIndex = TABLES.findIndex(([table]) => table === resources);
      expect(other[resourceIndex]).not.toEqual(first[resourceIndex]);
    });
  });

  describe('a seeded network', () => {
    beforeAll(async () => {
      await resetDatabase(database);
      await seedNetwork(database, 20261121, 800, 120);
    });

    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

    it('should write the requested number of charge and swap stations, each with its type row', async () => {
      const counts = await rows<{ type: string; stations: number; typed: number }>(sql`
        select r.resource_type as type, count(*)::int as stations,
               count(c.resource_id)::int + count(s.resource_id)::int as typed
        from resources r
        left join charge_stations c on c.resource_id = r.resource_id
        left join swap_stations s on s.resource_id = r.resource_id
        group by r.resource_type order by r.resource_type`);

      expect(counts).toEqual([
        { type: 'ChargeStation', stations: 800, typed: 800 },
        { type: 'PowerSwap', stations: 120, typed: 120 },
      ]);
    });

    it('should give every charge station chargers with plugs: DC 60–480 kW, AC 7 kW, each plug free, busy or offline', async () => {
      const [bare] = await rows<{ count: number }>(sql`
        select count(*)::int as count from charge_stations c
        where not exists (select 1 from equipments e where e.resource_id = c.resource_id)`);
      const [unplugged] = await rows<{ count: number }>(sql`
        select count(*)::int as count from equipments e
        where not exists (select 1 from connectors k where k.equipment_id = e.equipment_id)`);
      const powers = await rows<{ type: string; min: number; max: number }>(sql`
        select equipment_type as type, min(power) as min, max(power) as max
        from equipments group by equipment_type order by equipment_type`);
      const statuses = await rows<{ status: string }>(sql`
        select distinct status from connectors order by status`);

      expect(bare!.count).toBe(0);
      expect(unplugged!.count).toBe(0);
      expect(powers).toEqual([
        { type: 'AC', min: 7, max: 7 },
        { type: 'DC', min: 60, max: 480 },
      ]);
      expect(statuses.map((s) => s.status)).toEqual(['busy', 'free', 'offline']);
    });

    it('should place every station in the district its coordinates lie in, named in its address, city stations in a demo city', async () => {
      const stations = await database.db
        .select({
          resourceId: resources.resourceId,
          regionId: resources.regionId,
          cityId: resources.cityId,
          provinceId: resources.provinceId,
          address: resources.address,
          construction: resources.construction,
          longitude: resources.longitude,
          latitude: resources.latitude,
        })
        .from(resources);
      const cityIds = new Set(CITY_ANCHORS.map((city) => city.cityId));

      const misplaced = stations.filter((station) => {
        const path = regionPath(station.regionId);
        const [, ...cityAndDistrict] = (regionLabel(station.regionId) ?? '').split('/');
        return (
          !path ||
          path.cityId !== station.cityId ||
          path.provinceId !== station.provinceId ||
          (path.districtId === null && findRegion(station.regionId)?.level !== 'city') ||
          regionIdAt(station.longitude, station.latitude, 0) !== station.regionId ||
          !(station.address ?? '').includes(cityAndDistrict.join('')) ||
          (station.construction !== HIGHWAY_SERVICE_AREA && !cityIds.has(station.cityId ?? ''))
        );
      });
      expect(misplaced).toEqual([]);
      // Service areas stand along the highways between the demo cities too, in the counties there.
      const highwayCities = new Set(
        stations.filter((s) => s.construction === HIGHWAY_SERVICE_AREA).map((s) => s.cityId),
      );
      expect([...highwayCities].some((cityId) => !cityIds.has(cityId ?? ''))).toBe(true);
      // Inside mainland China's bounding box, so no point lands at sea or abroad by a sign error.
      for (const station of stations) {
        expect(station.longitude).toBeGreaterThan(73);
        expect(station.longitude).toBeLessThan(135);
        expect(station.latitude).toBeGreaterThan(18);
        expect(station.latitude).toBeLessThan(54);
      }
    });

    it("should list a swap station's chargers as chargers of its own, one plug each, as many and as free as it counts", async () => {
      const counted = await rows<{
        resource_id: string;
        dc: number;
        ac: number;
        free_dc: number;
        free_ac: number;
        rows_dc: number;
        rows_ac: number;
        plugs: number;
        free_plugs_dc: number;
        free_plugs_ac: number;
      }>(sql`
        select s.resource_id, s.charger_total_number_dc as dc, s.charger_total_number_ac as ac,
               s.charger_free_number_dc as free_dc, s.charger_free_number_ac as free_ac,
               count(distinct e.equipment_id) filter (where e.equipment_type = 'DC')::int as rows_dc,
               count(distinct e.equipment_id) filter (where e.equipment_type = 'AC')::int as rows_ac,
               count(k.connector_id)::int as plugs,
               count(k.connector_id) filter (where e.equipment_type = 'DC' and k.status = 'free')::int as free_plugs_dc,
               count(k.connector_id) filter (where e.equipment_type = 'AC' and k.status = 'free')::int as free_plugs_ac
        from swap_stations s
        left join equipments e on e.resource_id = s.resource_id
        left join connectors k on k.equipment_id = e.equipment_id
        group by s.resource_id`);

      const mismatched = counted.filter(
        (s) =>
          s.rows_dc !== s.dc ||
          s.rows_ac !== s.ac ||
          s.plugs !== s.dc + s.ac ||
          s.free_plugs_dc !== s.free_dc ||
          s.free_plugs_ac !== s.free_ac,
      );
      expect(mismatched).toEqual([]);
      expect(counted.filter((s) => s.dc + s.ac > 0).length).toBeGreaterThan(counted.length * 0.3);
    });

    it('should keep worksheet counters equal to the worksheets of each station, with open and closed ones', async () => {
      const mismatched = await rows<{ resource_id: string }>(sql`
        select r.resource_id from resources r
        left join (
          select resource_id, count(*)::int as total,
                 count(*) filter (where status = 'open')::int as open
          from worksheets group by resource_id
        ) w on w.resource_id = r.resource_id
        where r.worksheet_number <> coalesce(w.total, 0)
           or r.open_worksheet_number <> coalesce(w.open, 0)`);
      const byStatus = await rows<{ status: string; count: number; closed_at: number }>(sql`
        select status, count(*)::int as count, count(closed_at)::int as closed_at
        from worksheets group by status order by status`);

      expect(mismatched).toEqual([]);
      expect(byStatus.map((s) => s.status)).toEqual(['closed', 'open']);
      expect(byStatus[0]!.closed_at).toBe(byStatus[0]!.count);
      expect(byStatus[1]!.closed_at).toBe(0);
    });

    it('should store hours and fees the domain schemas accept, some of them not editable', async () => {
      const charge = await database.db.select().from(chargeStations);
      const swap = await database.db.select().from(swapStations);

      for (const station of charge) {
        expect(OpeningHoursSchema.safeParse(station.businessHours).success).toBe(true);
        expect(FeePeriodListSchema.safeParse(station.electricityFee).success).toBe(true);
        expect(FeePeriodListSchema.safeParse(station.serviceFee).success).toBe(true);
      }
      for (const station of swap) {
        expect(OpeningHoursSchema.safeParse(station.openingHours).success).toBe(true);
      }
      const perDayHours = charge.filter((s) => !sameHoursEveryOpenDay(s.businessHours.openList)).length;
      const rangedFees = charge.filter((s) => !areFeePeriodsEditable(s.electricityFee)).length;
      expect(perDayHours).toBeGreaterThan(0);
      expect(perDayHours).toBeLessThan(charge.length * 0.2);
      expect(rangedFees).toBeGreaterThan(0);
      expect(rangedFees).toBeLessThan(charge.length * 0.2);
    });

    it('should use only codes the domain and the dictionaries know', async () => {
      const stations = await database.db.select().from(resources);
      const charge = await database.db.select().from(chargeStations);
      const scenes = dictionaryCodes(BIZ_SCENE_DICT_TYPE);
      const parkFeeTags = dictionaryCodes(PARK_FEE_TAG_DICT_TYPE);

      for (const station of stations) {
        expect(STATION_STATUSES).toContain(station.status);
        expect(CONSTRUCTION_TYPES).toContain(station.construction);
        for (const code of station.bizSceneCodes) expect(scenes).toContain(String(code));
      }
      for (const station of charge) expect(parkFeeTags).toContain(station.parkFeeTag);
      const types = await rows<{ type: string }>(sql`
        select distinct type from resource_notifications order by type`);
      for (const { type } of types) expect(NOTIFICATION_TYPES).toContain(type);
    });

    it('should run most stations normally and put highway service areas on highways', async () => {
      const stations = await database.db.select().from(resources);
      const normal = stations.filter((s) => s.status === 50).length;
      const highway = stations.filter((s) => s.construction === 11);

      expect(normal / stations.length).toBeGreaterThan(0.8);
      expect(highway.length).toBeGreaterThan(0);
      for (const station of highway) {
        expect(station.resourceName).toMatch(/高速.+服务区/);
        expect(station.bizSceneCodes.length === 0 || station.bizSceneCodes.includes(5)).toBe(true);
      }
    });

    it('should spread the basic-info update times over the year before now', async () => {
      const [range] = await rows<{ oldest: string; newest: string; months: number }>(sql`
        select min(basic_info_update_time) as oldest, max(basic_info_update_time) as newest,
               count(distinct date_trunc('month', basic_info_update_time))::int as months
        from resources`);

      expect(new Date(range!.newest).getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(new Date(range!.oldest).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - YEAR_MS);
      expect(range!.months).toBeGreaterThanOrEqual(12);
    });

    it('should give swap stations ids, versions, charger counts within the limits and a nearby clone for some', async () => {
      const swap = await database.db.select().from(swapStations);
      const stations = new Map(
        (await database.db.select().from(resources)).map((station) => [station.resourceId, station]),
      );

      for (const station of swap) {
        expect(station.resourceId).toMatch(/^PS-(NIO-)?[0-9a-f]{8}-[0-9a-f]{8}$/);
        expect(station.hardwareVersion).toMatch(/^PSS[1-4]\.0$/);
        expect(ChargerTotalSchema.safeParse(station.chargerTotalNumberDc).success).toBe(true);
        expect(ChargerTotalSchema.safeParse(station.chargerTotalNumberAc).success).toBe(true);
        expect(station.chargerFreeNumberDc).toBeLessThanOrEqual(station.chargerTotalNumberDc);
        expect(station.chargerFreeNumberAc).toBeLessThanOrEqual(station.chargerTotalNumberAc);
        if (station.chargingPowerTotalMax !== null) {
          expect(ChargingPowerSchema.safeParse(station.chargingPowerTotalMax).success).toBe(true);
          expect(station.chargingPowerTotalMin!).toBeLessThanOrEqual(station.chargingPowerTotalMax);
        }
        if (station.hasClone) {
          const main = stations.get(station.resourceId)!;
          const metres = distanceMetres(main, {
            longitude: station.cloneLongitude!,
            latitude: station.cloneLatitude!,
          });
          expect(metres).toBeGreaterThan(40);
          expect(metres).toBeLessThan(200);
        }
      }
      const clones = swap.filter((s) => s.hasClone).length / swap.length;
      expect(clones).toBeGreaterThan(0.1);
      expect(clones).toBeLessThan(0.3);
    });
  });

  describe('operators', () => {
    it('should give operators, owners and sub-operators valid organization and credit codes', () => {
      const codes = [
        ...DEMO_OPERATORS.map((o) => [o.operatorId, o.operatorOrganizationCode]),
        ...[...DEMO_OPERATOR_OWNERS, ...DEMO_PROPERTY_OWNERS].map((o) => [
          o.equipmentOwnerId,
          o.organizationCode,
        ]),
        ...DEMO_SUB_OPERATORS.map((o) => [o.subOperatorId, o.organizationCode]),
      ] as [string, string][];

      for (const [id, credit] of codes) {
        expect(isOrganizationCode(id)).toBe(true);
        expect(isCreditCode(credit)).toBe(true);
        expect(credit.slice(8, 17)).toBe(id);
      }
      expect(new Set(codes.map(([id]) => id)).size).toBe(codes.length);
    });

    it('should have NIO Power as the only operator controlled by NIO, and unique ids', () => {
      expect(DEMO_OPERATORS.filter((o) => o.controlledByNio).map((o) => o.operatorName)).toEqual([
        '蔚来能源',
      ]);
      expect(new Set(DEMO_OPERATORS.map((o) => o.operatorId)).size).toBe(DEMO_OPERATORS.length);
    });

    it('should keep China Southern Grid in its five provinces and State Grid out of them', async () => {
      await resetDatabase(database);
      await seedNetwork(database, 3, 600, 0);
      const grid = await (
        (await database.db.execute(sql`
        select o.operator_name as name, array_agg(distinct left(r.province_id, 2) order by left(r.province_id, 2)) as provinces
        from resources r join operators o on o.operator_id = r.operator_id
        where o.operator_name in ('国家电网', '南方电网') group by o.operator_name order by o.operator_name`)) as unknown as {
          rows: { name: string; provinces: string[] }[];
        }
      ).rows;

      const south = ['44', '45', '46', '52', '53'];
      const byName = Object.fromEntries(grid.map((g) => [g.name, g.provinces]));
      expect(byName['南方电网']!.every((p) => south.includes(p))).toBe(true);
      expect(byName['国家电网']!.some((p) => south.includes(p))).toBe(false);
    });
  });

  describe('loadDemoData', () => {
    let filesDir: string;
    beforeAll(() => {
      filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-demo-files-'));
    });
    afterAll(() => fs.rmSync(filesDir, { recursive: true, force: true }));

    // The whole small demo loads here (about 25 s on an idle machine); a busy run of the suite needs more.
    it(
      'should load the small network with staff as worksheet creators, pictures on the latest stations and road books',
      { timeout: 120_000 },
      async () => {
        await resetDatabase(database);
        await loadDemoData(database.db, {
          size: 'small',
          password: 'demo-password-1',
          storage: new LocalFileStorage(filesDir),
          now: NOW,
        });

        const counts = await (
          (await database.db.execute(sql`
        select resource_type as type, count(*)::int as count from resources
        group by resource_type order by resource_type`)) as unknown as {
            rows: { type: string; count: number }[];
          }
        ).rows;
        expect(counts).toEqual([
          { type: 'ChargeStation', count: DEMO_NETWORK_SIZES.small.chargeStations },
          { type: 'PowerSwap', count: DEMO_NETWORK_SIZES.small.swapStations },
        ]);

        const creators = await (
          (await database.db.execute(sql`
        select count(*)::int as sheets, count(*) filter (where s.id is null)::int as unknown_creators
        from worksheets w left join staff_users s on s.id = w.creator_user_id and s.display_name = w.creator_name`)) as unknown as {
            rows: { sheets: number; unknown_creators: number }[];
          }
        ).rows[0]!;
        expect(creators.sheets).toBeGreaterThan(100);
        expect(creators.unknown_creators).toBe(0);

        const pictured = await (
          (await database.db.execute(sql`
        select p.resource_id, r.resource_type from resource_pictures p
        join resources r on r.resource_id = p.resource_id group by p.resource_id, r.resource_type`)) as unknown as {
            rows: { resource_id: string; resource_type: string }[];
          }
        ).rows;
        expect(pictured.filter((p) => p.resource_type === 'ChargeStation')).toHaveLength(
          PICTURED_STATIONS.charge,
        );
        expect(pictured.filter((p) => p.resource_type === 'PowerSwap')).toHaveLength(PICTURED_STATIONS.swap);
        const [newest] = await database.db
          .select({ resourceId: resources.resourceId })
          .from(resources)
          .orderBy(sql`${resources.basicInfoUpdateTime} desc`)
          .limit(1);
        expect(pictured.map((p) => p.resource_id)).toContain(newest!.resourceId);

        const [picture] = await database.db.select().from(resourcePictures).limit(1);
        const [file] = await (
          (await database.db.execute(sql`
        select storage_key, content_type from stored_files where id = ${picture!.originalFileId}`)) as unknown as {
            rows: { storage_key: string; content_type: string }[];
          }
        ).rows;
        expect(file!.content_type).toBe('image/jpeg');
        expect(fs.readFileSync(path.join(filesDir, file!.storage_key)).subarray(0, 2)).toEqual(
          Buffer.from([0xff, 0xd8]),
        );
        const uploads = await database.db.select().from(auditRecords);
        expect(uploads.filter((a) => a.action === 'PICTURE_UPLOAD').length).toBe(
          (await database.db.select().from(resourcePictures)).length,
        );

        // Road books in every tenant, each with stops and its saved route in range, one of them shared.
        const books = await (
          (await database.db.execute(sql`
        select b.tenant, count(*)::int as books,
               count(*) filter (where jsonb_array_length(b.waypoint_resource_seq) > 0)::int as with_stops,
               count(*) filter (where (r.route->>'notArrivalCount')::int = 0 and b.state = 1)::int as reachable,
               count(s.token)::int as shared, count(*) filter (where b.online_state = 1)::int as online,
               array_agg(distinct b.creator_name) as creators
        from road_books b
        left join road_book_routes r on r.road_book_id = b.road_book_id
        left join road_book_shares s on s.road_book_id = b.road_book_id and s.revoked_at is null
        group by b.tenant order by b.tenant`)) as unknown as {
            rows: {
              tenant: string;
              books: number;
              with_stops: number;
              reachable: number;
              shared: number;
              online: number;
              creators: string[];
            }[];
          }
        ).rows;
        expect(books).toEqual(
          [...TENANTS].sort().map((tenant) => ({
            tenant,
            books: DEMO_ROAD_BOOKS[tenant].length,
            with_stops: DEMO_ROAD_BOOKS[tenant].length,
            reachable: DEMO_ROAD_BOOKS[tenant].length,
            shared: 1,
            online: 1,
            creators: [`${tenant.toUpperCase()} admin`],
          })),
        );
      },
    );
  });
});

function distanceMetres(
  a: { longitude: number; latitude: number },
  b: { longitude: number; latitude: number },
): number {
  const dy = (b.latitude - a.latitude) * 111_320;
  const dx = (b.longitude - a.longitude) * 111_320 * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(dx, dy);
}
