import { Descriptions, Drawer, Flex, Statistic, Card, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { formatCouponValue } from './coupon-value';
import { couponKeys, FOLLOW_MS, useCouponsApi } from './coupons-api';
import { CouponBatchStatusTag } from './CouponStatusTags';
import { JobProgress } from '../../app/tasks/JobProgress';

const RUNNING = new Set(['created', 'processing']);

/** A generate record's fields and its coupons by status (spec M7.1 detail and statistics). */
export function GenerateRecordDrawer({
  recordId,
  onClose,
}: {
  recordId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('coupons');
  return (
    <Drawer
      open={recordId !== null}
      onClose={onClose}
      destroyOnHidden
      size={640}
      title={t('generateRecords.detailTitle', { id: recordId })}
    >
      {recordId !== null && <RecordDetail recordId={recordId} />}
    </Drawer>
  );
}

const STATISTICS = [
  'generateAmount',
  'createdAmount',
  'unclaimedAmount',
  'assignedAmount',
  'usedAmount',
  'expiredAmount',
  'abandonAmount',
] as const;

function RecordDetail({ recordId }: { recordId: number }) {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const label = useEnumLabel();
  const record = useQuery({
    queryKey: couponKeys.record(tenant, recordId),
    queryFn: ({ signal }) => coupons.generateRecord(recordId, signal),
    refetchInterval: (query) =>
      query.state.data && RUNNING.has(query.state.data.status) ? FOLLOW_MS : false,
  });
  const statistics = useQuery({
    queryKey: [...couponKeys.statistics(tenant, recordId), record.data?.generatedAmount],
    queryFn: ({ signal }) => coupons.statistics(recordId, signal),
    enabled: record.isSuccess,
  });
  if (record.isPending) return <PageLoading />;
  if (record.isError) return <ErrorResult error={record.error} onRetry={() => void record.refetch()} />;
  const r = record.data;
  return (
    <Flex vertical gap={16}>
      {RUNNING.has(r.status) && r.jobId !== null && <JobProgress jobId={r.jobId} />}
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'id', label: t('field.generateRecordId'), children: r.generateRecordId },
          { key: 'batch', label: t('field.batchName'), children: `${r.batchName} (${r.couponBatchId})` },
          { key: 'name', label: t('field.couponName'), children: r.couponName },
          { key: 'biz', label: t('field.couponBizCode'), children: label('couponBiz', r.couponBizCode) },
          { key: 'type', label: t('field.couponTypeCode'), children: label('couponType', r.couponTypeCode) },
          {
            key: 'value',
            label: t('field.couponValue'),
            children: formatCouponValue(r.couponTypeCode, r.couponValue, t),
          },
          {
            key: 'generateType',
            label: t('field.generateType'),
            children: label('couponGenerateType', r.generateType),
          },
          { key: 'codeType', label: t('field.codeType'), children: label('couponCodeType', r.codeType) },
          { key: 'status', label: t('field.status'), children: <CouponBatchStatusTag status={r.status} /> },
          {
            key: 'amount',
            label: t('field.generateAmount'),
            children: `${r.generatedAmount.toLocaleString()} / ${r.generateAmount.toLocaleString()}`,
          },
          {
            key: 'accounts',
            label: t('field.accountIds'),
            children: (
              <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0 }}>
                {r.accountIds.length > 0 ? r.accountIds.join(', ') : '-'}
              </Typography.Paragraph>
            ),
          },
          {
            key: 'token',
            label: t('field.couponToken'),
            children: r.couponToken ? <Typography.Text copyable>{r.couponToken}</Typography.Text> : '-',
          },
          {
            key: 'tokenValidity',
            label: t('field.tokenValidity'),
            children: r.couponToken
              ? `${formatTime(r.couponTokenEffectiveDate)} ~ ${formatTime(r.couponTokenExpireDate)}`
              : '-',
          },
          { key: 'operator', label: t('field.operatorAccount'), children: r.operatorAccount },
          { key: 'remark', label: t('field.remark'), children: orDash(r.remark) },
          { key: 'createTime', label: t('field.createTime'), children: formatTime(r.createTime) },
          { key: 'updateTime', label: t('field.updateTime'), children: formatTime(r.updateTime) },
        ]}
      />
      <Card size="small" title={t('generateRecords.statistics')}>
        {statistics.isError ? (
          <ErrorResult error={statistics.error} onRetry={() => void statistics.refetch()} />
        ) : (
          <Flex wrap gap={24}>
            {STATISTICS.map((key) => (
              <Statistic
                key={key}
                loading={statistics.isPending}
                title={key === 'unclaimedAmount' ? t('generateRecords.unclaimedAmount') : t(`field.${key}`)}
                value={statistics.data?.[key] ?? 0}
              />
            ))}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
