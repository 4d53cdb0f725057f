import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANTS } from '@cmp/domain';
import {
  activityProblems,
  activityTenantProblems,
  ActivityFieldsSchema,
  type Activity,
  type ActivityPage,
} from '@cmp/domain/activities/activity-contracts';
import { ACTIVITY_STATUSES } from '@cmp/domain/activities/activity-statuses';
import { ACTIVITY_TYPES } from '@cmp/domain/activities/activity-types';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { insertCouponBatch } from '../test/coupon-fixtures.js';
import { insertAccount } from '../test/relation-fixtures.js';
import { insertChargeStation } from '../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seedActivities } from './activities.demo.js';
import { seededRandom } from './random.js';

describe('demo activities', () => {
  let sut: TestContext;
  const viewers: Record<string, string> = {};
  beforeAll(async () => {
    sut = await createTestContext();
    const db = sut.database.db;
    for (let i = 0; i < 60; i++) await insertChargeStation(db, `CS-D${String(i).padStart(2, '0')}`);
    for (const tenant of TENANTS) {
      await sut.userWith('operator', tenant);
      viewers[tenant] = await sut.userWith('viewer', tenant);
      for (let i = 0; i < 3; i++) await insertCouponBatch(db, tenant, { couponName: `${tenant} 券 ${i}` });
      for (let i = 0; i < 5; i++) await insertAccount(db, `ACC${tenant}${i}`, { tenant });
    }
    await db.transaction(async (tx) =>
      seedActivities({
        tx,
        random: seededRandom(7),
        size: 'small',
        password: '',
        now: new Date(),
        storage: new LocalFileStorage(sut.config.dataDir),
      }),
    );
  });
  afterAll(() => sut.app.close());

  const list = async (tenant: string) => {
    const response = await sut.app.inject({
      url: `/api/${tenant}/activities?pageSize=50`,
      headers: { cookie: viewers[tenant]! },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ActivityPage>().items;
  };

  it('should give every tenant every type in every status, each valid as its editor would save it', async () => {
    for (const tenant of TENANTS) {
      const items = await list(tenant);
      expect(new Set(items.map((a) => a.activityType))).toEqual(new Set(ACTIVITY_TYPES));
      expect(new Set(items.map((a) => a.activityStatus))).toEqual(new Set(ACTIVITY_STATUSES));
      for (const activity of items) {
        const fields = ActivityFieldsSchema.parse(activity);
        expect(activityProblems(fields), `${tenant} ${activity.activityName}`).toEqual([]);
        expect(activityTenantProblems(tenant, fields)).toEqual([]);
      }
    }
  });

  it('should show the stations taking part', async () => {
    const items = await list('nio');
    const discount = items.find((a) => a.activityName === '夜间充电八折')!;
    expect(discount).toMatchObject<Partial<Activity>>({ activityStatus: 'in_progress', stationCount: 40 });
  });
});
