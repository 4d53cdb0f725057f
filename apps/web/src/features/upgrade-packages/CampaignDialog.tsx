import { useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PowerCharger } from '@cmp/domain/stations/remote-operations';
import {
  EQUIPMENT_TYPE_OF_PACKAGE,
  UPGRADE_PACKAGE_STATUSES,
  type UpgradeCampaign,
  type UpgradePackage,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { useDescribeError } from '../../api/describe-error';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useRemoteOperationsApi } from '../remote-operations/remote-operations-api';
import { useStationsTenant } from '../../components/lookups';
import { upgradePackageKeys, useUpgradePackagesApi } from './upgrade-packages-api';

/**
 * Starts a campaign: the chargers are picked among a station's registered chargers of the package's type,
 * or typed by charge point id, or both. A draft goes to one charger only (a trial). Once started, the
 * campaign's progress opens.
 */
export function CampaignDialog({
  pkg,
  open,
  onClose,
  onStarted,
}: {
  pkg: UpgradePackage;
  open: boolean;
  onClose: () => void;
  onStarted: (campaign: UpgradeCampaign) => void;
}) {
  const { t } = useTranslation('upgradePackages');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const packages = useUpgradePackagesApi();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const [picked, setPicked] = useState<string[]>([]);
  const [typed, setTyped] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const chosen = [...new Set([...picked, ...typed])];
  const draft = pkg.status === UPGRADE_PACKAGE_STATUSES.draft;
  const tooMany = draft && chosen.length > 1;

  // Firmware goes out to every chosen charger at once and cannot be called back: one more look first.
  const confirmAndSend = async () => {
    const confirmed = await modal.confirm({
      title: t('campaign.confirmTitle', { count: chosen.length, version: pkg.version }),
      content: t('campaign.confirmContent'),
      okText: t('campaign.confirmOk'),
      cancelText: t('detail.cancel'),
    });
    if (confirmed) await send();
  };

  const send = async () => {
    setSending(true);
    setError(undefined);
    try {
      const campaign = await packages.startCampaign(pkg.upgradePackageId, chosen);
      void message.success(t('campaign.started', { campaignId: campaign.campaignId }));
      void queryClient.invalidateQueries({
        queryKey: upgradePackageKeys.campaigns(tenant, pkg.upgradePackageId),
      });
      void queryClient.invalidateQueries({
        queryKey: upgradePackageKeys.detail(tenant, pkg.upgradePackageId),
      });
      setPicked([]);
      setTyped([]);
      onStarted(campaign);
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={760}
      title={t('campaign.title', { version: pkg.version })}
      okText={t('campaign.submit')}
      cancelText={t('detail.cancel')}
      onOk={() => void confirmAndSend()}
      okButtonProps={{ disabled: chosen.length === 0 || tooMany, loading: sending }}
    >
      <Flex vertical gap={16}>
        {draft && <Alert type="info" showIcon title={t('campaign.draftHint')} />}
        <StationChargers pkg={pkg} selected={picked} onSelect={setPicked} />
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('campaign.byIds')}</Typography.Text>
          <Select
            mode="tags"
            aria-label={t('campaign.byIds')}
            value={typed}
            onChange={setTyped}
            placeholder={t('campaign.idsPlaceholder')}
            tokenSeparators={[',', ' ']}
            open={false}
            style={{ width: '100%' }}
          />
        </Flex>
        <Typography.Text type={chosen.length === 0 || tooMany ? 'secondary' : undefined}>
          {chosen.length === 0
            ? t('campaign.noneSelected')
            : t('campaign.selected', { count: chosen.length })}
        </Typography.Text>
        {error !== undefined && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Modal>
  );
}

/** A station's chargers of the package's type, as the power chargers search answers them; only registered ones can be chosen. */
function StationChargers({
  pkg,
  selected,
  onSelect,
}: {
  pkg: UpgradePackage;
  selected: string[];
  onSelect: (ids: string[]) => void;
}) {
  const { t } = useTranslation('upgradePackages');
  const tenant = useStationsTenant();
  const operations = useRemoteOperationsApi();
  const [typedStation, setTypedStation] = useState('');
  const [station, setStation] = useState<string>();
  const chargers = useQuery({
    queryKey: upgradePackageKeys.powerChargers(tenant, station ?? ''),
    queryFn: ({ signal }) => operations.powerChargers(station!, signal),
    enabled: station !== undefined,
  });
  const ofType = (chargers.data?.items ?? []).filter(
    (c) => c.equipmentType === EQUIPMENT_TYPE_OF_PACKAGE[pkg.packageType],
  );

  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('campaign.byStation')}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('campaign.stationId')}
          maxLength={64}
          placeholder={t('campaign.stationId')}
          value={typedStation}
          onChange={(event) => setTypedStation(event.target.value)}
          onPressEnter={() => typedStation.trim() && setStation(typedStation.trim())}
        />
        <Button
          icon={<SearchOutlined />}
          disabled={typedStation.trim() === ''}
          onClick={() => setStation(typedStation.trim())}
        >
          {t('campaign.search')}
        </Button>
      </Space.Compact>
      {chargers.isError ? (
        <ErrorResult error={chargers.error} onRetry={() => void chargers.refetch()} />
      ) : (
        station !== undefined && (
          <Table<PowerCharger>
            rowKey="chargePointId"
            size="small"
            loading={chargers.isFetching}
            dataSource={ofType}
            pagination={false}
            scroll={{ y: 240 }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => onSelect(keys.map(String)),
              getCheckboxProps: (charger) => ({ disabled: !charger.registered }),
            }}
            columns={[
              { key: 'chargePointId', title: t('progress.chargePointId'), dataIndex: 'chargePointId' },
              {
                key: 'online',
                title: t('progress.status'),
                render: (_, charger) =>
                  !charger.registered ? (
                    <Tag>{t('campaign.notRegistered')}</Tag>
                  ) : charger.online ? (
                    <Tag color="success">{t('campaign.online')}</Tag>
                  ) : (
                    <Tag>{t('campaign.offline')}</Tag>
                  ),
              },
              {
                key: 'firmwareVersion',
                title: t('campaign.firmware'),
                render: (_, charger) => charger.firmwareVersion ?? '-',
              },
            ]}
          />
        )
      )}
    </Flex>
  );
}
