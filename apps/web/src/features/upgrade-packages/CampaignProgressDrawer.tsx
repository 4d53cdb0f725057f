import { Drawer, Flex, Progress, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UpgradeCampaign } from '@cmp/domain/upgrade-packages/upgrade-packages';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { RemoteOperationStatusTag } from '../remote-operations/RemoteOperationStatusTag';
import { useOperationReason } from '../remote-operations/use-operation-reason';
import { useStationsTenant } from '../../components/lookups';
import {
  FOLLOW_MS,
  isCampaignUnfinished,
  upgradePackageKeys,
  useUpgradePackagesApi,
} from './upgrade-packages-api';

type Charger = UpgradeCampaign['chargers'][number];

/** How far a campaign got: its counts, and each charger's state and percentage, read again while any runs. */
export function CampaignProgressDrawer({
  campaignId,
  onClose,
}: {
  campaignId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('upgradePackages');
  return (
    <Drawer
      open={campaignId !== null}
      onClose={onClose}
      destroyOnHidden
      size={720}
      title={t('progress.title', { campaignId })}
    >
      {campaignId !== null && <CampaignProgress campaignId={campaignId} />}
    </Drawer>
  );
}

/** The share of the campaign's chargers that reached an end, succeeded or failed. */
export const finishedPercent = (c: Pick<UpgradeCampaign, 'total' | 'succeeded' | 'failed'>): number =>
  c.total === 0 ? 0 : Math.floor(((c.succeeded + c.failed) / c.total) * 100);

function CampaignProgress({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation('upgradePackages');
  const tenant = useStationsTenant();
  const packages = useUpgradePackagesApi();
  const label = useEnumLabel();
  const reason = useOperationReason();
  const campaign = useQuery({
    queryKey: upgradePackageKeys.campaign(tenant, campaignId),
    queryFn: ({ signal }) => packages.campaign(campaignId, signal),
    refetchInterval: (query) =>
      query.state.data && isCampaignUnfinished(query.state.data) ? FOLLOW_MS : false,
  });
  if (campaign.isPending) return <PageLoading />;
  if (campaign.isError) return <ErrorResult error={campaign.error} onRetry={() => void campaign.refetch()} />;
  const c = campaign.data;

  const columns: TableColumnsType<Charger> = [
    { key: 'chargePointId', title: t('progress.chargePointId'), dataIndex: 'chargePointId', width: 180 },
    {
      key: 'status',
      title: t('progress.status'),
      width: 110,
      render: (_, charger) =>
        charger.status === null ? (
          <Tag>{t('progress.notSent')}</Tag>
        ) : (
          <RemoteOperationStatusTag status={charger.status as 0 | 1 | 2 | 3} />
        ),
    },
    {
      key: 'percentage',
      title: t('progress.percentage'),
      width: 200,
      render: (_, charger) => (
        <Flex vertical gap={0}>
          <Progress
            percent={charger.percentage ?? 0}
            size="small"
            status={charger.status === 2 ? 'exception' : charger.status === 1 ? 'success' : 'active'}
          />
          {charger.firmwareStatus && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {label('firmwareStatus', charger.firmwareStatus)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'reason', title: t('progress.reason'), render: (_, charger) => reason(charger.reason) },
  ];

  return (
    <Flex vertical gap={16}>
      <Progress
        percent={finishedPercent(c)}
        success={{ percent: c.total === 0 ? 0 : (c.succeeded / c.total) * 100 }}
      />
      <Typography.Text>
        {t('campaigns.counts', {
          succeeded: c.succeeded,
          failed: c.failed,
          running: c.running,
          sent: c.sent,
        })}
      </Typography.Text>
      <Table<Charger>
        rowKey="chargePointId"
        size="small"
        columns={columns}
        dataSource={c.chargers}
        pagination={c.chargers.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      />
    </Flex>
  );
}
