import { eq } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { CouponOrder } from '@cmp/domain/coupons/coupon-claims';
import { signedHeaders } from '../../platform/signed-clients/client-signing.js';
import type { TestAppClient } from '../../test/app-client-fixtures.js';
import { insertCouponBatch } from '../../test/coupon-fixtures.js';
import type { TestContext } from '../../test/test-app.js';
import type { CouponBatchRow } from './coupon-batches.repo.js';
import { issueCoupons } from './coupon-issue.service.js';
import { couponBatches, couponGenerateRecords } from './coupons.tables.js';

type BatchInsert = typeof couponBatches.$inferInsert;
type RecordInsert = typeof couponGenerateRecords.$inferInsert;

/** A batch straight in the database: 10 yuan off, 100 in stock, valid 7 days after a claim. */
export const insertBatch = (
  sut: TestContext,
  fields: Partial<BatchInsert> = {},
  tenant: Tenant = 'nio',
): Promise<CouponBatchRow> =>
  insertCouponBatch(sut.database.db, tenant, {
    couponName: '充电立减券',
    batchName: '十一月',
    amount: 100,
    expireTypeCode: 'days_after_binding',
    effectiveDate: null,
    expireDate: null,
    effectiveDays: 7,
    operatorAccount: 'nio-operator',
    status: 'finished',
    ...fields,
  });

/** `count` codes of the batch waiting to be claimed, made as a generation makes them. */
export async function insertCodes(
  sut: TestContext,
  batch: CouponBatchRow,
  count: number,
  tenant: Tenant = 'nio',
) {
  const rows = await sut.database.db.transaction((tx) =>
    issueCoupons(tx, {
      tenant,
      batch,
      accountIds: Array.from({ length: count }, () => null),
      channel: 'code',
      operatorAccount: 'nio-operator',
    }),
  );
  return rows.map((row) => row.couponUuid);
}

/** A finished claimable-code record of the batch with a token valid around now. */
export async function insertTokenRecord(
  sut: TestContext,
  batch: CouponBatchRow,
  couponToken: string,
  fields: Partial<RecordInsert> = {},
) {
  const [row] = await sut.database.db
    .insert(couponGenerateRecords)
    .values({
      tenant: batch.tenant,
      couponBatchId: batch.couponBatchId,
      generateType: 'generate',
      status: 'finished',
      generateAmount: 0,
      couponToken,
      couponTokenEffectiveDate: new Date(Date.now() - 86_400_000),
      couponTokenExpireDate: new Date(Date.now() + 86_400_000),
      operatorAccount: 'nio-operator',
      ...fields,
    })
    .returning();
  return row!;
}

export async function batchCounters(sut: TestContext, couponBatchId: number) {
  const [row] = await sut.database.db
    .select({
      stockAmount: couponBatches.stockAmount,
      createdAmount: couponBatches.createdAmount,
      assignedAmount: couponBatches.assignedAmount,
      usedAmount: couponBatches.usedAmount,
    })
    .from(couponBatches)
    .where(eq(couponBatches.couponBatchId, couponBatchId));
  return row!;
}

/** A signed request of the app back end, in a language of the caller's choosing. */
export function sendSignedIn(
  sut: TestContext,
  client: TestAppClient,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  language: 'zh-CN' | 'en' = 'zh-CN',
) {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return sut.app.inject({
    method,
    url: path,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      origin: undefined,
      'accept-language': language,
      ...signedHeaders(client, { method, path, body }),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** A 40-yuan order (30 electricity, 10 service) of account A-1 at station ST-1 of operator OP-1. */
export const sampleOrder = (fields: Partial<CouponOrder> = {}): CouponOrder => ({
  orderId: 'ORD-1',
  accountId: 'A-1',
  operatorId: 'OP-1',
  cityCode: '440300',
  resourceId: 'ST-1',
  groups: ['G-1'],
  tags: ['night'],
  platformType: 'pe_app',
  electricityFee: 3000,
  serviceFee: 1000,
  ...fields,
});
