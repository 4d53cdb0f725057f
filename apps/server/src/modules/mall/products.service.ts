import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import {
  ProductFilterSchema,
  type Product,
  type ProductCreate,
  type ProductDisplayChange,
  type ProductListQuery,
  type ProductPage,
  type ProductUpdate,
} from '@cmp/domain/mall/product-contracts';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { assertVersion, changedFields } from '../../platform/audit/edits.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { couponNamesOf } from '../coupons/coupons.views.js';
import { operatorNames } from '../operators/operators.views.js';
import { PRODUCT_LIST_EXPORT } from './mall.export.js';
import * as repo from './mall.repo.js';

export const PRODUCT_ENTITY = 'mall_product';

export const ProductExportQuerySchema = ProductFilterSchema.extend({ tenant: TenantSchema });
export type ProductExportQuery = z.infer<typeof ProductExportQuerySchema>;

/** The operators' names among `ids`, by id (network-wide reference data, read through the operators' view). */
export async function operatorNamesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(ids)];
  for (let at = 0; at < unique.length; at += 1000) {
    const rows = await db
      .select({ id: operatorNames.operatorId, name: operatorNames.operatorName })
      .from(operatorNames)
      .where(inArray(operatorNames.operatorId, unique.slice(at, at + 1000)));
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** The tenant's coupon batches among `ids` (a batch of another tenant is not one). */
export async function tenantBatches(
  db: DbOrTx,
  tenant: Tenant,
  ids: readonly number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  const unique = [...new Set(ids)];
  for (let at = 0; at < unique.length; at += 1000)
    for (const id of (await couponNamesOf(db, tenant, unique.slice(at, at + 1000))).keys()) found.add(id);
  return found;
}

export const toProduct = (row: repo.ProductRow, names: ReadonlyMap<string, string>): Product => ({
  id: row.productId,
  name: row.name,
  unitPrice: row.unitPrice,
  originalPrice: row.originalPrice,
  advertisement: row.advertisement,
  usageScope: row.usageScope,
  expireInDays: row.expireInDays,
  description: row.description,
  imageUrl: row.imageUrl,
  productDisplay: row.productDisplay,
  groupIds: row.groupIds,
  operatorIds: row.operatorIds,
  operatorNames: Object.fromEntries(
    row.operatorIds.flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : [])),
  ),
  landingPage: row.landingPage,
  items: row.items,
  creator: row.creatorName,
  createTime: row.createdAt.getTime(),
  updateTime: row.updatedAt.getTime(),
  version: row.version,
});

/** What a product's record holds, as its audit shows it before and after a change. */
const fieldsOf = (p: ProductCreate) => ({
  name: p.name,
  unitPrice: p.unitPrice,
  originalPrice: p.originalPrice ?? null,
  advertisement: p.advertisement ?? null,
  usageScope: p.usageScope ?? null,
  expireInDays: p.expireInDays ?? null,
  description: p.description ?? null,
  imageUrl: p.imageUrl ?? null,
  productDisplay: p.productDisplay,
  groupIds: p.groupIds,
  operatorIds: p.operatorIds,
  landingPage: p.landingPage ?? null,
  items: p.items,
});

/**
 * The mall's products (spec §3 "Mall", M3.9.1–M3.9.2): the list with its filter and export, one product
 * created, read, edited from the version read and put on or off display, each change in its audit. A coupon
 * item names a batch of the tenant; operators are the network's.
 */
export class ProductsService {
  constructor(private readonly db: Db) {}

  async list(tenant: Tenant, query: ProductListQuery): Promise<ProductPage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.productList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    const names = await operatorNamesOf(
      this.db,
      page.rows.flatMap((row) => row.product.operatorIds),
    );
    return { items: page.rows.map((row) => toProduct(row.product, names)), total: page.total };
  }

  readonly export = listExport({
    list: 'mall.products',
    query: ProductExportQuerySchema,
    sheet: PRODUCT_LIST_EXPORT,
    rows: repo.productList,
    items: async (rows) => {
      const names = await operatorNamesOf(
        this.db,
        rows.flatMap((row) => row.product.operatorIds),
      );
      return rows.map((row) => toProduct(row.product, names));
    },
  });

  async get(tenant: Tenant, productId: number): Promise<Product> {
    const row = await repo.findProduct(this.db, tenant, productId);
    if (!row) throw AppError.notFound('product', productId);
    return this.withNames(row);
  }

  async create(tenant: Tenant, input: ProductCreate, actor: Actor): Promise<Product> {
    const row = await this.db.transaction(async (tx) => {
      await this.check(tx, tenant, input);
      const [created] = await repo.insertProducts(tx, [
        { tenant, ...fieldsOf(input), creatorName: actor.userName ?? 'system' },
      ]);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: PRODUCT_ENTITY,
        entityId: created!.productId,
        action: 'MALL_PRODUCT_CREATE',
        after: fieldsOf(input),
      });
      return created!;
    });
    return this.withNames(row);
  }

  async update(tenant: Tenant, productId: number, input: ProductUpdate, actor: Actor): Promise<Product> {
    const row = await this.db.transaction(async (tx) => {
      const stored = await repo.lockProduct(tx, tenant, productId);
      if (!stored) throw AppError.notFound('product', productId);
      assertVersion(stored.version, input.version, 'mall.productVersionConflict');
      await this.check(tx, tenant, input, productId);
      const changes = changedFields(fieldsOf({ ...stored, items: stored.items }), fieldsOf(input));
      if (changes.changed.length === 0) return stored;
      const updated = await repo.updateProduct(tx, productId, changes.after);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: PRODUCT_ENTITY,
        entityId: productId,
        action: 'MALL_PRODUCT_UPDATE',
        before: changes.before,
        after: changes.after,
      });
      return updated;
    });
    return this.withNames(row);
  }

  async setDisplay(
    tenant: Tenant,
    productId: number,
    change: ProductDisplayChange,
    actor: Actor,
  ): Promise<Product> {
    const row = await this.db.transaction(async (tx) => {
      const stored = await repo.lockProduct(tx, tenant, productId);
      if (!stored) throw AppError.notFound('product', productId);
      assertVersion(stored.version, change.version, 'mall.productVersionConflict');
      if (stored.productDisplay === change.productDisplay) return stored;
      const updated = await repo.updateProduct(tx, productId, { productDisplay: change.productDisplay });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: PRODUCT_ENTITY,
        entityId: productId,
        action: change.productDisplay ? 'MALL_PRODUCT_DISPLAY_ON' : 'MALL_PRODUCT_DISPLAY_OFF',
        before: { productDisplay: stored.productDisplay },
        after: { productDisplay: change.productDisplay },
      });
      return updated;
    });
    return this.withNames(row);
  }

  /** A name the tenant has for another product, a batch not the tenant's, an operator not known: 422. */
  private async check(tx: DbOrTx, tenant: Tenant, input: ProductCreate, productId?: number): Promise<void> {
    if (await repo.productNamed(tx, tenant, input.name, productId))
      throw new RuleError(ruleMessage('mall.nameExists', { name: input.name }));
    const batchIds = input.items.filter((i) => i.itemType === 'coupon').map((i) => Number(i.itemCode));
    const batches = await tenantBatches(tx, tenant, batchIds);
    const unknownBatch = batchIds.find((id) => !batches.has(id));
    if (unknownBatch !== undefined)
      throw new RuleError(ruleMessage('mall.unknownCouponBatch', { code: String(unknownBatch) }));
    const operators = await operatorNamesOf(tx, input.operatorIds);
    const unknownOperator = input.operatorIds.find((id) => !operators.has(id));
    if (unknownOperator !== undefined)
      throw new RuleError(ruleMessage('mall.unknownOperator', { id: unknownOperator }));
  }

  private async withNames(row: repo.ProductRow): Promise<Product> {
    return toProduct(row, await operatorNamesOf(this.db, row.operatorIds));
  }
}
