import { useState } from 'react';
import { ArrowLeftOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DeliveryItem, OrderDetail } from '@cmp/domain/mall/order-contracts';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { JobProgress } from '../../app/tasks/JobProgress';
import { useCanChange } from '../../app/session/use-can-change';
import { searchTableQueryKey } from '../../components';
import { formatTime } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { mallKeys, ORDER_LIST, useMallApi, useOrder, yuan } from './mall-api';
import { orderListPath } from './mall-links';
import { useOrderHistoryDetail } from './order-history-detail';

/**
 * One product order (spec M3.9.3, M3.9.6): its statuses and payment, what each item gave (the coupons a
 * coupon item was issued as, the shipping of goods) with the ship action, every payment reported for it,
 * refused ones included, and its history.
 */
export default function OrderDetailPage() {
  const { t } = useTranslation('mall');
  const tenant = useStationsTenant();
  const [searchParams] = useSearchParams();
  const idParam = Number(searchParams.get('id'));
  const id = Number.isInteger(idParam) && idParam > 0 ? idParam : undefined;
  const order = useOrder(id);
  const back = (
    <Link to={orderListPath(tenant)}>
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );
  if (id === undefined) return <Result status="404" title={t('detail.notFound')} extra={back} />;
  if (order.isPending) return <PageLoading />;
  if (order.isError) {
    return order.error instanceof ApiError && order.error.status === 404 ? (
      <Result status="404" title={t('detail.notFound')} extra={back} />
    ) : (
      <ErrorResult error={order.error} onRetry={() => void order.refetch()} />
    );
  }
  return (
    <Flex vertical gap={16}>
      {back}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('detail.title', { id: order.data.id })}
      </Typography.Title>
      <OrderInfo order={order.data} />
      <DeliveryPanel order={order.data} />
      <Payments order={order.data} />
      <History order={order.data} />
    </Flex>
  );
}

function OrderInfo({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('mall');
  const label = useEnumLabel();
  return (
    <Card title={t('detail.order')} size="small">
      <Descriptions column={{ xs: 1, md: 3 }} size="small">
        <Descriptions.Item label={t('orders.productName')}>{order.productName}</Descriptions.Item>
        <Descriptions.Item label={t('orders.productPrice')}>{yuan(order.productPrice)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.createTime')}>{formatTime(order.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.userId')}>{order.userId}</Descriptions.Item>
        <Descriptions.Item label={t('orders.mobile')}>{order.mobile ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('orders.orderStatus')}>
          {label('orderStatus', order.orderStatus)}
          {order.closedAt !== null && (
            <Tag style={{ marginLeft: 8 }}>
              {t('orders.closed')} {formatTime(order.closedAt)}
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.paymentStatus')}>
          {label('paymentStatus', order.paymentStatus)}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.paymentId')}>{order.paymentId ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('orders.paymentAmount')}>{yuan(order.paymentAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.paidAt')}>
          {order.paidAt ? formatTime(order.paidAt) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.deliveryStatus')}>
          {label('deliveryStatus', order.deliveryStatus)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function DeliveryPanel({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('mall');
  const label = useEnumLabel();
  const describe = useDescribeError();
  const canChange = useCanChange();
  const [shipping, setShipping] = useState<DeliveryItem>();
  const canShip = (item: DeliveryItem) =>
    canChange && order.paymentStatus === 2 && item.itemType === 'goods' && item.deliveryStatus === 1;
  const canRedeliver = canChange && order.paymentStatus === 2 && order.orderStatus !== 3 && hasRefused(order);
  const redelivery = useRedelivery(order);
  return (
    <Card
      title={t('detail.delivery')}
      size="small"
      extra={
        canRedeliver && (
          <Button
            size="small"
            icon={<RedoOutlined />}
            loading={redelivery.running}
            onClick={redelivery.confirm}
          >
            {t('detail.redeliver')}
          </Button>
        )
      }
    >
      {redelivery.jobId !== undefined && (
        <JobProgress
          jobId={redelivery.jobId}
          onFinished={redelivery.finished}
          refused={() => redelivery.settled && hasRefused(order)}
        />
      )}
      {redelivery.error !== null && <Alert type="error" showIcon title={describe(redelivery.error)} />}
      <Table<DeliveryItem>
        rowKey="orderItemId"
        size="small"
        pagination={false}
        dataSource={order.deliveryContent}
        columns={[
          {
            key: 'itemType',
            title: t('field.itemType'),
            width: 90,
            render: (_, d) => label('productItemType', d.itemType),
          },
          { key: 'itemCode', title: t('field.itemCode'), width: 120, render: (_, d) => d.itemCode },
          { key: 'itemName', title: t('field.itemName'), render: (_, d) => d.itemName },
          {
            key: 'itemCount',
            title: t('field.itemCount'),
            width: 70,
            align: 'right',
            render: (_, d) => d.itemCount,
          },
          {
            key: 'deliveryStatus',
            title: t('orders.deliveryStatus'),
            width: 100,
            render: (_, d) => (
              <Tag color={d.deliveryStatus === 2 ? 'green' : undefined}>
                {label('deliveryStatus', d.deliveryStatus)}
              </Tag>
            ),
          },
          {
            key: 'content',
            title: t('orders.deliveryContent'),
            render: (_, d) =>
              d.couponIds.length > 0 ? (
                `${t('detail.coupons')}: ${d.couponIds.join(', ')}`
              ) : d.shippingContent ? (
                d.shippingContent
              ) : d.deliveryError ? (
                <Typography.Text type="danger">
                  {t('detail.deliveryError')}: {label('couponRewardFailure', d.deliveryError)}
                </Typography.Text>
              ) : (
                '-'
              ),
          },
          {
            key: 'deliveredAt',
            title: t('detail.deliveredAt'),
            width: 170,
            render: (_, d) => (d.deliveredAt ? formatTime(d.deliveredAt) : '-'),
          },
          {
            key: 'ship',
            title: '',
            width: 90,
            render: (_, d) =>
              canShip(d) && (
                <Button size="small" type="primary" icon={<SendOutlined />} onClick={() => setShipping(d)}>
                  {t('detail.ship')}
                </Button>
              ),
          },
        ]}
      />
      {shipping && <ShipDialog order={order} item={shipping} onClose={() => setShipping(undefined)} />}
    </Card>
  );
}

/** A coupon item its batch refused waits on the order. */
const hasRefused = (order: OrderDetail) =>
  order.deliveryContent.some((d) => d.itemType === 'coupon' && d.deliveryStatus === 1 && d.deliveryError);

/**
 * Delivers again the coupon items a batch refused, after confirmation: a job of the order whose progress
 * shows above the items; the order is read again when it ends, and a refusal still on it marks the job's
 * bar as failed (the job ran, the coupons were not given).
 */
function useRedelivery(order: OrderDetail) {
  const { t } = useTranslation('mall');
  const tenant = useStationsTenant();
  const mall = useMallApi();
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const [jobId, setJobId] = useState<number>();
  const [settled, setSettled] = useState(false);
  const start = useMutation({
    mutationFn: () => mall.redeliver(order.id, { version: order.version }),
    onSuccess: ({ jobId: queued }) => {
      void message.success(t('detail.redeliverStarted'));
      setSettled(false);
      setJobId(queued);
    },
  });
  return {
    jobId,
    settled,
    running: start.isPending,
    error: start.error,
    confirm: () =>
      modal.confirm({
        title: t('detail.redeliver'),
        content: t('detail.redeliverConfirm'),
        okText: t('detail.redeliver'),
        cancelText: t('detail.cancel'),
        onOk: () => start.mutateAsync().catch(() => undefined),
      }),
    finished: () => {
      void queryClient
        .invalidateQueries({ queryKey: mallKeys.order(tenant, order.id) })
        .then(() => setSettled(true));
      void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, ORDER_LIST) });
    },
  };
}

function ShipDialog({
  order,
  item,
  onClose,
}: {
  order: OrderDetail;
  item: DeliveryItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('mall');
  const tenant = useStationsTenant();
  const mall = useMallApi();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<{ shippingContent: string }>();
  const ship = useMutation({
    mutationFn: (shippingContent: string) =>
      mall.ship(order.id, {
        version: order.version,
        items: [{ orderItemId: item.orderItemId, shippingContent }],
      }),
    onSuccess: async () => {
      void message.success(t('detail.shipped'));
      await queryClient.invalidateQueries({ queryKey: mallKeys.order(tenant, order.id) });
      void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, ORDER_LIST) });
      onClose();
    },
  });
  const confirm = async () => {
    const { shippingContent } = await form.validateFields();
    modal.confirm({
      title: t('detail.shipOk'),
      content: t('detail.shipConfirm'),
      okText: t('detail.shipOk'),
      cancelText: t('detail.cancel'),
      onOk: () => ship.mutateAsync(shippingContent.trim()).catch(() => undefined),
    });
  };
  return (
    <Modal
      open
      title={t('detail.shipTitle', { name: item.itemName })}
      onCancel={onClose}
      okText={t('detail.shipOk')}
      cancelText={t('detail.cancel')}
      onOk={() => void confirm()}
      confirmLoading={ship.isPending}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="shippingContent"
          label={t('detail.shipContent')}
          rules={[{ required: true, whitespace: true }, { max: 512 }]}
        >
          <Input.TextArea maxLength={512} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
      {ship.isError && <Alert type="error" showIcon title={describe(ship.error)} />}
    </Modal>
  );
}

function Payments({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('mall');
  const label = useEnumLabel();
  return (
    <Card title={t('detail.payments')} size="small">
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={order.paymentReports}
        columns={[
          { key: 'paymentId', title: t('orders.paymentId'), render: (_, r) => r.paymentId },
          {
            key: 'amount',
            title: t('orders.paymentAmount'),
            align: 'right',
            render: (_, r) => yuan(r.amount),
          },
          {
            key: 'outcome',
            title: t('detail.outcome'),
            render: (_, r) => (
              <Tag color={r.outcome === 'accepted' ? 'green' : 'red'}>
                {label('paymentOutcome', r.outcome)}
              </Tag>
            ),
          },
          {
            key: 'reason',
            title: t('detail.reason'),
            render: (_, r) => (r.reason ? label('paymentRefusal', r.reason) : '-'),
          },
          { key: 'reportedAt', title: t('detail.reportedAt'), render: (_, r) => formatTime(r.reportedAt) },
        ]}
      />
    </Card>
  );
}

function History({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('mall');
  const actions = t('action', { returnObjects: true }) as Record<string, string>;
  const describe = useOrderHistoryDetail();
  return (
    <Card title={t('detail.history')} size="small">
      <Table
        rowKey={(h) => `${h.at}-${h.action}`}
        size="small"
        pagination={false}
        dataSource={order.history}
        columns={[
          { key: 'at', title: t('detail.at'), width: 170, render: (_, h) => formatTime(h.at) },
          {
            key: 'action',
            title: t('detail.action'),
            width: 160,
            render: (_, h) => actions[h.action] ?? h.action,
          },
          { key: 'actor', title: t('detail.actor'), width: 160, render: (_, h) => h.actor ?? '-' },
          {
            key: 'detail',
            title: t('detail.detail'),
            render: (_, h) => describe(h),
          },
        ]}
      />
    </Card>
  );
}
