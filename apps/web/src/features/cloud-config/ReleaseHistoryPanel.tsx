import { useMemo, useState } from 'react';
import { Alert, App, Button, Form, Modal, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReleaseListQuerySchema, type ReleaseSummary } from '@cmp/domain/cloud-config/cloud-config';
import type { Query } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  type SearchFilter,
  type SearchTableColumn,
  type SearchTableParams,
} from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import {
  RELEASE_LIST,
  releasesExportPath,
  useCloudConfigApi,
  useRefreshCloudConfig,
  useReleaseDiff,
} from './cloud-config-api';
import { ReleaseFields, type ReleaseFormValues } from './ReleaseDialog';
import { ReleaseDiffView } from './ReleaseDiffView';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export function toReleaseFilter(params: SearchTableParams): Query {
  const filter: Query = {
    sort: params.sort,
    releaseTitle: text(params.releaseTitle),
    releasedBy: text(params.releasedBy),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** The keys that differ from one release to another (or to the working items), in a dialog. */
function DiffDialog({
  namespaceName,
  from,
  to,
  onClose,
}: {
  namespaceName: string;
  from: number;
  to: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('cloudConfig');
  const describe = useDescribeError();
  const diff = useReleaseDiff(namespaceName, from, to);
  return (
    <Modal open width={960} title={t('diff.title')} footer={null} onCancel={onClose} destroyOnHidden>
      {diff.isPending ? (
        <Skeleton active />
      ) : diff.isError ? (
        <Alert type="error" showIcon title={describe(diff.error)} />
      ) : (
        <ReleaseDiffView diff={diff.data} />
      )}
    </Modal>
  );
}

/** Rolls back to a release after the user confirms, titled as a release (a rollback is one). */
function RollbackDialog({
  namespaceName,
  release,
  onClose,
}: {
  namespaceName: string;
  release: ReleaseSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation('cloudConfig');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const config = useCloudConfigApi();
  const refresh = useRefreshCloudConfig();
  const [form] = Form.useForm<ReleaseFormValues>();
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setFailure(undefined);
    try {
      const made = await config.rollback(namespaceName, release.releaseId, values);
      void message.success(t('history.rolledBack', { id: made.notificationId }));
      void refresh();
      onClose();
    } catch (error) {
      setFailure(describe(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('history.rollbackTitle', { id: release.notificationId, title: release.releaseTitle })}
      okText={t('history.rollback')}
      okButtonProps={{ danger: true, loading: saving }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('history.rollbackWarning')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        name="rollback"
        initialValues={{
          releaseTitle: t('history.rollbackDefaultTitle', { title: release.releaseTitle }).slice(0, 64),
        }}
      >
        <ReleaseFields />
      </Form>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}

/**
 * A namespace's releases, newest first, with export: two chosen releases compared key by key, a release
 * compared with the current items, and a rollback to one (confirmed).
 */
export function ReleaseHistoryPanel({ namespaceName }: { namespaceName: string }) {
  const { t } = useTranslation('cloudConfig');
  const tenant = useStationsTenant();
  const config = useCloudConfigApi();
  const canChange = useCanChange();
  const [comparing, setComparing] = useState<{ from: number; to: number | undefined }>();
  const [rollingBack, setRollingBack] = useState<ReleaseSummary>();

  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'input',
        name: 'releaseTitle',
        label: t('history.releaseTitle'),
        placeholder: t('history.releaseTitlePart'),
      },
      { type: 'input', name: 'releasedBy', label: t('history.releasedBy') },
    ],
    [t],
  );

  const columns = useMemo<SearchTableColumn<ReleaseSummary>[]>(
    () => [
      {
        key: 'notificationId',
        title: t('history.notificationId'),
        width: 100,
        render: (r) => `#${r.notificationId}`,
      },
      {
        key: 'releaseTitle',
        title: t('history.releaseTitle'),
        width: 200,
        ellipsis: true,
        render: (r) => r.releaseTitle,
      },
      {
        key: 'releaseComment',
        title: t('history.releaseComment'),
        width: 220,
        ellipsis: true,
        render: (r) => orDash(r.releaseComment),
      },
      { key: 'releasedBy', title: t('history.releasedBy'), width: 130, render: (r) => r.releasedBy },
      {
        key: 'releasedAt',
        title: t('history.releasedAt'),
        width: 170,
        sortable: true,
        render: (r) => formatTime(r.releasedAt),
      },
      { key: 'itemCount', title: t('history.itemCount'), width: 90, render: (r) => r.itemCount },
      {
        key: 'rollbackOfReleaseId',
        title: t('history.rollbackOf'),
        width: 120,
        render: (r) =>
          r.rollbackOfReleaseId === null ? '-' : t('history.rollbackOfValue', { id: r.rollbackOfReleaseId }),
      },
      {
        key: 'actions',
        title: t('item.actions'),
        width: 270,
        fixed: 'right',
        render: (r) => (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              onClick={() => setComparing({ from: r.releaseId, to: undefined })}
            >
              {t('history.compareWorking')}
            </Button>
            {canChange && (
              <Button type="link" size="small" danger onClick={() => setRollingBack(r)}>
                {t('history.rollback')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [t, canChange],
  );

  return (
    <>
      <SearchTable<ReleaseSummary>
        key={namespaceName}
        querySchema={ReleaseListQuerySchema}
        persistKey={RELEASE_LIST}
        tenant={tenant}
        rowKey="releaseId"
        columns={columns}
        filters={filters}
        rowSelection="multiple"
        empty={t('history.empty')}
        selectionActions={({ rows }) =>
          rows.length === 2 ? (
            <Button
              type="primary"
              onClick={() => {
                const [a, b] = [...rows].sort((x, y) => x.notificationId - y.notificationId);
                setComparing({ from: a!.releaseId, to: b!.releaseId });
              }}
            >
              {t('history.compare')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('history.compareHint')}</Typography.Text>
          )
        }
        request={(params, { signal }) =>
          config.releases(
            namespaceName,
            { pageNo: params.pageNo, pageSize: params.pageSize, ...toReleaseFilter(params) },
            signal,
          )
        }
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={releasesExportPath(tenant, namespaceName)}
            query={toReleaseFilter(params)}
            columns={shown}
            fileName="config-releases"
          />,
        ]}
      />
      {comparing && (
        <DiffDialog
          namespaceName={namespaceName}
          from={comparing.from}
          to={comparing.to}
          onClose={() => setComparing(undefined)}
        />
      )}
      {rollingBack && (
        <RollbackDialog
          namespaceName={namespaceName}
          release={rollingBack}
          onClose={() => setRollingBack(undefined)}
        />
      )}
    </>
  );
}
