import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { pageOffset, type Tenant } from '@cmp/domain';
import type { z } from 'zod';
import { ruleMessage } from '@cmp/domain/messages/format';
import type {
  CouponCustomTagCreateSchema,
  CouponCustomTagListSchema,
  CouponCustomTagQuerySchema,
} from '@cmp/domain/coupons/coupon-records';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { containing } from './coupon-batches.repo.js';
import { couponCustomTags } from './coupons.tables.js';

type TagRow = typeof couponCustomTags.$inferSelect;
const present = (row: TagRow) => ({
  tagValue: row.tagValue,
  description: row.description,
  createTime: row.createTime.getTime(),
});

/** The tags of `values` the tenant's catalogue lacks. */
export async function unknownCustomTags(db: DbOrTx, tenant: Tenant, values: string[]): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db
    .select({ tagValue: couponCustomTags.tagValue })
    .from(couponCustomTags)
    .where(and(eq(couponCustomTags.tenant, tenant), inArray(couponCustomTags.tagValue, values)));
  const known = new Set(rows.map((row) => row.tagValue));
  return values.filter((value) => !known.has(value));
}

/** The tenant's catalogue of custom tags coupons may be limited to (spec M3.3.13). */
export class CouponCustomTagsService {
  constructor(private readonly db: Db) {}

  async list(
    tenant: Tenant,
    query: z.infer<typeof CouponCustomTagQuerySchema>,
  ): Promise<z.infer<typeof CouponCustomTagListSchema>> {
    const conditions: (SQL | undefined)[] = [eq(couponCustomTags.tenant, tenant)];
    if (query.tagValue) conditions.push(ilike(couponCustomTags.tagValue, containing(query.tagValue)));
    const precise = (query.preciseTagValues ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
    if (precise.length > 0) conditions.push(inArray(couponCustomTags.tagValue, precise));
    const where = and(...conditions);
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(couponCustomTags)
        .where(where)
        .orderBy(asc(couponCustomTags.tagValue))
        .limit(query.pageSize)
        .offset(pageOffset(query.pageNo, query.pageSize)),
      this.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(couponCustomTags)
        .where(where),
    ]);
    return { total: count?.n ?? 0, list: rows.map(present) };
  }

  /** A new tag; 409 when the tenant has it already. */
  async create(tenant: Tenant, input: z.infer<typeof CouponCustomTagCreateSchema>, actor: Actor) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(couponCustomTags)
        .values({ tenant, tagValue: input.tagValue, description: input.description ?? null })
        .onConflictDoNothing()
        .returning();
      if (!row) throw AppError.conflict(ruleMessage('couponBatches.tagExists'));
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: 'coupon_custom_tag',
        entityId: row.tagValue,
        action: 'COUPON_CUSTOM_TAG_CREATE',
        after: present(row),
      });
      return present(row);
    });
  }
}
