import { ruleMessage, type RuleMessage } from '../messages/format.js';
import { isWebLink } from '../shared/input.js';
import {
  isCouponBatchCode,
  PRODUCT_GROUP_PATTERN,
  PRODUCT_LIMITS,
  type ProductCreate,
  type ProductItem,
  type ProductItemType,
} from './product-contracts.js';

/**
 * The product upload sheet (spec §5 "Product upload takes spreadsheet data; rules not shown"; the rules are
 * docs/decisions.md "Mall"): one product a row under a header row, in these columns and this order. Prices
 * are in yuan with at most two decimals, as a buyer types them; items are `type:code:name:count` joined by
 * `;`.
 */
export const PRODUCT_SHEET_COLUMNS = [
  { key: 'name', zh: '商品名称', en: 'Name', required: true },
  { key: 'unitPrice', zh: '售价(元)', en: 'Price (yuan)', required: true },
  { key: 'originalPrice', zh: '原价(元)', en: 'Original price (yuan)', required: false },
  { key: 'items', zh: '商品内容', en: 'Items', required: true },
  { key: 'productDisplay', zh: '是否上架', en: 'On display', required: false },
  { key: 'groupIds', zh: '分组', en: 'Groups', required: false },
  { key: 'operatorIds', zh: '运营商ID', en: 'Operator ids', required: false },
  { key: 'expireInDays', zh: '有效天数', en: 'Valid days', required: false },
  { key: 'advertisement', zh: '广告语', en: 'Advertisement', required: false },
  { key: 'usageScope', zh: '使用范围', en: 'Usage scope', required: false },
  { key: 'description', zh: '商品描述', en: 'Description', required: false },
  { key: 'imageUrl', zh: '图片地址', en: 'Image address', required: false },
  { key: 'landingPage', zh: '落地页', en: 'Landing page', required: false },
] as const;
export type ProductSheetColumn = (typeof PRODUCT_SHEET_COLUMNS)[number]['key'];

/** A sheet holds at most this many products: a season's catalogue, checked in seconds. */
export const PRODUCT_SHEET_MAX_ROWS = 10_000;

/** An example row of the template, so the columns' formats are seen, not guessed. */
export const PRODUCT_SHEET_EXAMPLE: Record<ProductSheetColumn, string> = {
  name: '10元充电券礼包',
  unitPrice: '9.90',
  originalPrice: '10.00',
  items: 'coupon:1001:10元充电券:1;goods:CUP-01:保温杯:1',
  productDisplay: '是',
  groupIds: 'coupon_pack',
  operatorIds: '',
  expireInDays: '30',
  advertisement: '限时特惠',
  usageScope: '全国超充站',
  description: '',
  imageUrl: '',
  landingPage: '',
};

/** Whether a header row is the template's, in either language. */
export function isProductSheetHeader(headers: readonly string[]): boolean {
  return PRODUCT_SHEET_COLUMNS.every((column, i) => {
    const header = (headers[i] ?? '').trim();
    return header === column.zh || header.toLowerCase() === column.en.toLowerCase();
  });
}

const YES = new Set(['是', 'y', 'yes', 'true', '1', '上架']);
const NO = new Set(['否', 'n', 'no', 'false', '0', '下架', '']);
const ITEM_TYPES: Record<string, ProductItemType> = {
  coupon: 'coupon',
  券: 'coupon',
  优惠券: 'coupon',
  goods: 'goods',
  实物: 'goods',
};

/** Yuan with at most two decimals, to cents; undefined for anything else. */
export function yuanToCents(value: string): number | undefined {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const splitList = (value: string): string[] =>
  value
    .split(/[,，;；\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** `type:code:name:count` joined by `;` (full-width marks taken too); the name may hold a colon. */
export function parseItems(value: string): { items: ProductItem[]; problems: RuleMessage[] } {
  const problems: RuleMessage[] = [];
  const items: ProductItem[] = [];
  const parts = value
    .replace(/；/g, ';')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { items, problems: [ruleMessage('mallSheet.itemsRequired')] };
  if (parts.length > PRODUCT_LIMITS.items)
    return { items, problems: [ruleMessage('mallSheet.tooManyItems', { max: PRODUCT_LIMITS.items })] };
  for (const part of parts) {
    const fields = part.replace(/：/g, ':').split(':');
    if (fields.length < 4) {
      problems.push(ruleMessage('mallSheet.itemFormat', { item: part }));
      continue;
    }
    const itemType = ITEM_TYPES[fields[0]!.trim().toLowerCase()];
    const itemCode = fields[1]!.trim();
    const itemName = fields.slice(2, -1).join(':').trim();
    const count = fields.at(-1)!.trim();
    if (!itemType) {
      problems.push(ruleMessage('mallSheet.itemType', { item: part }));
      continue;
    }
    const itemCount = /^\d{1,4}$/.test(count) ? Number(count) : 0;
    if (itemCount < 1 || itemCount > PRODUCT_LIMITS.itemCount) {
      problems.push(ruleMessage('mallSheet.itemCount', { item: part, max: PRODUCT_LIMITS.itemCount }));
      continue;
    }
    if (itemCode === '' || itemCode.length > 64 || itemName === '' || itemName.length > 64) {
      problems.push(ruleMessage('mallSheet.itemFormat', { item: part }));
      continue;
    }
    if (itemType === 'coupon' && !isCouponBatchCode(itemCode)) {
      problems.push(ruleMessage('mallSheet.unknownBatch', { code: itemCode }));
      continue;
    }
    items.push({ itemType, itemCode, itemName, itemCount });
  }
  return { items, problems };
}

const optional = (value: string, max: number, problems: RuleMessage[], column: string): string | null => {
  if (value === '') return null;
  if (value.length > max) problems.push(ruleMessage('mallSheet.tooLong', { column, max }));
  return value;
};

/** A row read on its own: the product it makes, or its problems, and what it names in the database. */
export interface ParsedProductRow {
  product: ProductCreate | undefined;
  problems: RuleMessage[];
  name: string;
  couponBatchIds: number[];
  operatorIds: string[];
}

/** The checks a row needs no database for. `column` names a column in the reader's language. */
export function parseProductRow(
  cells: readonly string[],
  column: (key: ProductSheetColumn) => string,
): ParsedProductRow {
  const cell = (key: ProductSheetColumn) =>
    (cells[PRODUCT_SHEET_COLUMNS.findIndex((c) => c.key === key)] ?? '').trim();
  const problems: RuleMessage[] = [];
  const name = cell('name');
  if (name === '') problems.push(ruleMessage('mallSheet.required', { column: column('name') }));
  else if (name.length > PRODUCT_LIMITS.name)
    problems.push(ruleMessage('mallSheet.tooLong', { column: column('name'), max: PRODUCT_LIMITS.name }));

  const priceOf = (key: 'unitPrice' | 'originalPrice'): number | null => {
    const value = cell(key);
    if (value === '') {
      if (key === 'unitPrice') problems.push(ruleMessage('mallSheet.required', { column: column(key) }));
      return null;
    }
    const cents = yuanToCents(value);
    if (cents === undefined || cents < 1 || cents > PRODUCT_LIMITS.priceCents) {
      problems.push(ruleMessage('mallSheet.price', { column: column(key) }));
      return null;
    }
    return cents;
  };
  const unitPrice = priceOf('unitPrice');
  const originalPrice = priceOf('originalPrice');
  if (unitPrice !== null && originalPrice !== null && originalPrice < unitPrice)
    problems.push(ruleMessage('mallSheet.originalBelowUnit'));

  const { items, problems: itemProblems } = parseItems(cell('items'));
  problems.push(...itemProblems);

  const display = cell('productDisplay').toLowerCase();
  const productDisplay = YES.has(display);
  if (!productDisplay && !NO.has(display)) problems.push(ruleMessage('mallSheet.display'));

  const groupIds = [...new Set(splitList(cell('groupIds')))];
  const badGroup = groupIds.find((g) => !PRODUCT_GROUP_PATTERN.test(g));
  if (badGroup !== undefined) problems.push(ruleMessage('mallSheet.group', { group: badGroup }));
  if (groupIds.length > PRODUCT_LIMITS.groups)
    problems.push(
      ruleMessage('mallSheet.tooMany', { column: column('groupIds'), max: PRODUCT_LIMITS.groups }),
    );

  const operatorIds = [...new Set(splitList(cell('operatorIds')))];
  if (operatorIds.length > PRODUCT_LIMITS.operators || operatorIds.some((id) => id.length > 64))
    problems.push(
      ruleMessage('mallSheet.tooMany', { column: column('operatorIds'), max: PRODUCT_LIMITS.operators }),
    );

  const days = cell('expireInDays');
  const expireInDays = days === '' ? null : /^\d{1,4}$/.test(days) ? Number(days) : 0;
  if (expireInDays !== null && (expireInDays < 1 || expireInDays > PRODUCT_LIMITS.expireInDays))
    problems.push(ruleMessage('mallSheet.days', { max: PRODUCT_LIMITS.expireInDays }));

  const imageUrl = cell('imageUrl');
  if (imageUrl !== '' && !(isWebLink(imageUrl) || imageUrl.startsWith('/')))
    problems.push(ruleMessage('mallSheet.badImage'));
  const landingPage = cell('landingPage');
  if (landingPage !== '' && !isWebLink(landingPage)) problems.push(ruleMessage('mallSheet.badLandingPage'));

  const advertisement = optional(cell('advertisement'), 128, problems, column('advertisement'));
  const usageScope = optional(cell('usageScope'), 255, problems, column('usageScope'));
  const description = optional(cell('description'), 1024, problems, column('description'));
  optional(imageUrl, 1024, problems, column('imageUrl'));
  optional(landingPage, 1024, problems, column('landingPage'));

  const couponBatchIds = items.filter((i) => i.itemType === 'coupon').map((i) => Number(i.itemCode));
  const product: ProductCreate | undefined =
    problems.length === 0
      ? {
          name,
          unitPrice: unitPrice!,
          originalPrice,
          advertisement,
          usageScope,
          expireInDays,
          description,
          imageUrl: imageUrl || null,
          productDisplay,
          groupIds,
          operatorIds,
          landingPage: landingPage || null,
          items,
        }
      : undefined;
  return { product, problems, name, couponBatchIds, operatorIds };
}

/** What the database knows of the names, batches and operators the rows name. */
export interface ProductSheetLookups {
  /** The tenant's product names. */
  existingNames: ReadonlySet<string>;
  /** The tenant's coupon batches among those named. */
  couponBatchIds: ReadonlySet<number>;
  operatorIds: ReadonlySet<string>;
}

/**
 * Every row's problems, the database's answers added to each row's own: a name given twice in the sheet
 * (each time after the first) or held by a product already, a batch that is not the tenant's, an operator
 * that does not exist.
 */
export function productRowMessages(
  rows: readonly ParsedProductRow[],
  lookups: ProductSheetLookups,
): RuleMessage[][] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const messages = [...row.problems];
    if (row.name !== '') {
      if (seen.has(row.name)) messages.push(ruleMessage('mallSheet.duplicateName'));
      else if (lookups.existingNames.has(row.name)) messages.push(ruleMessage('mallSheet.nameExists'));
      seen.add(row.name);
    }
    for (const id of new Set(row.couponBatchIds))
      if (!lookups.couponBatchIds.has(id))
        messages.push(ruleMessage('mallSheet.unknownBatch', { code: String(id) }));
    for (const id of row.operatorIds)
      if (!lookups.operatorIds.has(id)) messages.push(ruleMessage('mallSheet.unknownOperator', { id }));
    return messages;
  });
}
