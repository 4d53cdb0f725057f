import { ACCOUNT_COUNTRY_CODE, USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import type { Page, Tenant } from '@cmp/domain';
import {
  couponStatusesOf,
  type Coupon,
  type CouponBindRecord,
  type CouponBindRecordPage,
  type CouponChannel,
  type CouponDeliverFilter,
  type CouponPage,
  type CouponRecordFilter,
  type IssuedCouponStatus,
} from '@cmp/domain/coupons/coupon-records';
import type { CouponBizCode, CouponTypeCode } from '@cmp/domain/coupons/coupon-types';
import type { Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import type { ListPage } from '../../platform/lists/define-list.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { COUPON_DELIVERY_SHEET, COUPON_RECORD_SHEET } from './coupon-records.export.js';
import * as repo from './coupon-records.repo.js';

const time = (value: Date | null) => (value ? value.getTime() : null);

/** A coupon as the lists, the detail, a send and the apps answer it, with its batch's fields. */
export const toCoupon = ({ coupon, batch }: repo.CouponWithBatch): Coupon => ({
  couponId: coupon.couponId,
  couponUuid: coupon.couponUuid,
  couponBatchId: coupon.couponBatchId,
  generateRecordId: coupon.generateRecordId,
  accountId: coupon.accountId,
  createTime: coupon.createTime.getTime(),
  bindDate: time(coupon.bindDate),
  consumeDate: time(coupon.consumeDate),
  wbsCode: coupon.wbsCode,
  couponName: batch.couponName,
  batchName: batch.batchName,
  couponBizCode: batch.couponBizCode as CouponBizCode,
  couponTypeCode: batch.couponTypeCode as CouponTypeCode,
  couponValue: batch.couponValue,
  imageUrl: batch.imageUrl,
  effectiveDate: time(coupon.effectiveDate),
  expireDate: time(coupon.expireDate),
  couponDescription: batch.couponDescription,
  isTransfer: batch.isTransfer,
  couponChannel: coupon.couponChannel as CouponChannel,
  couponStatus: coupon.status as IssuedCouponStatus,
  status: coupon.status as IssuedCouponStatus,
  orderId: coupon.orderId,
  updateTime: coupon.updateTime.getTime(),
});

const toBindRecord = (row: repo.BindRecordRow): CouponBindRecord => ({
  bindRecordId: row.bindRecordId,
  couponId: row.couponId,
  couponUuid: row.couponUuid,
  couponBatchId: row.couponBatchId,
  batchName: row.batchName,
  accountId: row.accountId,
  channel: row.channel as CouponChannel,
  operatorAccount: row.operatorAccount,
  createTime: row.createTime.getTime(),
});

const NOTHING: Page<never> = { items: [], total: 0 };

/**
 * The coupon record list, the deliver list, a coupon's detail and the bind records (spec M3.3.4, M3.3.10,
 * M7.1.10, M7.1.15, M7.1.18). A mobile is turned into its account first; a mobile no account has answers
 * an empty list, as the spec says, not user_not_found.
 */
export class CouponRecordsService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsService,
  ) {}

  /** The account of a mobile, or null when none has it. Masked: only the id is used, nothing is shown. */
  async accountOfMobile(tenant: Tenant, mobile: string, actor: Actor): Promise<string | null> {
    try {
      const account = await this.accounts.byMobile(tenant, ACCOUNT_COUNTRY_CODE, mobile, {
        reveal: false,
        actor,
      });
      return account.accountId;
    } catch (error) {
      if (error instanceof AppError && error.code === USER_NOT_FOUND) return null;
      throw error;
    }
  }

  private async byMobile(tenant: Tenant, mobile: string | undefined, actor: Actor) {
    if (mobile === undefined) return {};
    const accountId = await this.accountOfMobile(tenant, mobile, actor);
    return accountId === null ? { nothing: true } : { accountId };
  }

  async recordQuery(tenant: Tenant, filter: CouponRecordFilter, actor: Actor): Promise<repo.CouponQuery> {
    const found = await this.byMobile(tenant, filter.accountMobile, actor);
    return repo.CouponQuerySchema.parse({
      tenant,
      statuses: couponStatusesOf(filter.status),
      createTimeFrom: filter.createTimeFrom,
      createTimeTo: filter.createTimeTo,
      accountId: filter.accountId,
      couponBatchId: filter.couponBatchId,
      operatorAccount: filter.operatorAccount,
      couponUuid: filter.couponUuid,
      sort: filter.sort,
      ...found,
      // A mobile and an account id that disagree match nothing.
      ...(found.accountId && filter.accountId && found.accountId !== filter.accountId && { nothing: true }),
    });
  }

  async deliverQuery(tenant: Tenant, filter: CouponDeliverFilter, actor: Actor): Promise<repo.CouponQuery> {
    const found = await this.byMobile(tenant, filter.mobile, actor);
    return repo.CouponQuerySchema.parse({
      tenant,
      statuses: couponStatusesOf(filter.status),
      accountId: filter.accountId,
      couponBatchId: filter.batchId,
      couponUuid: filter.couponUuid,
      bizCode: filter.bizCode,
      sort: filter.sort,
      boundOnly: true,
      ...found,
      ...(found.accountId && filter.accountId && found.accountId !== filter.accountId && { nothing: true }),
    });
  }

  /** A page of the coupon record or deliver list, by the query `recordQuery` or `deliverQuery` made. */
  async list(query: repo.CouponQuery, page: ListPage): Promise<CouponPage> {
    const { rows, total } = await repo.couponList.page(this.db, query, page);
    return { items: rows.map(toCoupon), total };
  }

  /** The coupon record list as an export: the same query and order, read batch by batch by key. */
  readonly recordExport = listExport({
    list: 'coupon-records',
    query: repo.CouponQuerySchema,
    sheet: COUPON_RECORD_SHEET,
    rows: repo.couponList,
    items: (rows) => rows.map(toCoupon),
  });

  /** The deliver list as an export. */
  readonly deliveryExport = listExport({
    list: 'coupon-deliveries',
    query: repo.CouponQuerySchema,
    sheet: COUPON_DELIVERY_SHEET,
    rows: repo.couponList,
    items: (rows) => rows.map(toCoupon),
  });

  async detail(tenant: Tenant, couponId: number): Promise<Coupon> {
    const row = await repo.findCoupon(this.db, tenant, couponId);
    if (!row) throw AppError.notFound('coupon', couponId);
    return toCoupon(row);
  }

  /** The bind records of an account (by id or mobile) and of a batch; a mobile nobody has finds none. */
  async bindRecords(
    tenant: Tenant,
    query: { accountId?: string; mobile?: string; couponBatchId?: number; sort?: string } & ListPage,
    actor: Actor,
  ): Promise<CouponBindRecordPage> {
    const { pageNo, pageSize, mobile, ...filter } = query;
    const found = await this.byMobile(tenant, mobile, actor);
    if ('nothing' in found) return NOTHING;
    if (found.accountId && filter.accountId && found.accountId !== filter.accountId) return NOTHING;
    const { rows, total } = await repo.bindRecordList.page(
      this.db,
      { ...filter, tenant, accountId: found.accountId ?? filter.accountId },
      { pageNo, pageSize },
    );
    return { items: rows.map(toBindRecord), total };
  }
}
