import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import { couponExpiry } from '@cmp/domain/coupons/coupon-expiry';
import { accounts } from '../modules/accounts/accounts.tables.js';
import type { CouponBatchRow } from '../modules/coupons/coupon-batches.repo.js';
import { issueCoupons } from '../modules/coupons/coupon-issue.service.js';
import {
  couponAbandonRecords,
  couponBatches,
  couponCustomTags,
  couponGenerateRecords,
  coupons,
} from '../modules/coupons/coupons.tables.js';
import type { Tx } from '../platform/db/database.js';
import type { DemoContext } from './demo-context.js';

const DAY = 86_400_000;
const OPERATOR = 'demo-operator';

type BatchInsert = Omit<typeof couponBatches.$inferInsert, 'tenant' | 'stockAmount' | 'operatorAccount'>;

/** Three batches a tenant runs: a voucher of scan-to-charge, a discount some days after binding, a fixed price. */
const batchesOf = (now: Date): BatchInsert[] => [
  {
    couponName: '充电满30减10元',
    batchName: '春季充电代金券',
    couponBizCode: 'charging_external',
    couponTypeCode: 'voucher',
    amount: 2000,
    expireTypeCode: 'fixed_date',
    effectiveDate: new Date(now.getTime() - 30 * DAY),
    expireDate: new Date(couponExpiry(now.getTime() + 60 * DAY)),
    couponValue: 1000,
    hasPriceLimit: true,
    totalPrice: 3000,
    rules: [{ type: 'platform_type', values: ['all'] }],
    customTag: ['夜间'],
    couponDescription: '扫码充电订单满30元可用',
  },
  {
    couponName: '夜间充电8.5折',
    batchName: '夜间充电折扣',
    couponBizCode: 'charging_external',
    couponTypeCode: 'discount',
    couponSubType: 'service_price',
    amount: 1000,
    limitPerUser: 2,
    expireTypeCode: 'days_after_binding',
    effectiveDays: 7,
    couponValue: 0.85,
    discountCouponCostShare: 50,
    rules: [{ type: 'subclass', values: ['service_price'] }],
  },
  {
    couponName: '一键加电一口价99元',
    batchName: '一键加电体验',
    couponBizCode: 'pe_external',
    couponTypeCode: 'equity',
    amount: 500,
    expireTypeCode: 'fixed_date',
    effectiveDate: new Date(now.getTime() - 10 * DAY),
    expireDate: new Date(couponExpiry(now.getTime() + 20 * DAY)),
    couponValue: 9900,
  },
];

/** Uses or abandons `count` of the batch's bound coupons, moving the counters as the services do. */
async function retire(
  tx: Tx,
  batch: CouponBatchRow,
  couponIds: number[],
  status: 'used' | 'abandon',
  now: Date,
) {
  if (couponIds.length === 0) return;
  await tx
    .update(coupons)
    .set(
      status === 'used'
        ? { status, consumeDate: now, orderId: sql`'DEMO-ORDER-' || ${coupons.couponId}`, updateTime: now }
        : { status, updateTime: now },
    )
    .where(inArray(coupons.couponId, couponIds));
  const assigned = sql`${couponBatches.assignedAmount} - ${couponIds.length}`;
  await tx
    .update(couponBatches)
    .set(
      status === 'used'
        ? { usedAmount: sql`${couponBatches.usedAmount} + ${couponIds.length}`, assignedAmount: assigned }
        : {
            abandonAmount: sql`${couponBatches.abandonAmount} + ${couponIds.length}`,
            assignedAmount: assigned,
          },
    )
    .where(eq(couponBatches.couponBatchId, batch.couponBatchId));
}

async function seedTenant(tx: Tx, tenant: Tenant, now: Date): Promise<void> {
  await tx
    .insert(couponCustomTags)
    .values(['夜间', '高速服务区', '新站'].map((tagValue) => ({ tenant, tagValue, createTime: now })));
  const holders = (
    await tx
      .select({ accountId: accounts.accountId })
      .from(accounts)
      .where(and(eq(accounts.tenant, tenant), eq(accounts.isDelete, false)))
      .orderBy(asc(accounts.accountId))
      .limit(60)
  ).map((row) => row.accountId);
  for (const fields of batchesOf(now)) {
    const [batch] = await tx
      .insert(couponBatches)
      .values({
        ...fields,
        tenant,
        stockAmount: fields.amount,
        operatorAccount: OPERATOR,
        status: 'finished',
      })
      .returning();
    const [record] = await tx
      .insert(couponGenerateRecords)
      .values({
        tenant,
        couponBatchId: batch!.couponBatchId,
        generateType: 'generate',
        status: 'finished',
        generateAmount: 200,
        generatedAmount: 200,
        operatorAccount: OPERATOR,
        remark: '演示券码',
        createTime: now,
        updateTime: now,
      })
      .returning();
    const request = { tenant, batch: batch!, operatorAccount: OPERATOR, now };
    await issueCoupons(tx, {
      ...request,
      accountIds: Array<null>(200).fill(null),
      channel: 'code',
      generateRecordId: record!.generateRecordId,
      seqStart: 0,
    });
    const sent = await issueCoupons(tx, { ...request, accountIds: holders, channel: 'send' });
    const ids = sent.map((coupon) => coupon.couponId);
    await retire(tx, batch!, ids.slice(0, 12), 'used', now);
    await retire(tx, batch!, ids.slice(12, 15), 'abandon', now);
    if (ids.length > 12) {
      await tx.insert(couponAbandonRecords).values(
        ids.slice(12, 15).map((_, i) => ({
          tenant,
          abandonType: 'coupon_uuid',
          value: sent[12 + i]!.couponUuid,
          couponBatchId: batch!.couponBatchId,
          batchName: batch!.batchName,
          abandonAmount: 1,
          operatorAccount: OPERATOR,
          remark: '用户退款，作废优惠券',
          createTime: now,
        })),
      );
    }
  }
}

/**
 * Coupons of every tenant: three batches with 200 claimable codes each, coupons sent to the first accounts,
 * some used and some abandoned, so every coupon screen opens on believable rows with exact counters.
 */
export async function seedCoupons({ tx, now }: DemoContext): Promise<void> {
  for (const tenant of TENANTS) await seedTenant(tx, tenant, now);
}
