import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TENANTS } from '@cmp/domain';
import type { CrowdsourcedStationPage } from '@cmp/domain/stations/crowdsourced-stations';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { insertDemoAccounts } from './accounts.demo.js';
import { DEMO_REPORT_COUNTS, seedCrowdsourcedStations } from './crowdsourced-stations.demo.js';
import { seededRandom } from './random.js';
import { seedStationNetwork } from './stations.demo.js';

const NOW = new Date('2026-11-22T00:00:00+08:00');
/** Metres between a report and a candidate, as the portal's duplicate search computes them. */
const HAVERSINE = sql.raw(`2 * 6371008.8 * asin(least(1, sqrt(
  power(sin(radians((c->>'latitude')::float8 - r.latitude) / 2), 2)
  + cos(radians(r.latitude)) * cos(radians((c->>'latitude')::float8))
    * power(sin(radians((c->>'longitude')::float8 - r.longitude) / 2), 2))))`);

describe('demo crowd-sourced reports', () => {
  let sut: TestContext;
  let viewer: string;
  beforeAll(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    viewer = await sut.userWith('viewer', 'nio');
    // Reviewers: the tenants' operators, and one of pe's admins.
    for (const tenant of TENANTS) await sut.userWith('operator', tenant);
    await sut.userWith('admin', 'pe');
    await db.transaction(async (tx) => {
      await seedStationNetwork(tx, seededRandom(3), { chargeStations: 900, swapStations: 60, now: NOW });
      // Accounts in nio and pe only: rsc reports nothing.
      for (const tenant of ['nio', 'pe'] as const) await insertDemoAccounts(tx, tenant, 2_000, NOW);
      await seedCrowdsourcedStations({
        tx,
        random: seededRandom(5),
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

  it('should report thousands of stations in the tenants with accounts, from every source and in every state', async () => {
    const counts = await one<Record<string, number | string>>(sql`
      select count(*)::int as n, string_agg(distinct tenant, ',' order by tenant) as tenants,
        string_agg(distinct source, ',' order by source) as sources,
        string_agg(distinct station_status::text || '/' || online_status::text, ','
          order by station_status::text || '/' || online_status::text) as states,
        count(*) filter (where creator_account_id is not null and not exists (select 1 from accounts a
          where a.tenant = r.tenant and a.account_id = r.creator_account_id and not a.is_delete))::int as strangers,
        count(*) filter (where creator_account_id is null and source <> 'staff')::int as anonymous,
        count(distinct creator_account_id)::int as reporters,
        max(created_at) < ${NOW.toISOString()}::timestamptz as past,
        count(*) filter (where created_at > ${NOW.toISOString()}::timestamptz - interval '7 days'
          and station_status = 0)::int as recent_pending
      from crowdsourced_stations r`);
    expect(counts).toMatchObject({
      n: DEMO_REPORT_COUNTS.small,
      tenants: 'nio,pe',
      sources: 'internal,mini,nio,pe,staff',
      states: '0/0,1/0,1/1,2/0',
      strangers: 0,
      anonymous: 0,
      past: true,
    });
    expect(counts.reporters).toBeGreaterThan(300);
    expect(counts.recent_pending).toBeGreaterThan(0);
  });

  it('should give reviewed reports a reviewer of their tenant and a time after they came, and rejected ones a reason', async () => {
    const review = await one<Record<string, number>>(sql`
      select
        count(*) filter (where station_status = 0 and (review_user is not null or review_time is not null))::int
          as pending_reviewed,
        count(*) filter (where station_status > 0 and (review_time <= created_at or review_time > ${NOW.toISOString()}::timestamptz))::int
          as misdated,
        count(*) filter (where station_status > 0 and not exists (select 1 from staff_users s
          join staff_user_roles role on role.user_id = s.id
          where s.user_name = r.review_user and role.tenant = r.tenant))::int as strange_reviewers,
        count(*) filter (where station_status = 2 and reject_reason is null)::int as unexplained,
        count(*) filter (where station_status <> 2 and reject_reason is not null)::int as stray_reasons,
        count(*) filter (where online_status = 1 and (station_status <> 1 or station_id is null))::int as bad_online,
        count(*) filter (where version <> case when online_status = 1 then 3 when station_status > 0 then 2 else 1 end)::int
          as versions
      from crowdsourced_stations r`);
    expect(review).toEqual({
      pending_reviewed: 0,
      misdated: 0,
      strange_reviewers: 0,
      unexplained: 0,
      stray_reasons: 0,
      bad_online: 0,
      versions: 0,
    });
  });

  it('should flag about one report in ten next to a known station, with candidates the duplicate search would find', async () => {
    const flags = await one<{
      n: number;
      flagged: number;
      inconsistent: number;
      near_station: number;
      near_report: number;
      wrong_candidates: number;
    }>(sql`
      select count(*)::int as n,
        count(*) filter (where suspected_duplicate)::int as flagged,
        count(*) filter (where suspected_duplicate <> (jsonb_array_length(duplicate_candidates) > 0))::int
          as inconsistent,
        count(*) filter (where exists (select 1 from jsonb_array_elements(duplicate_candidates) c
          where c->>'kind' = 'station'))::int as near_station,
        count(*) filter (where exists (select 1 from jsonb_array_elements(duplicate_candidates) c
          where c->>'kind' = 'report'))::int as near_report,
        (select count(*)::int from crowdsourced_stations r, jsonb_array_elements(r.duplicate_candidates) c
          where abs(${HAVERSINE} - (c->>'distance')::float8) > 0.1 or (c->>'distance')::float8 > 200
            or c->>'id' = r.station_id
            or (c->>'kind' = 'station' and not exists (select 1 from resources s where s.resource_id = c->>'id')))
          as wrong_candidates
      from crowdsourced_stations r`);
    expect(flags.inconsistent).toBe(0);
    expect(flags.wrong_candidates).toBe(0);
    expect(flags.near_station / flags.n).toBeGreaterThan(0.08);
    expect(flags.near_station / flags.n).toBeLessThan(0.16);
    expect(flags.near_report).toBeGreaterThan(0);
    expect(flags.flagged).toBeGreaterThanOrEqual(flags.near_station);
    // Nothing unflagged lies within the radius of a station.
    const missed = await one<{ n: number }>(sql`
      select count(*)::int as n from crowdsourced_stations r join resources s
        on s.latitude between r.latitude - 0.002 and r.latitude + 0.002
        and s.longitude between r.longitude - 0.003 and r.longitude + 0.003
      where not r.suspected_duplicate and s.resource_id is distinct from r.station_id
        and 2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(s.latitude - r.latitude) / 2), 2)
          + cos(radians(r.latitude)) * cos(radians(s.latitude))
          * power(sin(radians(s.longitude - r.longitude) / 2), 2)))) <= 200`);
    expect(missed.n).toBe(0);
  });

  it('should place some reports in charging blind spots, near the spot they name', async () => {
    const spots = await one<Record<string, number>>(sql`
      select count(*)::int as n, count(distinct charging_blind_spot_id)::int as spots,
        count(*) filter (where charging_blind_spot_id is null or charging_blind_spot_longitude is null
          or charging_blind_spot_latitude is null)::int as incomplete,
        max(abs(charging_blind_spot_latitude - latitude))::float8 as lat_off
      from crowdsourced_stations where is_charging_blind_spot`);
    expect(spots.n).toBeGreaterThan(DEMO_REPORT_COUNTS.small * 0.05);
    expect(spots.spots).toBeGreaterThan(10);
    expect(spots.incomplete).toBe(0);
    expect(spots.lat_off).toBeLessThan(0.02);
    const others = await one<{ n: number }>(sql`
      select count(*)::int as n from crowdsourced_stations
      where not is_charging_blind_spot and charging_blind_spot_id is not null`);
    expect(others.n).toBe(0);
  });

  it('should link online reports and found stations to network stations, the reporter bound as discoverer', async () => {
    const links = await one<Record<string, number>>(sql`
      select count(*) filter (where online_status = 1)::int as online,
        count(*) filter (where station_id is not null and online_status = 0)::int as found,
        count(*) filter (where station_id is not null and not exists
          (select 1 from resources s where s.resource_id = r.station_id))::int as dangling,
        count(*) filter (where station_id is not null and creator_account_id is not null and not exists
          (select 1 from relations rel where rel.tenant = r.tenant and rel.resource_id = r.station_id
            and rel.account_id = r.creator_account_id and rel.relation_type = 'discoverer'
            and rel.state = 'bind'))::int as unbound,
        (select count(*)::int from relations where resource_origin_id is not null) as relations,
        (select count(*)::int from audit_records a join relations rel
          on a.ext_data->>'relation_id' = rel.relation_id::text
          where a.action = 'CHARGE_STATION_CONTRIBUTOR_BIND' and a.entity_id = rel.resource_id
            and rel.source = 'virtual_station') as history
      from crowdsourced_stations r`);
    expect(links.online).toBeGreaterThan(DEMO_REPORT_COUNTS.small * 0.08);
    expect(links.found).toBeGreaterThan(0);
    expect(links).toMatchObject({ dangling: 0, unbound: 0 });
    expect(links.history).toBe(links.relations);
    const relation = await one<Record<string, unknown>>(sql`
      select rel.source, rel.bind_reason = 'report ' || r.object_id as reason_names_report,
        rel.resource_origin_id = r.object_id as origin_is_report
      from relations rel join crowdsourced_stations r on r.object_id = rel.resource_origin_id
      order by rel.relation_id limit 1`);
    expect(relation).toEqual({
      source: 'virtual_station',
      reason_names_report: true,
      origin_is_report: true,
    });
  });

  it('should show the oldest pending reports first in the review queue, named and placed in Chinese cities', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/crowdsourced-stations/search',
      headers: { cookie: viewer },
      payload: { stationStatus: 0 },
    });
    expect(response.statusCode).toBe(200);
    const page = response.json<CrowdsourcedStationPage>();
    expect(page.total).toBeGreaterThan(50);
    const created = page.items.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    for (const item of page.items) {
      expect(item.stationName).toMatch(/\p{Script=Han}{4,}/u);
      expect(item.areaName).toMatch(/\//);
      expect(item.address).toMatch(/^\p{Script=Han}+[市区县]/u);
      if (item.creatorAccountId) expect(item.createUserMobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    }
  });
});
