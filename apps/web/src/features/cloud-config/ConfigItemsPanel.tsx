import { useState } from 'react';
import { CloudUploadOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigItem, ItemChange, ReleasedItem } from '@cmp/domain/cloud-config/cloud-config';
import { isKnownConfigKey } from '@cmp/domain/cloud-config/config-values';
import { useDescribeError } from '../../api/describe-error';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useCanChange } from '../../app/session/use-can-change';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useCloudConfigApi, useConfigItems, useRefreshCloudConfig } from './cloud-config-api';
import { ItemEditorDialog } from './ItemEditorDialog';
import { ReleaseDialog } from './ReleaseDialog';

const CHANGE_COLORS: Record<ItemChange, string> = { unchanged: 'default', added: 'green', changed: 'orange' };

/** A row of the list: a working item, or a released key deleted since (shown until the next release). */
type Row = (ConfigItem & { removed?: false }) | (ReleasedItem & { removed: true });

/**
 * A namespace's items (spec M7.11.1) with what changed since the latest release, the editor, delete
 * (confirmed) and the release of the namespace.
 */
export function ConfigItemsPanel({ namespaceName }: { namespaceName: string }) {
  const { t } = useTranslation('cloudConfig');
  const { message } = App.useApp();
  const label = useEnumLabel();
  const describe = useDescribeError();
  const canChange = useCanChange();
  const config = useCloudConfigApi();
  const refresh = useRefreshCloudConfig();
  const items = useConfigItems(namespaceName);
  const [editing, setEditing] = useState<ConfigItem | 'new'>();
  const [releasing, setReleasing] = useState(false);

  if (items.isPending) return <PageLoading />;
  if (items.isError) return <ErrorResult error={items.error} onRetry={() => void items.refetch()} />;

  const remove = async (item: ConfigItem) => {
    try {
      await config.deleteItem(namespaceName, item.key, item.version);
      void message.success(t('item.deleted', { key: item.key }));
    } catch (error) {
      void message.error(describe(error));
    }
    await refresh();
  };

  const rows: Row[] = [
    ...items.data.items,
    ...items.data.removedItems.map((item) => ({ ...item, removed: true as const })),
  ];
  const columns: TableColumnsType<Row> = [
    {
      key: 'key',
      title: t('item.key'),
      width: 240,
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text code delete={row.removed}>
            {row.key}
          </Typography.Text>
          {isKnownConfigKey(row.key) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {label('configKey', row.key)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'value',
      title: t('item.value'),
      ellipsis: true,
      render: (_, row) => (
        <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12 }} delete={row.removed}>
          {row.value}
        </Typography.Text>
      ),
    },
    {
      key: 'comment',
      title: t('item.comment'),
      width: 160,
      ellipsis: true,
      render: (_, row) => orDash(row.comment),
    },
    {
      key: 'change',
      title: t('item.change'),
      width: 130,
      render: (_, row) =>
        row.removed ? (
          <Tag color="red">{t('item.removed')}</Tag>
        ) : (
          <Tag color={CHANGE_COLORS[row.change]}>{label('configItemChange', row.change)}</Tag>
        ),
    },
    {
      key: 'modifiedBy',
      title: t('item.modifiedBy'),
      width: 120,
      render: (_, row) => (row.removed ? '-' : row.modifiedBy),
    },
    {
      key: 'modifiedAt',
      title: t('item.modifiedAt'),
      width: 170,
      render: (_, row) => (row.removed ? '-' : formatTime(row.modifiedAt)),
    },
    ...(canChange
      ? [
          {
            key: 'actions',
            title: t('item.actions'),
            width: 130,
            fixed: 'right' as const,
            render: (_: unknown, row: Row) =>
              row.removed ? null : (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => setEditing(row)}>
                    {t('item.edit')}
                  </Button>
                  <Popconfirm
                    title={t('item.deleteConfirm', { key: row.key })}
                    okText={t('item.delete')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(row)}
                  >
                    <Button type="link" size="small" danger>
                      {t('item.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12}>
      {canChange && (
        <Flex gap={8} justify="flex-end">
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('item.create')}
          </Button>
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setReleasing(true)}>
            {t('release.button')}
          </Button>
        </Flex>
      )}
      <Table<Row>
        rowKey={(row) => `${row.removed ? 'removed' : 'item'}:${row.key}`}
        size="middle"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty description={t('item.empty')} /> }}
      />
      {editing && (
        <ItemEditorDialog
          namespaceName={namespaceName}
          item={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      {releasing && (
        <ReleaseDialog namespaceName={namespaceName} items={items.data} onClose={() => setReleasing(false)} />
      )}
    </Flex>
  );
}
