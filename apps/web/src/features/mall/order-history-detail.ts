import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderHistoryEntry } from '@cmp/domain/mall/order-contracts';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { yuan } from './mall-api';

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
const listOf = (value: unknown): Fields[] => (Array.isArray(value) ? value.map(fieldsOf) : []);
const numberOf = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const textOf = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * What a history entry of an order says, in the reader's words: each action's record (written by the
 * orders service and the delivery job) read field by field, prices in yuan and codes as labels. A record of
 * a shape this screen does not know is shown field by field.
 */
export function useOrderHistoryDetail(): (entry: OrderHistoryEntry) => string {
  const { t } = useTranslation('mall');
  const label = useEnumLabel();
  return useCallback(
    ({ action, detail }: OrderHistoryEntry): string => {
      const d = fieldsOf(detail);
      const parts = (entries: [string, string][]) =>
        entries.filter(([, value]) => value !== '').map(([key, value]) => t('history.field', { key, value }));
      switch (action) {
        case 'MALL_ORDER_CREATE':
          return parts([
            [t('history.productId'), textOf(d.productId)],
            [t('history.price'), yuan(numberOf(d.productPrice))],
            [t('orders.userId'), textOf(d.userId)],
          ]).join(t('history.separator'));
        case 'MALL_ORDER_PAID':
        case 'MALL_PAYMENT_REFUSED':
          return parts([
            [t('orders.paymentId'), textOf(d.paymentId)],
            [t('history.amount'), yuan(numberOf(d.amount))],
            [t('detail.reason'), d.reason ? label('paymentRefusal', textOf(d.reason)) : ''],
          ]).join(t('history.separator'));
        case 'MALL_ORDER_CLOSED':
          return t('history.closedAfter', { minutes: numberOf(d.closeMinutes) ?? '-' });
        case 'MALL_ORDER_REDELIVER':
          return listOf(d.items)
            .map((item) =>
              t('history.refusedItem', {
                item: textOf(item.orderItemId),
                reason: label('couponRewardFailure', textOf(item.deliveryError)),
              }),
            )
            .join(t('history.separator'));
        case 'MALL_ORDER_DELIVERED':
        case 'MALL_ORDER_COMPLETED':
          if ('shipped' in d) {
            return listOf(d.shipped)
              .map((item) =>
                t('history.shippedItem', {
                  item: textOf(item.orderItemId),
                  content: textOf(item.shippingContent),
                }),
              )
              .join(t('history.separator'));
          }
          if (typeof d.itemName !== 'string') return '-';
          return t('history.couponsGiven', {
            name: textOf(d.itemName),
            count: numberOf(d.itemCount) ?? 0,
            coupons: Array.isArray(d.couponIds) ? d.couponIds.join(', ') : '-',
          });
        default:
          return (
            parts(Object.entries(d).map(([key, value]) => [key, textOf(value)])).join(
              t('history.separator'),
            ) || '-'
          );
      }
    },
    [t, label],
  );
}
