import { useCallback, useEffect, useState } from 'react';
import { ArrowLeftOutlined, PlusOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Result, Space, Statistic, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CouponBatch, GenerateRecord } from '@cmp/domain/coupons/coupon-batches';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain/platform/paging';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useCanChange } from '../../app/session/use-can-change';
import { PagedTable } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { AbandonDialog } from './AbandonDialog';
import { couponBatchListPath, generateRecordListPath } from './coupon-links';
import { formatCouponValue, formatPriceLimit } from './coupon-value';
import { couponKeys, useCouponBatch, useCouponsApi } from './coupons-api';
import { CouponBatchStatusTag } from './CouponStatusTags';
import { DownloadCodesButton } from './DownloadCodesButton';
import { GenerateDialog } from './GenerateDialog';
import { GenerateRecordDrawer } from './GenerateRecordDrawer';
import { JobProgress } from '../../app/tasks/JobProgress';
import { SendDialog } from './SendDialog';
import { useBatchValidity } from './use-coupon-batch-columns';
import { useGenerateRecordColumns } from './use-generate-record-columns';

/**
 * One coupon batch (`?id=`): its fields and counters, its generate records with the progress of a running
 * one, and what operators do with it: generate, download the codes, send, abandon.
 */
export default function CouponBatchDetailPage() {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const batch = useCouponBatch(valid ? id : undefined);

  const back = (
    <Link to={couponBatchListPath(tenant)}>
      <ArrowLeftOutlined /> {t('common.back')}
    </Link>
  );
  if (!valid || (batch.isError && batch.error instanceof ApiError && batch.error.status === 404)) {
    return <Result status="404" title={t('common.notFound')} extra={back} />;
  }
  if (batch.isPending) return <PageLoading />;
  if (batch.isError) return <ErrorResult error={batch.error} onRetry={() => void batch.refetch()} />;
  return (
    <Flex vertical gap={16}>
      {back}
      <BatchView batch={batch.data} />
    </Flex>
  );
}

const COUNTERS = [
  'amount',
  'stockAmount',
  'createdAmount',
  'assignedAmount',
  'usedAmount',
  'expiredAmount',
  'abandonAmount',
] as const;

function BatchView({ batch }: { batch: CouponBatch }) {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const canChange = useCanChange();
  const validity = useBatchValidity();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'generate' | 'send' | 'abandon'>();
  const [following, setFollowing] = useState<number>();
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no');
  const closed = batch.status === 'killed';

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: couponKeys.batch(tenant, batch.couponBatchId) });
    void queryClient.invalidateQueries({ queryKey: couponKeys.batchRecords(tenant, batch.couponBatchId) });
  }, [queryClient, tenant, batch.couponBatchId]);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {batch.batchName}
          </Typography.Title>
          <CouponBatchStatusTag status={batch.status} generated={batch} />
        </Space>
        <Space wrap>
          {canChange && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={closed}
              onClick={() => setDialog('generate')}
            >
              {t('detail.generate')}
            </Button>
          )}
          {canChange && (
            <Button icon={<SendOutlined />} disabled={closed} onClick={() => setDialog('send')}>
              {t('detail.send')}
            </Button>
          )}
          <DownloadCodesButton couponBatchId={batch.couponBatchId} />
          {canChange && (
            <Button danger icon={<StopOutlined />} disabled={closed} onClick={() => setDialog('abandon')}>
              {t('detail.abandon')}
            </Button>
          )}
        </Space>
      </Flex>
      {following !== undefined && (
        <Card size="small" title={t('generate.progress')}>
          <JobProgress
            key={following}
            jobId={following}
            onFinished={refresh}
            describe={(job) =>
              job.state === 'failed'
                ? t('generate.failed', { reason: job.error ?? '' })
                : job.state === 'succeeded'
                  ? t('generate.done')
                  : t('generate.progressText', {
                      done: job.progress.done.toLocaleString(),
                      total: (job.progress.total ?? 0).toLocaleString(),
                    })
            }
          />
        </Card>
      )}
      <Card size="small" title={t('detail.counters')}>
        <Flex wrap gap={32}>
          {COUNTERS.map((counter) => (
            <Statistic key={counter} title={t(`field.${counter}`)} value={batch[counter]} />
          ))}
        </Flex>
      </Card>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'id', label: t('field.couponBatchId'), children: batch.couponBatchId },
            { key: 'couponName', label: t('field.couponName'), children: batch.couponName },
            { key: 'awardType', label: t('field.awardType'), children: label('awardType', batch.awardType) },
            {
              key: 'biz',
              label: t('field.couponBizCode'),
              children: label('couponBiz', batch.couponBizCode),
            },
            {
              key: 'type',
              label: t('field.couponTypeCode'),
              children: label('couponType', batch.couponTypeCode),
            },
            {
              key: 'subType',
              label: t('field.couponSubType'),
              children: label('couponSubclass', batch.couponSubType),
            },
            {
              key: 'value',
              label: t('field.couponValue'),
              children: formatCouponValue(batch.couponTypeCode, batch.couponValue, t),
            },
            {
              key: 'valueDisplay',
              label: t('field.couponValueDisplay'),
              children: orDash(batch.couponValueDisplay),
            },
            {
              key: 'totalPrice',
              label: t('field.totalPrice'),
              children: formatPriceLimit(batch.totalPrice, t('common.anyOrder')),
            },
            {
              key: 'costShare',
              label: t('field.discountCouponCostShare'),
              children: batch.discountCouponCostShare ?? '-',
            },
            { key: 'validity', label: t('field.validity'), children: validity(batch) },
            { key: 'limitPerUser', label: t('field.limitPerUser'), children: batch.limitPerUser ?? '-' },
            { key: 'fee', label: t('field.priceElectricityFee'), children: yesNo(batch.priceElectricityFee) },
            { key: 'service', label: t('field.priceServiceFee'), children: yesNo(batch.priceServiceFee) },
            { key: 'grant', label: t('field.grantEnable'), children: yesNo(batch.grantEnable) },
            { key: 'transfer', label: t('field.isTransfer'), children: yesNo(batch.isTransfer) },
            {
              key: 'dilatation',
              label: t('field.dilatationEnable'),
              children: yesNo(batch.dilatationEnable),
            },
            { key: 'editable', label: t('field.portalEditable'), children: yesNo(batch.portalEditable) },
            { key: 'operator', label: t('field.operatorAccount'), children: batch.operatorAccount },
            { key: 'createTime', label: t('field.createTime'), children: formatTime(batch.createTime) },
            { key: 'updateTime', label: t('field.updateTime'), children: formatTime(batch.updateTime) },
            {
              key: 'rules',
              label: t('field.rules'),
              span: 'filled',
              children:
                batch.rules.length === 0
                  ? t('common.all')
                  : batch.rules.map((rule) => (
                      <Tag key={rule.type}>
                        {`${t(`enum.ruleType.${rule.type}`)}: ${rule.values
                          .map((v) => (v === 'all' ? t('common.all') : v))
                          .join(', ')}`}
                      </Tag>
                    )),
            },
            {
              key: 'useRange',
              label: t('field.useRange'),
              span: 'filled',
              children: rangeText(batch, t) || t('common.all'),
            },
            {
              key: 'customTag',
              label: t('field.customTag'),
              children: batch.customTag.length > 0 ? batch.customTag.join(', ') : '-',
            },
            {
              key: 'description',
              label: t('field.couponDescription'),
              span: 'filled',
              children: orDash(batch.couponDescription),
            },
          ]}
        />
      </Card>
      <BatchRecords batch={batch} onRunning={setFollowing} following={following} />
      {canChange && (
        <>
          <GenerateDialog
            batch={batch}
            open={dialog === 'generate'}
            onClose={() => setDialog(undefined)}
            onStarted={(record) => {
              setDialog(undefined);
              if (record.jobId !== null) setFollowing(record.jobId);
            }}
          />
          <SendDialog batch={batch} open={dialog === 'send'} onClose={() => setDialog(undefined)} />
          <AbandonDialog
            open={dialog === 'abandon'}
            onClose={() => setDialog(undefined)}
            title={t('detail.abandonTitle', { name: batch.batchName })}
            target={{ abandonType: 'coupon_batch_id', value: String(batch.couponBatchId) }}
            onAbandoned={refresh}
          />
        </>
      )}
    </>
  );
}

/** Where the batch's coupons may be used, kind by kind; empty when nowhere is limited. */
const rangeText = (batch: CouponBatch, t: (key: string) => string): string =>
  (
    [
      ['editor.rangeOperator', batch.useRange.operator],
      ['editor.rangeChargeStation', batch.useRange.chargeStation],
      ['editor.rangeCustomTag', batch.useRange.customTag],
    ] as const
  )
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => `${t(name)}: ${values.join(', ')}`)
    .join('; ');

/** The batch's generate records; a record still generating is followed with its job's progress. */
function BatchRecords({
  batch,
  following,
  onRunning,
}: {
  batch: CouponBatch;
  following: number | undefined;
  onRunning: (jobId: number) => void;
}) {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const [open, setOpen] = useState<number | null>(null);
  const onOpen = useCallback((record: GenerateRecord) => setOpen(record.generateRecordId), []);
  const columns = useGenerateRecordColumns(onOpen).filter(
    (c) => c.key !== 'couponBatchId' && c.key !== 'batchName',
  );
  const [running, setRunning] = useState<number>();
  useEffect(() => {
    if (running !== undefined && following === undefined) onRunning(running);
  }, [running, following, onRunning]);

  return (
    <Card
      size="small"
      title={t('detail.records')}
      extra={<Link to={generateRecordListPath(tenant, batch.couponBatchId)}>{t('detail.allRecords')}</Link>}
    >
      <PagedTable<GenerateRecord>
        rowKey="generateRecordId"
        columns={columns}
        queryKey={(pageNo) => [...couponKeys.batchRecords(tenant, batch.couponBatchId), pageNo]}
        load={async (pageNo, signal) => {
          const page = await coupons.generateRecords(
            { couponBatchId: batch.couponBatchId, pageNo, pageSize: DEFAULT_PAGE_SIZE },
            signal,
          );
          const active = page.items.find(
            (r) => (r.status === 'created' || r.status === 'processing') && r.jobId !== null,
          );
          if (active?.jobId != null) setRunning(active.jobId);
          return page;
        }}
        empty={t('detail.recordsEmpty')}
      />
      <GenerateRecordDrawer recordId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
