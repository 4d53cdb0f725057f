import { useState } from 'react';
import { StopOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useCanChange } from '../../app/session/use-can-change';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { AbandonDialog } from './AbandonDialog';
import { formatCouponValue, formatDay } from './coupon-value';
import { couponKeys, useCouponsApi } from './coupons-api';
import { CouponStatusTag } from './CouponStatusTags';

/** A coupon is abandoned while nobody used it and it has not run out. */
const ABANDONABLE = new Set(['created', 'assigned']);

/** One issued coupon's fields (spec M7.1 coupons/{id}/detail); operators abandon it here. */
export function CouponDrawer({ couponId, onClose }: { couponId: number | null; onClose: () => void }) {
  const { t } = useTranslation('coupons');
  return (
    <Drawer
      open={couponId !== null}
      onClose={onClose}
      destroyOnHidden
      size={600}
      title={t('records.detailTitle', { id: couponId })}
    >
      {couponId !== null && <CouponDetail couponId={couponId} />}
    </Drawer>
  );
}

function CouponDetail({ couponId }: { couponId: number }) {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const label = useEnumLabel();
  const canChange = useCanChange();
  const [abandoning, setAbandoning] = useState(false);
  const coupon = useQuery({
    queryKey: couponKeys.coupon(tenant, couponId),
    queryFn: ({ signal }) => coupons.coupon(couponId, signal),
  });
  if (coupon.isPending) return <PageLoading />;
  if (coupon.isError) return <ErrorResult error={coupon.error} onRetry={() => void coupon.refetch()} />;
  const c = coupon.data;
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'id', label: t('field.couponId'), children: c.couponId },
          { key: 'uuid', label: t('field.couponUuid'), children: c.couponUuid },
          { key: 'status', label: t('field.status'), children: <CouponStatusTag status={c.status} /> },
          { key: 'account', label: t('field.accountId'), children: orDash(c.accountId) },
          { key: 'batch', label: t('field.batchName'), children: `${c.batchName} (${c.couponBatchId})` },
          { key: 'record', label: t('field.generateRecordId'), children: c.generateRecordId ?? '-' },
          { key: 'name', label: t('field.couponName'), children: c.couponName },
          { key: 'biz', label: t('field.couponBizCode'), children: label('couponBiz', c.couponBizCode) },
          { key: 'type', label: t('field.couponTypeCode'), children: label('couponType', c.couponTypeCode) },
          {
            key: 'value',
            label: t('field.couponValue'),
            children: formatCouponValue(c.couponTypeCode, c.couponValue, t),
          },
          {
            key: 'validity',
            label: t('field.validity'),
            children: `${formatDay(c.effectiveDate)} ~ ${formatDay(c.expireDate)}`,
          },
          {
            key: 'channel',
            label: t('field.couponChannel'),
            children: label('couponChannel', c.couponChannel),
          },
          {
            key: 'transfer',
            label: t('field.isTransfer'),
            children: t(c.isTransfer ? 'common.yes' : 'common.no'),
          },
          { key: 'bindDate', label: t('field.bindDate'), children: formatTime(c.bindDate) },
          { key: 'consumeDate', label: t('field.consumeDate'), children: formatTime(c.consumeDate) },
          { key: 'orderId', label: t('field.orderId'), children: orDash(c.orderId) },
          { key: 'wbsCode', label: t('field.wbsCode'), children: orDash(c.wbsCode) },
          { key: 'description', label: t('field.couponDescription'), children: orDash(c.couponDescription) },
          { key: 'createTime', label: t('field.createTime'), children: formatTime(c.createTime) },
          { key: 'updateTime', label: t('field.updateTime'), children: formatTime(c.updateTime) },
        ]}
      />
      {canChange && ABANDONABLE.has(c.status) && (
        <Button danger icon={<StopOutlined />} onClick={() => setAbandoning(true)}>
          {t('abandon.one')}
        </Button>
      )}
      <AbandonDialog
        open={abandoning}
        onClose={() => setAbandoning(false)}
        title={t('abandon.oneTitle', { code: c.couponUuid })}
        target={{ abandonType: 'coupon_uuid', value: c.couponUuid }}
        onAbandoned={() => void coupon.refetch()}
      />
    </Flex>
  );
}
