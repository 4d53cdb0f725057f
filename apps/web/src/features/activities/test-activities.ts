import type { Job } from '@cmp/domain';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import type { ActivityStationItem } from '@cmp/domain/activities/activity-stations';
import { ok, staffUser, type FakeHandler } from '../../test/fake-api';

export const CREATED = Date.parse('2026-03-02T09:30:00+08:00');
export const BEGIN = Date.parse('2026-04-01T00:00:00+08:00');
export const END = Date.parse('2026-04-30T23:59:59+08:00');

/** An activity as the server answers it: red packets in cents, discounts as ratios. */
export const activity = (id: number, overrides: Partial<Activity> = {}): Activity => ({
  activityId: id,
  activityType: 'charger_red_packet',
  activityName: `活动 ${id}`,
  businessModule: null,
  businessModuleDesc: null,
  activityStatus: 'not_started',
  activityDescription: null,
  beginTime: BEGIN,
  endTime: END,
  coverImage: null,
  rewardSlogan: null,
  activityLink: null,
  creatorId: 7,
  creatorName: 'alice',
  createTime: CREATED,
  updateTime: CREATED,
  activityRules: [],
  chargingDiscountRules: [],
  rewardStatistics: { totalRedPacket: 12345, totalNioPoint: 600 },
  tenantId: 'nio',
  effectOperatorRules: [],
  stationCount: 3,
  version: 4,
  ...overrides,
});

/** A station as the activity station list answers it, taking part (active) in `activityId` unless null. */
export const activityStation = (
  resourceId: string,
  activityId: number | null,
  overrides: Partial<ActivityStationItem> = {},
): ActivityStationItem => ({
  relationId: activityId === null ? null : 100,
  activityId,
  resourceId,
  resourceType: 'ChargeStation',
  resourceName: `站点 ${resourceId}`,
  operatorId: 'op1',
  operatorName: '运营商一',
  equipmentOwner: null,
  region: '上海市/上海市/闵行区',
  address: null,
  active: activityId === null ? null : true,
  surplusNum: null,
  resourceAwards: [],
  recommendationCode: null,
  commentaryNumber: 2,
  focusedCommentaryNumber: 0,
  worksheetNumber: 1,
  openWorksheetNumber: 1,
  basicInfoUpdateTime: CREATED,
  ...overrides,
});

export const job = (jobId: number, overrides: Partial<Job> = {}): Job => ({
  jobId,
  kind: 'activities.station-import',
  tenant: 'nio',
  createdBy: { userId: 7, userName: 'alice' },
  params: {},
  state: 'running',
  progress: { done: 0, total: null, message: null },
  result: null,
  error: null,
  attempts: 0,
  cancelRequested: false,
  createdAt: '2026-03-02T01:30:00.000Z',
  startedAt: '2026-03-02T01:30:00.000Z',
  finishedAt: null,
  updatedAt: '2026-03-02T01:30:00.000Z',
  ...overrides,
});

/** The calls every screen of a tenant makes, for an operator of `tenant`. */
export const signedIn = (tenant: 'nio' | 'pe' = 'nio', role: 'operator' | 'viewer' = 'operator') => {
  const handlers: Record<string, FakeHandler> = {
    'GET /api/auth/me': () => ok(staffUser([{ tenant, role }])),
    [`GET /api/${tenant}/operators`]: () =>
      ok({ items: [{ operatorId: 'op1', operatorName: '运营商一' }], total: 1 }),
    [`GET /api/${tenant}/dictionaries`]: () => ok({ items: [] }),
    'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
  };
  return handlers;
};
