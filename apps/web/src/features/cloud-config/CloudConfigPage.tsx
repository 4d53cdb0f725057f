import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONFIG_APP_IDS, type ConfigNamespace } from '@cmp/domain/cloud-config/cloud-config';
import type { NamespaceCreate } from '@cmp/domain/cloud-config/cloud-config';
import { formatMessage } from '@cmp/domain/messages/format';
import { useDescribeError } from '../../api/describe-error';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useCurrentUser } from '../../app/session/current-user';
import { hasRole } from '../../app/session/roles';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useStationsTenant } from '../../components/lookups';
import { useCloudConfigApi, useNamespaces, useRefreshCloudConfig } from './cloud-config-api';
import { ConfigItemsPanel } from './ConfigItemsPanel';
import { ReleaseHistoryPanel } from './ReleaseHistoryPanel';

/** Adds a namespace (admins): its name, which the apps read it by, and a comment. */
function NamespaceDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (name: string) => void }) {
  const { t } = useTranslation('cloudConfig');
  const { message } = App.useApp();
  const locale = useDomainLocale();
  const describe = useDescribeError();
  const config = useCloudConfigApi();
  const refresh = useRefreshCloudConfig();
  const [form] = Form.useForm<NamespaceCreate>();
  const [failure, setFailure] = useState<string>();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await config.createNamespace(values);
      void message.success(t('namespace.created', { name: values.namespaceName }));
      await refresh();
      onCreated(values.namespaceName);
    } catch (error) {
      setFailure(describe(error));
    }
  };
  return (
    <Modal
      open
      title={t('namespace.create')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="namespace">
        <Form.Item
          name="namespaceName"
          label={t('namespace.name')}
          rules={[
            { required: true, message: formatMessage(locale, { key: 'form.required' }) },
            {
              pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
              message: formatMessage(locale, { key: 'cloudConfig.namespaceFormat' }),
            },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="comment" label={t('namespace.comment')}>
          <Input maxLength={255} />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}

function NamespaceSummary({ namespace }: { namespace: ConfigNamespace }) {
  const { t } = useTranslation('cloudConfig');
  return (
    <Flex gap={8} wrap align="center">
      <Tag>{t('namespace.notificationId', { id: namespace.notificationId })}</Tag>
      {namespace.unreleasedChanges > 0 ? (
        <Tag color="orange">{t('namespace.unreleased', { count: namespace.unreleasedChanges })}</Tag>
      ) : (
        <Tag color="green">{t('namespace.allReleased')}</Tag>
      )}
      {namespace.comment && <Typography.Text type="secondary">{namespace.comment}</Typography.Text>}
    </Flex>
  );
}

/**
 * Cloud configuration (spec M1.14, M7.11): the tenant's configuration app, one namespace at a time, its items
 * with their editor and release, and its release history with diff and rollback.
 */
export default function CloudConfigPage() {
  const { t } = useTranslation('cloudConfig');
  const tenant = useStationsTenant();
  const user = useCurrentUser();
  const namespaces = useNamespaces();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const isAdmin = hasRole(user, tenant, 'admin');

  if (namespaces.isPending) return <PageLoading />;
  if (namespaces.isError)
    return <ErrorResult error={namespaces.error} onRetry={() => void namespaces.refetch()} />;

  const list = namespaces.data.items;
  const chosenName = params.get('namespace');
  const chosen = list.find((n) => n.namespaceName === chosenName) ?? list[0];
  const choose = (name: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('namespace', name);
        return next;
      },
      { replace: true },
    );

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={16} align="center" wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('appId')}: <Typography.Text code>{CONFIG_APP_IDS[tenant]}</Typography.Text>
          </Typography.Text>
          <Select
            aria-label={t('namespace.choose')}
            placeholder={t('namespace.choose')}
            style={{ minWidth: 220 }}
            value={chosen?.namespaceName}
            options={list.map((n) => ({ value: n.namespaceName, label: n.namespaceName }))}
            onChange={choose}
          />
          {chosen && <NamespaceSummary namespace={chosen} />}
          {isAdmin && (
            <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} style={{ marginLeft: 'auto' }}>
              {t('namespace.create')}
            </Button>
          )}
        </Flex>
      </Card>
      {chosen ? (
        <Card>
          <Tabs
            items={[
              {
                key: 'items',
                label: t('tabs.items'),
                children: (
                  <ConfigItemsPanel key={chosen.namespaceName} namespaceName={chosen.namespaceName} />
                ),
              },
              {
                key: 'history',
                label: t('tabs.history'),
                children: <ReleaseHistoryPanel namespaceName={chosen.namespaceName} />,
              },
            ]}
          />
        </Card>
      ) : (
        <Card>
          <Empty description={t('namespace.none')}>
            <Typography.Text type="secondary">{t('namespace.noneHint')}</Typography.Text>
          </Empty>
        </Card>
      )}
      {creating && (
        <NamespaceDialog
          onClose={() => setCreating(false)}
          onCreated={(name) => {
            setCreating(false);
            choose(name);
          }}
        />
      )}
    </Flex>
  );
}
