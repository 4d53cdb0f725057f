/**
 * The lists `bench/list-overhead.ts` measures: for each, the request the web client sends and the repository
 * calls its service makes for it. A new list adds its rows here (and its data to `list-seed.ts` when the
 * demo seeders there do not already make some).
 */
import { CommentListQuerySchema } from '@cmp/domain/comments/comment-contracts';
import { AccountSearchQuerySchema } from '@cmp/domain/accounts/account-contracts';
import { ChargingPathListQuerySchema } from '@cmp/domain/charging-paths/charging-path-contracts';
import { CouponBatchListQuerySchema } from '@cmp/domain/coupons/coupon-batches';
import { CouponRecordListQuerySchema } from '@cmp/domain/coupons/coupon-records';
import { OperationListQuerySchema } from '@cmp/domain/stations/operation-list-item';
import type { Db } from '../apps/server/src/platform/db/database.js';
import * as accountsRepo from '../apps/server/src/modules/accounts/accounts.repo.js';
import * as pathsRepo from '../apps/server/src/modules/charging-paths/charging-paths.repo.js';
import * as commentsRepo from '../apps/server/src/modules/comments/comments.repo.js';
import * as batchesRepo from '../apps/server/src/modules/coupons/coupon-batches.repo.js';
import * as recordsRepo from '../apps/server/src/modules/coupons/coupon-records.repo.js';
import * as stationsRepo from '../apps/server/src/modules/stations/operation-list.repo.js';
import { stationsByPresence } from '../apps/server/src/modules/ocpp/presence.repo.js';
import {
  stationsInActivitiesOf,
  stationsInActivity,
} from '../apps/server/src/modules/activities/activity-stations.views.js';
import * as tagsRepo from '../apps/server/src/modules/tags/tags.repo.js';

export const TENANT = 'nio';

/** What the scenarios need to know of the seeded data. */
export interface SeedFacts {
  /** The city with the most stations, and its operator with the most charge stations. */
  busiestCity: string;
  busiestOperator: string;
  /** The deepest page of 20 the bench reads: page 2000 at 100,000 stations, half way down below. */
  deepPage: number;
}

export interface ListRequest {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
}

export interface ListScenario {
  list: string;
  name: string;
  /** The request as the web client sends it; the bench signs in as a viewer of TENANT. */
  request: (facts: SeedFacts) => ListRequest;
  /** The repository calls the service makes for that request, on the driver, and the page's row count. */
  sql: (db: Db, facts: SeedFacts) => () => Promise<number>;
}

const get = (path: string, query: Record<string, string> = {}): ListRequest => {
  const search = new URLSearchParams(query).toString();
  return { method: 'GET', url: `/api/${TENANT}/${path}${search ? `?${search}` : ''}` };
};

const stationsQuery = (facts: SeedFacts, name: string): Record<string, string> =>
  ({
    'first page': {},
    'three filters': {
      resourceType: 'ChargeStation',
      regionId: facts.busiestCity,
      operatorId: facts.busiestOperator,
      sort: 'basicInfoUpdateTime:desc',
    },
    'deep page': { pageNo: String(facts.deepPage), pageSize: '20' },
  })[name]!;

const stations = (name: string): ListScenario => ({
  list: 'stations (operations list)',
  name,
  request: (facts) => get('stations', stationsQuery(facts, name)),
  sql: (db, facts) => {
    const { pageNo, pageSize, ...filter } = OperationListQuerySchema.parse(stationsQuery(facts, name));
    const list = stationsRepo.operationList({
      withTag: tagsRepo.stationsWithTag,
      byPresence: stationsByPresence,
      inActivity: stationsInActivity,
      inActivitiesOf: stationsInActivitiesOf,
    });
    return async () => (await list.page(db, filter, { pageNo, pageSize })).rows.length;
  },
});

const comments = (name: string, body: Record<string, unknown>): ListScenario => ({
  list: 'comments',
  name,
  request: () => ({ method: 'POST', url: `/api/${TENANT}/comments/search`, payload: body }),
  sql: (db) => {
    const { pageNo, pageSize, ...filter } = CommentListQuerySchema.parse(body);
    return async () =>
      (await commentsRepo.commentList.page(db, { ...filter, tenant: TENANT }, { pageNo, pageSize })).rows
        .length;
  },
});

const accounts = (name: string, query: Record<string, string>): ListScenario => ({
  list: 'accounts',
  name,
  request: () => get('accounts', query),
  sql: (db) => {
    const { pageNo, pageSize, sort, ...filter } = AccountSearchQuerySchema.parse(query);
    // As the service asks: a nickname search in nickname order unless sorted otherwise.
    const search: accountsRepo.AccountSearchFilter & { sort?: string } = {
      ...filter,
      tenant: TENANT,
      sort: sort ?? (filter.nickName ? 'nickName:asc' : undefined),
    };
    return async () =>
      (await accountsRepo.accountSearchList.page(db, search, { pageNo, pageSize })).rows.length;
  },
});

const couponBatches = (name: string, query: Record<string, string>): ListScenario => ({
  list: 'coupon batches',
  name,
  request: () => get('coupon-batches', query),
  sql: (db) => {
    const { pageNo, pageSize, ...filter } = CouponBatchListQuerySchema.parse(query);
    return async () =>
      (await batchesRepo.couponBatchList.page(db, { ...filter, tenant: TENANT }, { pageNo, pageSize })).rows
        .length;
  },
});

const couponRecords = (name: string, query: Record<string, string>): ListScenario => ({
  list: 'coupon records',
  name,
  request: () => get('coupons', query),
  sql: (db) => {
    // What `recordQuery` makes of a filter without a mobile: no look-up, the filter as the repository takes it.
    const { pageNo, pageSize, status, sort } = CouponRecordListQuerySchema.parse(query);
    const recordQuery = recordsRepo.CouponQuerySchema.parse({
      tenant: TENANT,
      statuses: status ? status.split(',') : [],
      sort,
    });
    return async () => (await recordsRepo.couponList.page(db, recordQuery, { pageNo, pageSize })).rows.length;
  },
});

const chargingPaths = (name: string, query: Record<string, string>): ListScenario => ({
  list: 'charging paths',
  name,
  request: () => get('charging-paths', query),
  sql: (db) => {
    const { pageNo, pageSize, ...filter } = ChargingPathListQuerySchema.parse(query);
    return async () =>
      (await pathsRepo.chargingPathList.page(db, { ...filter, tenant: TENANT }, { pageNo, pageSize })).rows
        .length;
  },
});

export const LIST_SCENARIOS: ListScenario[] = [
  stations('first page'),
  stations('three filters'),
  stations('deep page'),
  comments('first page', { pageNo: 1, pageSize: 20 }),
  comments('app comments with text', { pageNo: 1, pageSize: 20, client: 'nio_app', hasCommentaryText: true }),
  accounts('first page', { pageNo: '1', pageSize: '20' }),
  accounts('nickname prefix', { nickName: '用户', pageNo: '1', pageSize: '20' }),
  couponBatches('first page', { pageNo: '1', pageSize: '20' }),
  couponRecords('first page', { pageNo: '1', pageSize: '20' }),
  chargingPaths('first page', { pageNo: '1', pageSize: '20' }),
  chargingPaths('ratings 1,2', { pageNo: '1', pageSize: '20', commentaryRating: '1,2' }),
];
