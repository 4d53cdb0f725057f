import { useMemo, useState } from 'react';
import { ArrowLeftOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Flex, Progress, Result, Table, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import {
  UPGRADE_PACKAGE_ACTIONS,
  UPGRADE_PACKAGE_STATUSES,
  type UpgradeCampaignSummary,
  type UpgradePackage,
  type UpgradePackageAction,
  type UpgradePackageStatus,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useCanChange } from '../../app/session/use-can-change';
import {
  CustomField,
  EntityForm,
  formatBytes,
  searchTableQueryKey,
  SelectField,
  SwitchField,
  TextAreaField,
  useFormRules,
  type EntityFormMode,
} from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { CampaignDialog } from './CampaignDialog';
import { CampaignProgressDrawer, finishedPercent } from './CampaignProgressDrawer';
import { PackageStatusSelect } from './PackageStatusSelect';
import { upgradePackageListPath } from './upgrade-package-links';
import {
  FOLLOW_MS,
  UPGRADE_PACKAGE_LIST,
  upgradePackageKeys,
  useUpgradePackage,
  useUpgradePackagesApi,
} from './upgrade-packages-api';

interface PackageValues {
  status: UpgradePackageStatus;
  action: UpgradePackageAction;
  releaseNote?: string;
  isPromotion: boolean;
}

const VERSION_CONFLICT = 'upgradePackages.versionConflict';

/** A campaign some of whose chargers were not sent yet, or have not finished. */
const isRunning = (c: UpgradeCampaignSummary): boolean => c.succeeded + c.failed < c.total;
const ruleKeyOf = (error: unknown): string | undefined =>
  error instanceof ApiError &&
  typeof error.details === 'object' &&
  error.details !== null &&
  'key' in error.details
    ? String(error.details.key)
    : undefined;

/**
 * One upgrade package (`?id=`): its file and signed download link, its status, action, release note and
 * promotion flag, which operators change (the status by its rules, after confirming), and its campaigns
 * with their progress; operators start a campaign here.
 */
export default function UpgradePackageDetailPage() {
  const { t } = useTranslation('upgradePackages');
  const tenant = useStationsTenant();
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const pkg = useUpgradePackage(valid ? id : undefined);

  const back = (
    <Link to={upgradePackageListPath(tenant)}>
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );
  if (!valid || (pkg.isError && pkg.error instanceof ApiError && pkg.error.status === 404)) {
    return <Result status="404" title={t('detail.notFound')} extra={back} />;
  }
  if (pkg.isPending) return <PageLoading />;
  if (pkg.isError) return <ErrorResult error={pkg.error} onRetry={() => void pkg.refetch()} />;
  return (
    <Flex vertical gap={16}>
      {back}
      <PackageView pkg={pkg.data} onReload={() => void pkg.refetch()} />
    </Flex>
  );
}

function PackageView({ pkg, onReload }: { pkg: UpgradePackage; onReload: () => void }) {
  const { t } = useTranslation('upgradePackages');
  const label = useEnumLabel();
  const canChange = useCanChange();
  const [starting, setStarting] = useState(false);
  const [following, setFollowing] = useState<number | null>(null);

  return (
    <>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {`${label('upgradePackageType', pkg.packageType)} · ${pkg.version}`}
      </Typography.Title>
      {!pkg.editable && <Alert type="info" showIcon title={t('detail.fixed')} />}
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'id', label: t('field.upgradePackageId'), children: pkg.upgradePackageId },
            {
              key: 'type',
              label: t('field.packageType'),
              children: label('upgradePackageType', pkg.packageType),
            },
            { key: 'version', label: t('field.version'), children: pkg.version },
            { key: 'fileName', label: t('field.fileName'), children: pkg.fileName },
            { key: 'fileSize', label: t('field.fileSize'), children: formatBytes(pkg.fileSize) },
            {
              key: 'md5',
              label: t('field.md5'),
              children: <Typography.Text copyable>{pkg.md5}</Typography.Text>,
            },
            { key: 'createTime', label: t('field.createTime'), children: formatTime(pkg.createTime) },
            { key: 'createdBy', label: t('field.createdBy'), children: pkg.createdBy },
            { key: 'updateTime', label: t('field.updateTime'), children: formatTime(pkg.updateTime) },
            { key: 'updatedBy', label: t('field.updatedBy'), children: pkg.updatedBy },
            {
              key: 'downloadUrl',
              label: t('field.downloadUrl'),
              span: 'filled',
              children: (
                <Flex vertical gap={0}>
                  <Typography.Text copyable={{ text: pkg.downloadUrl }} ellipsis style={{ maxWidth: 640 }}>
                    {pkg.downloadUrl}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('detail.linkHelp')}
                  </Typography.Text>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <PackageForm key={pkg.rowVersion} pkg={pkg} onReload={onReload} />
      <Card
        size="small"
        title={t('campaigns.title')}
        extra={
          canChange &&
          pkg.status !== UPGRADE_PACKAGE_STATUSES.withdrawn && (
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setStarting(true)}>
              {t('campaigns.start')}
            </Button>
          )
        }
      >
        <Campaigns pkg={pkg} onFollow={setFollowing} />
      </Card>
      <CampaignDialog
        pkg={pkg}
        open={starting}
        onClose={() => setStarting(false)}
        onStarted={(campaign) => {
          setStarting(false);
          setFollowing(campaign.campaignId);
        }}
      />
      <CampaignProgressDrawer campaignId={following} onClose={() => setFollowing(null)} />
    </>
  );
}

function PackageForm({ pkg, onReload }: { pkg: UpgradePackage; onReload: () => void }) {
  const { t } = useTranslation('upgradePackages');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const packages = useUpgradePackagesApi();
  const queryClient = useQueryClient();
  const canChange = useCanChange();
  const describe = useDescribeError();
  const label = useEnumLabel();
  const rules = useFormRules();
  const [mode, setMode] = useState<EntityFormMode>('view');
  const initialValues = useMemo<PackageValues>(
    () => ({
      status: pkg.status,
      action: pkg.action,
      releaseNote: pkg.releaseNote ?? undefined,
      isPromotion: pkg.isPromotion,
    }),
    [pkg],
  );

  const submit = async (values: PackageValues) => {
    let saved: UpgradePackage;
    try {
      saved = await packages.update(pkg.upgradePackageId, {
        status: values.status,
        action: values.action,
        releaseNote: values.releaseNote?.trim() || null,
        isPromotion: values.isPromotion,
        rowVersion: pkg.rowVersion,
      });
    } catch (error) {
      if (ruleKeyOf(error) === VERSION_CONFLICT) {
        modal.confirm({
          title: t('detail.conflictTitle'),
          content: (error as ApiError).message,
          okText: t('detail.reload'),
          cancelText: t('detail.keepEditing'),
          onOk: () => {
            setMode('view');
            onReload();
          },
        });
      }
      throw new Error(describe(error));
    }
    setMode('view');
    queryClient.setQueryData(upgradePackageKeys.detail(tenant, saved.upgradePackageId), saved);
    void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, UPGRADE_PACKAGE_LIST) });
    void message.success(t('detail.saved'));
  };

  return (
    <Card size="small">
      <EntityForm<PackageValues>
        name="upgrade-package"
        mode={mode}
        onModeChange={setMode}
        editable={canChange}
        initialValues={initialValues}
        onSubmit={submit}
        layout="vertical"
      >
        <CustomField name="status" label={t('field.status')} rules={[rules.required()]}>
          {({ readOnly }) => (
            <PackageStatusSelect saved={pkg.status} editable={pkg.editable} readOnly={readOnly} />
          )}
        </CustomField>
        <SelectField
          name="action"
          label={t('field.action')}
          rules={[rules.required()]}
          options={UPGRADE_PACKAGE_ACTIONS.map((action) => ({
            value: action,
            label: label('upgradePackageAction', action),
          }))}
        />
        <TextAreaField name="releaseNote" label={t('field.releaseNote')} maxLength={1024} rows={4} />
        <SwitchField name="isPromotion" label={t('field.isPromotion')} />
      </EntityForm>
    </Card>
  );
}

function Campaigns({ pkg, onFollow }: { pkg: UpgradePackage; onFollow: (campaignId: number) => void }) {
  const { t } = useTranslation('upgradePackages');
  const tenant = useStationsTenant();
  const packages = useUpgradePackagesApi();
  const [pageNo, setPageNo] = useState(1);
  const campaigns = useQuery({
    queryKey: upgradePackageKeys.campaignPage(tenant, pkg.upgradePackageId, pageNo),
    queryFn: ({ signal }) =>
      packages.campaigns(pkg.upgradePackageId, { pageNo, pageSize: DEFAULT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? FOLLOW_MS : false),
  });
  if (campaigns.isError)
    return <ErrorResult error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  return (
    <Table<UpgradeCampaignSummary>
      rowKey="campaignId"
      size="small"
      loading={campaigns.isPending}
      dataSource={campaigns.data?.items ?? []}
      pagination={{
        current: pageNo,
        pageSize: DEFAULT_PAGE_SIZE,
        total: campaigns.data?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: setPageNo,
      }}
      locale={{ emptyText: t('campaigns.empty') }}
      columns={[
        { key: 'campaignId', title: t('campaigns.campaignId'), dataIndex: 'campaignId', width: 100 },
        {
          key: 'createdAt',
          title: t('campaigns.createdAt'),
          width: 170,
          render: (_, c) => formatTime(c.createdAt),
        },
        {
          key: 'createdBy',
          title: t('campaigns.createdBy'),
          width: 130,
          render: (_, c) => orDash(c.createdBy),
        },
        { key: 'total', title: t('campaigns.total'), dataIndex: 'total', width: 90 },
        {
          key: 'progress',
          title: t('campaigns.progress'),
          render: (_, c) => (
            <Flex vertical gap={0}>
              <Progress percent={finishedPercent(c)} size="small" />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('campaigns.counts', {
                  succeeded: c.succeeded,
                  failed: c.failed,
                  running: c.running,
                  sent: c.sent,
                })}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          key: 'view',
          title: '',
          width: 100,
          render: (_, c) => (
            <Button type="link" onClick={() => onFollow(c.campaignId)}>
              {t('campaigns.view')}
            </Button>
          ),
        },
      ]}
    />
  );
}
