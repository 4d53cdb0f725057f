import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderListQuerySchema, type Order } from '@cmp/domain/mall/order-contracts';
import { toOrderListQuery } from '@cmp/domain/mall/order-filter';
import { DELIVERY_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '@cmp/domain/mall/order-statuses';
import type { Query } from '../../api/client';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  type SearchFilter,
  type SearchTableColumn,
  type SearchTableParams,
} from '../../components';
import { formatTime } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { ORDER_LIST, ORDERS, useMallApi, yuan } from './mall-api';
import { orderDetailPath } from './mall-links';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const oneOf = (values: readonly number[], value: unknown): number | undefined =>
  values.includes(Number(value)) ? Number(value) : undefined;

/**
 * The search form's values as the order filter (spec M3.9.4): id, mobile, userId, the three statuses, and
 * the creation range sent as one comma-joined value (M3.9.5).
 */
export function toOrderFilter(params: SearchTableParams): Query {
  const start = params.createTimeStart;
  const end = params.createTimeEnd;
  const filter = toOrderListQuery({
    sort: params.sort as string | undefined,
    id: text(params.id),
    mobile: text(params.mobile),
    userId: text(params.userId),
    orderStatus: oneOf(ORDER_STATUSES, params.orderStatus),
    paymentStatus: oneOf(PAYMENT_STATUSES, params.paymentStatus),
    deliveryStatus: oneOf(DELIVERY_STATUSES, params.deliveryStatus),
    ...(typeof start === 'number' && typeof end === 'number'
      ? { createTimeRange: [start, end] as const }
      : {}),
  });
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as Query;
}

/** Product orders (spec M2.11, M3.9.3–M3.9.5): every filter of the spec, 20 a page, with export. */
export default function OrderListPage() {
  const { t } = useTranslation('mall');
  const tenant = useStationsTenant();
  const mall = useMallApi();
  const label = useEnumLabel();

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'id', label: t('orders.id') },
      { type: 'input', name: 'mobile', label: t('orders.mobile') },
      { type: 'input', name: 'userId', label: t('orders.userId') },
      {
        type: 'select',
        name: 'orderStatus',
        label: t('orders.orderStatus'),
        options: ORDER_STATUSES.map((s) => ({ value: s, label: label('orderStatus', s) })),
      },
      {
        type: 'select',
        name: 'paymentStatus',
        label: t('orders.paymentStatus'),
        options: PAYMENT_STATUSES.map((s) => ({ value: s, label: label('paymentStatus', s) })),
      },
      {
        type: 'select',
        name: 'deliveryStatus',
        label: t('orders.deliveryStatus'),
        options: DELIVERY_STATUSES.map((s) => ({ value: s, label: label('deliveryStatus', s) })),
      },
      { type: 'datetimeRange', name: 'createTime', label: t('orders.createTime') },
    ],
    [t, label],
  );

  const columns = useMemo<SearchTableColumn<Order>[]>(
    () => [
      {
        key: 'id',
        title: t('orders.id'),
        width: 90,
        fixed: 'left',
        render: (o) => <Link to={orderDetailPath(tenant, o.id)}>{o.id}</Link>,
      },
      {
        key: 'productName',
        title: t('orders.productName'),
        width: 180,
        ellipsis: true,
        render: (o) => o.productName,
      },
      {
        key: 'productPrice',
        title: t('orders.productPrice'),
        width: 130,
        align: 'right',
        render: (o) => yuan(o.productPrice),
      },
      { key: 'userId', title: t('orders.userId'), width: 130, render: (o) => o.userId },
      { key: 'mobile', title: t('orders.mobile'), width: 130, render: (o) => o.mobile ?? '-' },
      {
        key: 'orderStatus',
        title: t('orders.orderStatus'),
        width: 130,
        render: (o) =>
          o.closedAt !== null ? (
            <Tag>{t('orders.closed')}</Tag>
          ) : (
            <Tag color={o.orderStatus === 3 ? 'green' : o.orderStatus === 2 ? 'orange' : 'blue'}>
              {label('orderStatus', o.orderStatus)}
            </Tag>
          ),
      },
      {
        key: 'paymentStatus',
        title: t('orders.paymentStatus'),
        width: 110,
        render: (o) => label('paymentStatus', o.paymentStatus),
      },
      {
        key: 'paymentId',
        title: t('orders.paymentId'),
        width: 160,
        ellipsis: true,
        render: (o) => o.paymentId ?? '-',
      },
      {
        key: 'paymentAmount',
        title: t('orders.paymentAmount'),
        width: 130,
        align: 'right',
        render: (o) => yuan(o.paymentAmount),
      },
      {
        key: 'deliveryStatus',
        title: t('orders.deliveryStatus'),
        width: 110,
        render: (o) => label('deliveryStatus', o.deliveryStatus),
      },
      {
        key: 'deliveryContent',
        title: t('orders.deliveryContent'),
        width: 240,
        ellipsis: true,
        render: (o) => o.deliveryContent.map((d) => `${d.itemName} x${d.itemCount}`).join('; '),
      },
      {
        key: 'createTime',
        title: t('orders.createTime'),
        width: 170,
        sortable: true,
        render: (o) => formatTime(o.createTime),
      },
    ],
    [t, label, tenant],
  );

  return (
    <SearchTable<Order>
      querySchema={OrderListQuerySchema}
      persistKey={ORDER_LIST}
      tenant={tenant}
      rowKey="id"
      title={t('orders.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) =>
        mall.orders({ pageNo: params.pageNo, pageSize: params.pageSize, ...toOrderFilter(params) }, signal)
      }
      actions={({ params, columns: shown }) => [
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}${ORDERS}/export`}
          query={toOrderFilter(params)}
          columns={shown}
          fileName="product-orders"
        />,
      ]}
    />
  );
}
