import type { Tenant } from '@cmp/domain';
import type {
  CouponCustomTag,
  CouponCustomTagCreate,
  CouponCustomTagPage,
  CouponCustomTagQuery,
} from '@cmp/domain/coupons/coupon-records';
import { ruleMessage } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import * as repo from './coupon-custom-tags.repo.js';

const toCustomTag = (row: repo.CustomTagRow): CouponCustomTag => ({
  tagValue: row.tagValue,
  description: row.description,
  createTime: row.createTime.getTime(),
});

/** The tenant's catalogue of custom tags coupons may be limited to (spec M3.3.13). */
export class CouponCustomTagsService {
  constructor(private readonly db: Db) {}

  /** The tags of `values` the tenant's catalogue lacks. */
  unknown(tenant: Tenant, values: string[]): Promise<string[]> {
    return repo.unknownCustomTags(this.db, tenant, values);
  }

  async list(tenant: Tenant, query: CouponCustomTagQuery): Promise<CouponCustomTagPage> {
    const { rows, total } = await repo.customTagPage(this.db, tenant, query);
    return { items: rows.map(toCustomTag), total };
  }

  /** A new tag; 409 when the tenant has it already. */
  async create(tenant: Tenant, input: CouponCustomTagCreate, actor: Actor): Promise<CouponCustomTag> {
    return this.db.transaction(async (tx) => {
      const row = await repo.insertCustomTag(tx, tenant, input.tagValue, input.description ?? null);
      if (!row) throw AppError.conflict(ruleMessage('couponBatches.tagExists'));
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: 'coupon_custom_tag',
        entityId: row.tagValue,
        action: 'COUPON_CUSTOM_TAG_CREATE',
        after: toCustomTag(row),
      });
      return toCustomTag(row);
    });
  }
}
