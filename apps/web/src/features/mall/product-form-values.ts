import type { Product, ProductCreate, ProductItemType } from '@cmp/domain/mall/product-contracts';

/** The editor's values: prices as yuan (the form's numbers), the rest as the product holds it. */
export interface ProductFormValues {
  name?: string;
  unitPrice?: number | null;
  originalPrice?: number | null;
  advertisement?: string;
  usageScope?: string;
  expireInDays?: number | null;
  description?: string;
  imageUrl?: string;
  productDisplay: boolean;
  groupIds: string[];
  operatorIds: string[];
  landingPage?: string;
  items: { itemType?: ProductItemType; itemCode?: string; itemName?: string; itemCount?: number | null }[];
}

const NEW_ITEM = { itemType: 'coupon' as const, itemCode: '', itemName: '', itemCount: 1 };

export const toFormValues = (product?: Product): ProductFormValues => ({
  name: product?.name ?? '',
  unitPrice: product ? product.unitPrice / 100 : null,
  originalPrice: product?.originalPrice != null ? product.originalPrice / 100 : null,
  advertisement: product?.advertisement ?? '',
  usageScope: product?.usageScope ?? '',
  expireInDays: product?.expireInDays ?? null,
  description: product?.description ?? '',
  imageUrl: product?.imageUrl ?? '',
  productDisplay: product?.productDisplay ?? false,
  groupIds: product?.groupIds ?? [],
  operatorIds: product?.operatorIds ?? [],
  landingPage: product?.landingPage ?? '',
  items: product?.items.map((item) => ({ ...item })) ?? [NEW_ITEM],
});

const cents = (yuan: number | null | undefined): number | null =>
  // The input takes two decimals at most, so rounding the product undoes the float's error only.
  yuan === null || yuan === undefined ? null : Math.round(yuan * 100);

/** The request the values make: yuan to cents, empty texts as the contract takes them. */
export const toRequest = (values: Partial<ProductFormValues>): ProductCreate =>
  ({
    name: values.name ?? '',
    unitPrice: cents(values.unitPrice) as number,
    originalPrice: cents(values.originalPrice),
    advertisement: values.advertisement ?? '',
    usageScope: values.usageScope ?? '',
    expireInDays: values.expireInDays ?? null,
    description: values.description ?? '',
    imageUrl: values.imageUrl ?? '',
    productDisplay: values.productDisplay ?? false,
    groupIds: values.groupIds ?? [],
    operatorIds: values.operatorIds ?? [],
    landingPage: values.landingPage ?? '',
    items: (values.items ?? []).map((item) => ({
      itemType: item?.itemType as ProductItemType,
      itemCode: item?.itemCode ?? '',
      itemName: item?.itemName ?? '',
      itemCount: item?.itemCount as number,
    })),
  }) as ProductCreate;

export { NEW_ITEM };
