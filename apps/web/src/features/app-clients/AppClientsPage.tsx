import { useMemo, useState } from 'react';
import { App, Button, Space, Typography, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AppClientSaveSchema,
  type AppClient,
  type AppClientSave,
  type AppClientSecret,
} from '@cmp/domain/platform/app-clients';
import { useDescribeError } from '../../api/describe-error';
import { TextAreaField, TextField } from '../../components';
import { SignedClientForm } from '../signed-clients/SignedClientForm';
import { SignedClientsCard } from '../signed-clients/SignedClientsCard';
import { useClientKeyColumns } from '../signed-clients/client-key-columns';
import { useClientActions } from '../signed-clients/use-client-actions';
import { orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { appClientKeys, useAppClientsApi } from './app-clients-api';

type Editing = { kind: 'create' } | { kind: 'edit'; client: AppClient };

const toRequest = (values: AppClientSave): AppClientSave => values;
const requestOf = (client: AppClient): AppClientSave => ({
  name: client.name,
  description: client.description,
  state: client.state,
});

/**
 * The tenant's app back ends: what sends accounts, cars, relations and invitations to the portal and asks
 * it for route plans, each signing with a secret code the portal shows once, when the client is created
 * or its secret rotated. Tenant admins only.
 */
export default function AppClientsPage() {
  const { t } = useTranslation('appClients');
  const tenant = useStationsTenant();
  const clients = useAppClientsApi();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [secret, setSecret] = useState<AppClientSecret | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: appClientKeys.list(tenant) });

  const query = useQuery({
    queryKey: appClientKeys.list(tenant),
    queryFn: ({ signal }) => clients.list(signal),
  });

  const { confirmRotate, confirmRemove } = useClientActions({
    ns: 'appClients',
    section: 'clients',
    rotate: clients.rotateSecret,
    remove: clients.remove,
    onSecret: setSecret,
    onChanged: refresh,
  });
  const keyColumns = useClientKeyColumns<AppClient>({
    state: t('field.state'),
    keyFingerprint: t('field.keyFingerprint'),
    secretRotateTime: t('field.secretRotateTime'),
  });

  const setState = async (client: AppClient, state: AppClient['state']) => {
    try {
      await clients.update(client.clientId, { ...requestOf(client), state });
      void message.success(
        t(state === 'enabled' ? 'clients.enabled' : 'clients.disabled', { name: client.name }),
      );
      refresh();
    } catch (error) {
      void message.error(t('clients.stateFailed', { reason: describe(error) }), 8);
    }
  };
  // Disabling stops the app back end's calls at once, so it asks first; enabling does not.
  const toggle = (client: AppClient) =>
    client.state === 'enabled'
      ? modal.confirm({
          title: t('clients.disableTitle', { name: client.name }),
          content: t('clients.disableEffect'),
          okText: t('clients.disable'),
          cancelText: t('action.cancel'),
          okButtonProps: { danger: true },
          onOk: () => setState(client, 'disabled'),
        })
      : void setState(client, 'enabled');

  const columns: TableColumnsType<AppClient> = [
    {
      key: 'clientId',
      title: t('field.clientId'),
      width: 190,
      render: (_, c) => <Typography.Text copyable>{c.clientId}</Typography.Text>,
    },
    { key: 'name', dataIndex: 'name', title: t('field.name'), width: 160 },
    {
      key: 'description',
      title: t('field.description'),
      ellipsis: true,
      render: (_, c) => orDash(c.description),
    },
    ...keyColumns,
    {
      key: 'actions',
      title: t('field.actions'),
      // Room for the four actions in English, the longer language.
      width: 300,
      fixed: 'right',
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ kind: 'edit', client: c })}>
            {t('clients.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => toggle(c)}>
            {c.state === 'enabled' ? t('clients.disable') : t('clients.enable')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmRotate(c)}>
            {t('clients.rotate')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmRemove(c)}>
            {t('clients.remove')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <SignedClientsCard<AppClient>
      title={t('clients.title')}
      intro={t('clients.intro')}
      createLabel={t('clients.create')}
      emptyText={t('clients.empty')}
      onCreate={() => setEditing({ kind: 'create' })}
      query={query}
      rowKey="clientId"
      columns={columns}
      form={{
        title: editing?.kind === 'edit' ? t('clients.editTitle') : t('clients.createTitle'),
        width: 560,
        onClose: () => setEditing(null),
        content: editing && (
          <AppClientForm
            editing={editing}
            onClose={() => setEditing(null)}
            onSecret={setSecret}
            onSaved={refresh}
          />
        ),
      }}
      secret={{
        shown: secret && { name: secret.client.name, clientId: secret.client.clientId, ...secret },
        ns: 'appClients',
        idLabel: t('field.clientId'),
        onClose: () => setSecret(null),
      }}
    />
  );
}

function AppClientForm({
  editing,
  onClose,
  onSecret,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSecret: (secret: AppClientSecret) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('appClients');
  const clients = useAppClientsApi();
  const rulesFor = useSchemaRules(AppClientSaveSchema, toRequest);
  const initialValues = useMemo<AppClientSave>(
    () => (editing.kind === 'create' ? { name: '', state: 'enabled' } : requestOf(editing.client)),
    [editing],
  );

  return (
    <SignedClientForm<AppClientSave, AppClientSecret>
      mode={editing.kind}
      initialValues={initialValues}
      create={clients.create}
      update={(request) =>
        editing.kind === 'edit' ? clients.update(editing.client.clientId, request) : Promise.resolve()
      }
      onSecret={onSecret}
      savedText={t('clients.saved')}
      stateField={{ label: t('field.state'), rules: rulesFor(['state'], { required: true }) }}
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextField
        name="name"
        label={t('field.name')}
        maxLength={64}
        rules={rulesFor(['name'], { required: true })}
      />
      <TextAreaField
        name="description"
        label={t('field.description')}
        rows={2}
        maxLength={255}
        rules={rulesFor(['description'])}
      />
    </SignedClientForm>
  );
}
