import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { pageOffset, type Tenant } from '@cmp/domain';
import {
  DEFAULT_COUPON_CUSTOM_TAG_SORT,
  type COUPON_CUSTOM_TAG_SORTABLE,
  type CouponCustomTagQuery,
} from '@cmp/domain/coupons/coupon-records';
import type { DbOrTx } from '../../platform/db/database.js';
import { listOrdering } from '../../platform/lists/list-order.js';
import { contains } from '../../platform/lists/text-match.js';
import { couponCustomTags } from './coupons.tables.js';

export type CustomTagRow = typeof couponCustomTags.$inferSelect;

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

/**
 * The catalogue's order. A tag is unique within its tenant only (the table has no id of its own), so the
 * catalogue cannot be a `defineList`, whose page joins its rows back by an id unique across the table. The
 * value itself is the tie-breaker: a page holds one tenant's tags, where it is unique.
 */
const customTagOrder = listOrdering(
  {
    keys: { tagValue: couponCustomTags.tagValue } satisfies Record<
      (typeof COUPON_CUSTOM_TAG_SORTABLE)[number],
      typeof couponCustomTags.tagValue
    >,
    default: DEFAULT_COUPON_CUSTOM_TAG_SORT,
  },
  couponCustomTags.tagValue,
);

function customTagWhere(tenant: Tenant, query: CouponCustomTagQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(couponCustomTags.tenant, tenant)];
  if (query.tagValue) conditions.push(contains(couponCustomTags.tagValue, query.tagValue));
  const precise = (query.preciseTagValues ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (precise.length > 0) conditions.push(inArray(couponCustomTags.tagValue, precise));
  return and(...conditions)!;
}

/** One page of the tenant's catalogue by the query, with the query's total. */
export async function customTagPage(
  db: DbOrTx,
  tenant: Tenant,
  query: CouponCustomTagQuery,
): Promise<{ rows: CustomTagRow[]; total: number }> {
  const where = customTagWhere(tenant, query);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(couponCustomTags)
      .where(where)
      .orderBy(...customTagOrder(query.sort).by)
      .limit(query.pageSize)
      .offset(pageOffset(query.pageNo, query.pageSize)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(couponCustomTags)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Inserts the tag unless the tenant has it (the unique index decides); answers it, or undefined. */
export async function insertCustomTag(
  tx: DbOrTx,
  tenant: Tenant,
  tagValue: string,
  description: string | null,
): Promise<CustomTagRow | undefined> {
  const [row] = await tx
    .insert(couponCustomTags)
    .values({ tenant, tagValue, description })
    .onConflictDoNothing()
    .returning();
  return row;
}
