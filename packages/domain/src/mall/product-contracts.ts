import { z } from 'zod';
import { DEFAULT_PAGE_NO, MAX_PAGE_NO, MAX_PAGE_SIZE, pageOf } from '../platform/paging.js';
import { INT4, INT8, idParam, integer, integerParam, isWebLink, text, trimmedText } from '../shared/input.js';
import { EpochMs, optionalText, requiredText } from '../stations/contract-fields.js';
import { PRODUCT_LIST_PAGE_SIZE } from './product-list.js';

/**
 * What a product gives (spec M3.9.1 product_items): `coupon` items are coupons of a batch of the tenant
 * (itemCode is the batch id), issued by themselves once the order is paid; `goods` items are shipped by
 * staff (itemCode is the goods' own code). docs/decisions.md "Mall".
 */
export const PRODUCT_ITEM_TYPES = ['coupon', 'goods'] as const;
export const ProductItemTypeSchema = z.enum(PRODUCT_ITEM_TYPES, { error: 'mall.unknownItemType' });
export type ProductItemType = z.infer<typeof ProductItemTypeSchema>;

/** Limits of a product (docs/decisions.md "Mall"). */
export const PRODUCT_LIMITS = {
  name: 64,
  items: 20,
  itemCount: 999,
  groups: 10,
  operators: 50,
  expireInDays: 3650,
  /** The dearest product: 1,000,000 yuan. */
  priceCents: 100_000_000,
} as const;

/** A product group: a short code the apps' mall sorts its products under (its tabs). */
export const PRODUCT_GROUP_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
export const ProductGroupIdSchema = trimmedText(32).regex(PRODUCT_GROUP_PATTERN, {
  error: 'mall.badGroupId',
});

export const isCouponBatchCode = (code: string): boolean => /^[1-9][0-9]{0,15}$/.test(code);

export const ProductItemSchema = z
  .object({
    itemType: ProductItemTypeSchema,
    itemCode: requiredText(64),
    itemName: requiredText(64),
    itemCount: integer({ min: 1, max: PRODUCT_LIMITS.itemCount }),
  })
  .refine((item) => item.itemType !== 'coupon' || isCouponBatchCode(item.itemCode), {
    error: 'mall.badCouponBatchCode',
    path: ['itemCode'],
  });
export type ProductItem = z.infer<typeof ProductItemSchema>;

export const PriceCentsSchema = integer({ min: 1, max: PRODUCT_LIMITS.priceCents });

const isPicture = (v: string): boolean => isWebLink(v) || v.startsWith('/');

export const ProductFieldsSchema = z.object({
  name: requiredText(PRODUCT_LIMITS.name),
  /** Cents. */
  unitPrice: PriceCentsSchema,
  /** Cents; the price struck through beside it, never below the unit price. */
  originalPrice: PriceCentsSchema.nullish(),
  advertisement: optionalText(128),
  usageScope: optionalText(255),
  expireInDays: integer({ min: 1, max: PRODUCT_LIMITS.expireInDays }).nullish(),
  description: optionalText(1024),
  /** A picture the tenant uploaded (its address under /api/files or a web link). */
  imageUrl: trimmedText(1024)
    .refine((v) => v === '' || isPicture(v), { error: 'mall.badImage' })
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  productDisplay: z.boolean().default(false),
  groupIds: z.array(ProductGroupIdSchema).max(PRODUCT_LIMITS.groups, { error: 'form.maxItems' }).default([]),
  operatorIds: z
    .array(requiredText(64))
    .max(PRODUCT_LIMITS.operators, { error: 'form.maxItems' })
    .default([]),
  landingPage: trimmedText(1024)
    .refine((v) => v === '' || isWebLink(v), { error: 'mall.badLandingPage' })
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  items: z
    .array(ProductItemSchema)
    .min(1, { error: 'mall.noItems' })
    .max(PRODUCT_LIMITS.items, { error: 'form.maxItems' }),
});

const priceOrder = <T extends { unitPrice: number; originalPrice?: number | null }>(v: T) =>
  v.originalPrice === null || v.originalPrice === undefined || v.originalPrice >= v.unitPrice;

export const ProductCreateSchema = ProductFieldsSchema.refine(priceOrder, {
  error: 'mall.originalBelowUnit',
  path: ['originalPrice'],
});
export type ProductCreate = z.infer<typeof ProductCreateSchema>;
export type ProductCreateInput = z.input<typeof ProductCreateSchema>;

export const ProductUpdateSchema = ProductFieldsSchema.extend({
  version: integer({ min: 1, max: INT4.max }),
}).refine(priceOrder, { error: 'mall.originalBelowUnit', path: ['originalPrice'] });
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;

export const ProductDisplaySchema = z.object({
  productDisplay: z.boolean(),
  version: integer({ min: 1, max: INT4.max }),
});
export type ProductDisplayChange = z.infer<typeof ProductDisplaySchema>;

export const ProductParamsSchema = z.object({ productId: idParam(INT8) });

export const ProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unitPrice: z.number().int(),
  originalPrice: z.number().int().nullable(),
  advertisement: z.string().nullable(),
  usageScope: z.string().nullable(),
  expireInDays: z.number().int().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  productDisplay: z.boolean(),
  groupIds: z.array(z.string()),
  operatorIds: z.array(z.string()),
  /** The operators' names, by id, for the screens. */
  operatorNames: z.record(z.string(), z.string()),
  landingPage: z.string().nullable(),
  items: z.array(
    z.object({
      itemType: ProductItemTypeSchema,
      itemCode: z.string(),
      itemName: z.string(),
      itemCount: z.number().int(),
    }),
  ),
  creator: z.string(),
  createTime: EpochMs,
  updateTime: EpochMs,
  version: z.number().int(),
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductPageSchema = pageOf(ProductSchema);
export type ProductPage = z.infer<typeof ProductPageSchema>;

export const PRODUCT_SORTABLE = ['createTime', 'updateTime', 'unitPrice'] as const;

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The product list filter (spec M3.9.2 groupId, operatorId), with the name and display the screen adds. */
export const ProductFilterSchema = z.object({
  groupId: trimmedText(32).optional(),
  operatorId: trimmedText(64).optional(),
  name: trimmedText(64).optional(),
  productDisplay: booleanParam.optional(),
  sort: text(100).optional(),
});
export type ProductFilter = z.infer<typeof ProductFilterSchema>;
export const ProductListQuerySchema = ProductFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(PRODUCT_LIST_PAGE_SIZE),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;
