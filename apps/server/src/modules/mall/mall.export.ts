import type { Order } from '@cmp/domain/mall/order-contracts';
import {
  DELIVERY_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type DeliveryStatus,
  type OrderStatus,
  type PaymentStatus,
} from '@cmp/domain/mall/order-statuses';
import type { Product } from '@cmp/domain/mall/product-contracts';
import { formatMessage, type Locale, type MessageKey } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

const yuan = (cents: number | null): string | null => (cents === null ? null : (cents / 100).toFixed(2));
const label = (locale: Locale, key: MessageKey | undefined): string | null =>
  key === undefined ? null : formatMessage(locale, { key });

const PRODUCT_COLUMNS = [
  'id',
  'name',
  'unitPrice',
  'originalPrice',
  'items',
  'productDisplay',
  'groupIds',
  'operators',
  'expireInDays',
  'advertisement',
  'usageScope',
  'description',
  'imageUrl',
  'landingPage',
  'createTime',
  'updateTime',
  'creator',
] as const;
type ProductColumn = (typeof PRODUCT_COLUMNS)[number];
interface ProductTexts extends SheetTexts<ProductColumn> {
  on: string;
  off: string;
}

const PRODUCT_TEXT: Record<Locale, ProductTexts> = {
  'zh-CN': {
    fileName: '商品',
    sheetName: '商品',
    on: '已上架',
    off: '未上架',
    headers: {
      id: '商品ID',
      name: '商品名称',
      unitPrice: '售价(元)',
      originalPrice: '原价(元)',
      items: '商品内容',
      productDisplay: '上架状态',
      groupIds: '分组',
      operators: '运营商',
      expireInDays: '有效天数',
      advertisement: '广告语',
      usageScope: '使用范围',
      description: '商品描述',
      imageUrl: '图片地址',
      landingPage: '落地页',
      createTime: '创建时间',
      updateTime: '更新时间',
      creator: '创建人',
    },
  },
  'en-US': {
    fileName: 'products',
    sheetName: 'Products',
    on: 'On display',
    off: 'Hidden',
    headers: {
      id: 'Product ID',
      name: 'Name',
      unitPrice: 'Price (yuan)',
      originalPrice: 'Original price (yuan)',
      items: 'Items',
      productDisplay: 'Display',
      groupIds: 'Groups',
      operators: 'Operators',
      expireInDays: 'Valid days',
      advertisement: 'Advertisement',
      usageScope: 'Usage scope',
      description: 'Description',
      imageUrl: 'Image address',
      landingPage: 'Landing page',
      createTime: 'Created',
      updateTime: 'Updated',
      creator: 'Created by',
    },
  },
};

/** Items as the upload reads them, so an exported sheet's items can be uploaded again. */
const itemsCell = (p: Product): string =>
  p.items.map((i) => `${i.itemType}:${i.itemCode}:${i.itemName}:${i.itemCount}`).join(';');

const PRODUCT_CELLS: Record<ProductColumn, (p: Product, text: ProductTexts, at: CellContext) => Cell> = {
  id: (p) => p.id,
  name: (p) => p.name,
  unitPrice: (p) => yuan(p.unitPrice),
  originalPrice: (p) => yuan(p.originalPrice),
  items: itemsCell,
  productDisplay: (p, text) => (p.productDisplay ? text.on : text.off),
  groupIds: (p) => p.groupIds.join(','),
  operators: (p) => p.operatorIds.map((id) => p.operatorNames[id] ?? id).join(','),
  expireInDays: (p) => p.expireInDays,
  advertisement: (p) => p.advertisement,
  usageScope: (p) => p.usageScope,
  description: (p) => p.description,
  imageUrl: (p) => p.imageUrl,
  landingPage: (p) => p.landingPage,
  createTime: (p, _text, at) => wallClock(p.createTime, at.timeZone),
  updateTime: (p, _text, at) => wallClock(p.updateTime, at.timeZone),
  creator: (p) => p.creator,
};

export const PRODUCT_LIST_EXPORT = exportSheet<Product, ProductColumn, ProductTexts>({
  columns: PRODUCT_COLUMNS,
  texts: PRODUCT_TEXT,
  widths: { name: 28, items: 48, createTime: 20, updateTime: 20 },
  cells: PRODUCT_CELLS,
});

const ORDER_COLUMNS = [
  'id',
  'productName',
  'productPrice',
  'userId',
  'mobile',
  'orderStatus',
  'paymentStatus',
  'paymentId',
  'paymentAmount',
  'deliveryStatus',
  'deliveryContent',
  'closedAt',
  'createTime',
] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];

const ORDER_TEXT: Record<Locale, SheetTexts<OrderColumn>> = {
  'zh-CN': {
    fileName: '商品订单',
    sheetName: '商品订单',
    headers: {
      id: '订单ID',
      productName: '商品名称',
      productPrice: '商品价格(元)',
      userId: '用户ID',
      mobile: '手机号',
      orderStatus: '订单状态',
      paymentStatus: '支付状态',
      paymentId: '支付ID',
      paymentAmount: '支付金额(元)',
      deliveryStatus: '发货状态',
      deliveryContent: '发货内容',
      closedAt: '关闭时间',
      createTime: '创建时间',
    },
  },
  'en-US': {
    fileName: 'product-orders',
    sheetName: 'Product orders',
    headers: {
      id: 'Order ID',
      productName: 'Product',
      productPrice: 'Price (yuan)',
      userId: 'User ID',
      mobile: 'Mobile',
      orderStatus: 'Order status',
      paymentStatus: 'Payment status',
      paymentId: 'Payment ID',
      paymentAmount: 'Amount paid (yuan)',
      deliveryStatus: 'Delivery status',
      deliveryContent: 'Delivery content',
      closedAt: 'Closed',
      createTime: 'Created',
    },
  },
};

const ORDER_CELLS: Record<OrderColumn, (o: Order, text: SheetTexts<OrderColumn>, at: CellContext) => Cell> = {
  id: (o) => o.id,
  productName: (o) => o.productName,
  productPrice: (o) => yuan(o.productPrice),
  userId: (o) => o.userId,
  mobile: (o) => o.mobile,
  orderStatus: (o, _t, at) => label(at.locale, ORDER_STATUS_LABELS[o.orderStatus as OrderStatus]),
  paymentStatus: (o, _t, at) => label(at.locale, PAYMENT_STATUS_LABELS[o.paymentStatus as PaymentStatus]),
  paymentId: (o) => o.paymentId,
  paymentAmount: (o) => yuan(o.paymentAmount),
  deliveryStatus: (o, _t, at) => label(at.locale, DELIVERY_STATUS_LABELS[o.deliveryStatus as DeliveryStatus]),
  deliveryContent: (o) =>
    o.deliveryContent
      .map((d) => `${d.itemName} x${d.itemCount}${d.couponIds.length ? ` (${d.couponIds.join(',')})` : ''}`)
      .join('; '),
  closedAt: (o, _t, at) => (o.closedAt === null ? null : wallClock(o.closedAt, at.timeZone)),
  createTime: (o, _t, at) => wallClock(o.createTime, at.timeZone),
};

export const ORDER_LIST_EXPORT = exportSheet<Order, OrderColumn, SheetTexts<OrderColumn>>({
  columns: ORDER_COLUMNS,
  texts: ORDER_TEXT,
  widths: { productName: 28, deliveryContent: 48, createTime: 20, closedAt: 20 },
  cells: ORDER_CELLS,
});
