import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReportedStationPage } from '@cmp/domain/stations/reported-stations';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { DEMO_REPORTED_STATION_COUNTS, seedReportedStations } from './reported-stations.demo.js';
import { seedOperators } from './operators.demo.js';
import { seededRandom } from './random.js';

const NOW = new Date('2026-11-22T00:00:00+08:00');

describe('demo reported stations', () => {
  let sut: TestContext;
  let viewer: string;
  beforeAll(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'pe');
    await sut.database.db.transaction(async (tx) => {
      await seedOperators(tx, NOW);
      await seedReportedStations({
        tx,
        random: seededRandom(9),
        size: 'small',
        password: '',
        now: NOW,
        storage: new LocalFileStorage(sut.config.dataDir),
      });
    });
  });
  afterAll(() => sut.app.close());

  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await sut.database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

  it('should enter a few hundred stations in every tenant, of operators, owners and sub-operators the network has', async () => {
    const counts = await one<Record<string, number | string>>(sql`
      select count(*)::int as n, string_agg(distinct tenant, ',' order by tenant) as tenants,
        count(distinct source)::int as sources, count(distinct operator_id)::int as operators,
        count(*) filter (where sub_operator_id is not null)::int as sub_operated,
        count(*) filter (where not exists (select 1 from operators o where o.operator_id = r.operator_id)
          or not exists (select 1 from equipment_owners e where e.equipment_owner_id = r.equipment_owner_id)
          or (sub_operator_id is not null and not exists
            (select 1 from sub_operators s where s.sub_operator_id = r.sub_operator_id)))::int as unknown,
        count(*) filter (where equipment_owner_id <> (select o.equipment_owner_id from operators o
          where o.operator_id = r.operator_id))::int as property_owned,
        count(*) filter (where area_code !~ '^[0-9]{6}$' or created_at > updated_at
          or updated_at > ${NOW.toISOString()}::timestamptz)::int as malformed
      from reported_stations r`);
    expect(counts).toMatchObject({
      n: DEMO_REPORTED_STATION_COUNTS.small,
      tenants: 'nio,pe,rsc',
      unknown: 0,
      malformed: 0,
    });
    expect(counts.sources).toBe(5);
    expect(counts.operators).toBeGreaterThan(5);
    expect(counts.sub_operated).toBeGreaterThan(30);
    expect(counts.property_owned).toBeGreaterThan(20);
  });

  it("should describe each station's chargers as its counts say", async () => {
    const chargers = await one<Record<string, number>>(sql`
      select count(*) filter (where dc_equipment_number <> (select count(*) from jsonb_array_elements(equipments) e
          where e->>'equipmentType' = 'DC')
        or ac_equipment_number <> (select count(*) from jsonb_array_elements(equipments) e
          where e->>'equipmentType' = 'AC'))::int as miscounted,
        count(*) filter (where jsonb_array_length(equipments) = 0)::int as empty,
        count(*) filter (where dc_equipment_number > 0 and dc_power = 0)::int as powerless
      from reported_stations`);
    expect(chargers).toEqual({ miscounted: 0, empty: 0, powerless: 0 });
  });

  it('should list them with their operators’ names and areas', async () => {
    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/pe/reported-stations?pageSize=50',
      headers: { cookie: viewer },
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<ReportedStationPage>();
    expect(list.total).toBeGreaterThan(60);
    for (const station of list.items) {
      expect(station.operatorName).toBeTruthy();
      expect(station.equipmentOwnerName).toBeTruthy();
      expect(station.areaName).toMatch(/\//);
      expect(station.stationName).toMatch(/^\p{Script=Han}/u);
      if (station.subOperatorId) expect(station.subOperatorName).toMatch(/有限公司$/);
    }
  });
});
