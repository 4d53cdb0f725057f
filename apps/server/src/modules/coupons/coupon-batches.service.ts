import type { Locale } from '@cmp/domain/messages/format';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import type { FieldRuleMessage } from '@cmp/domain/shared/zod-issues';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import {
  CouponBatchFilterSchema,
  type CouponBatch,
  type CouponBatchCreate,
  type CouponBatchListQuery,
  type CouponBatchPage,
  type CouponRule,
  type CouponUseRange,
} from '@cmp/domain/coupons/coupon-batches';
import { customTagsOf, storedBatchValues } from '@cmp/domain/coupons/coupon-batch-rules';
import { NO_PRICE_LIMIT } from '@cmp/domain/coupons/coupon-money';
import type { z } from 'zod';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { COUPON_BATCH_LIST_EXPORT } from './coupon-batches.export.js';
import * as repo from './coupon-batches.repo.js';
import type { CouponCustomTagsService } from './coupon-custom-tags.service.js';

export const COUPON_BATCH_ENTITY = 'coupon_batch';

export const CouponBatchExportFilterSchema = CouponBatchFilterSchema.extend({ tenant: TenantSchema });
export type CouponBatchExportFilter = z.infer<typeof CouponBatchExportFilterSchema>;

/** A 400 naming each broken field with its rule in the caller's language, as schema failures answer. */
export const fieldProblems = (locale: Locale, problems: FieldRuleMessage[]): AppError =>
  AppError.validation(
    problems.map(({ path, message }) => ({ path: `body.${path}`, message: formatMessage(locale, message) })),
  );

export function presentCouponBatch(row: repo.CouponBatchRow): CouponBatch {
  return {
    couponBatchId: row.couponBatchId,
    couponName: row.couponName,
    batchName: row.batchName,
    amount: row.amount,
    stockAmount: row.stockAmount,
    awardType: row.awardType,
    couponBizCode: row.couponBizCode as CouponBatch['couponBizCode'],
    couponTypeCode: row.couponTypeCode as CouponBatch['couponTypeCode'],
    couponSubType: row.couponSubType as CouponBatch['couponSubType'],
    status: row.status as CouponBatch['status'],
    createdAmount: row.createdAmount,
    assignedAmount: row.assignedAmount,
    expiredAmount: row.expiredAmount,
    usedAmount: row.usedAmount,
    abandonAmount: row.abandonAmount,
    limitPerUser: row.limitPerUser,
    expireTypeCode: row.expireTypeCode as CouponBatch['expireTypeCode'],
    effectiveDate: row.effectiveDate?.getTime() ?? null,
    expireDate: row.expireDate?.getTime() ?? null,
    effectiveDays: row.effectiveDays,
    imageUrl: row.imageUrl,
    couponValue: row.couponValue,
    couponValueDisplay: row.couponValueDisplay,
    priceServiceFee: row.priceServiceFee,
    priceElectricityFee: row.priceElectricityFee,
    portalEditable: row.portalEditable,
    dilatationEnable: row.dilatationEnable,
    grantEnable: row.grantEnable,
    isTransfer: row.isTransfer,
    isSaasTenant: row.isSaasTenant,
    operatorAccount: row.operatorAccount,
    couponDescription: row.couponDescription,
    discountCouponCostShare: row.discountCouponCostShare,
    bizExtend: (row.bizExtend as Record<string, unknown> | null) ?? null,
    rules: row.rules as CouponRule[],
    useRange: row.useRange as CouponUseRange,
    customTag: row.customTag,
    hasPriceLimit: row.hasPriceLimit,
    totalPrice: row.totalPrice ?? NO_PRICE_LIMIT,
    createTime: row.createTime.getTime(),
    updateTime: row.updateTime.getTime(),
    rowVersion: row.rowVersion,
  };
}

/** Coupon batches (spec M3.3.1–M3.3.3): created with every rule of spec §5 checked, listed, exported. */
export class CouponBatchesService {
  constructor(
    private readonly db: Db,
    private readonly customTags: CouponCustomTagsService,
  ) {}

  async create(tenant: Tenant, input: CouponBatchCreate, actor: Actor, locale: Locale): Promise<CouponBatch> {
    // The rules between fields were checked with the request; the catalogue only the database knows.
    const unknown = await this.customTags.unknown(tenant, customTagsOf(input));
    if (unknown.length > 0) {
      throw fieldProblems(locale, [
        {
          path: 'customTag',
          message: ruleMessage('couponBatches.unknownTags', { tags: unknown.join(', ') }),
        },
      ]);
    }
    const {
      totalPrice: _limit,
      effectiveDate: _from,
      expireDate: _to,
      couponValue: _value,
      ...fields
    } = input;
    const now = new Date();
    const row = await this.db.transaction(async (tx) => {
      const inserted = await repo.insertCouponBatch(tx, {
        ...fields,
        ...storedBatchValues(input),
        tenant,
        imageUrl: input.imageUrl ?? null,
        couponValueDisplay: input.couponValueDisplay ?? null,
        couponDescription: input.couponDescription ?? null,
        discountCouponCostShare: input.couponTypeCode === 'discount' ? input.discountCouponCostShare : null,
        stockAmount: input.amount,
        operatorAccount: actor.userName ?? 'system',
        // To the millisecond the wire shows, so a time range ending at a batch's time includes it.
        createTime: now,
        updateTime: now,
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: COUPON_BATCH_ENTITY,
        entityId: inserted.couponBatchId,
        action: 'COUPON_BATCH_CREATE',
        after: presentCouponBatch(inserted),
      });
      return inserted;
    });
    return presentCouponBatch(row);
  }

  async find(tenant: Tenant, couponBatchId: number): Promise<repo.CouponBatchRow> {
    const row = await repo.findCouponBatch(this.db, tenant, couponBatchId);
    if (!row) throw AppError.notFound('coupon batch', couponBatchId);
    return row;
  }

  async list(tenant: Tenant, query: CouponBatchListQuery): Promise<CouponBatchPage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.couponBatchList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: page.rows.map(presentCouponBatch), total: page.total };
  }

  /** The list as an export (`platform/export`): the same filter and order, read batch by batch by key. */
  readonly export = listExport({
    list: 'coupon-batches.list',
    query: CouponBatchExportFilterSchema,
    sheet: COUPON_BATCH_LIST_EXPORT,
    rows: repo.couponBatchList,
    items: (rows) => rows.map(presentCouponBatch),
  });
}
