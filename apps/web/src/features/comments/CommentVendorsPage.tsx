import { useMemo, useState } from 'react';
import { Button, Space, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CommentVendorSaveSchema,
  type CommentVendor,
  type CommentVendorSave,
  type CommentVendorSecret,
} from '@cmp/domain/comments/comment-vendors';
import { TextAreaField, TextField } from '../../components';
import { SignedClientForm } from '../signed-clients/SignedClientForm';
import { SignedClientsCard } from '../signed-clients/SignedClientsCard';
import { useClientKeyColumns } from '../signed-clients/client-key-columns';
import { useClientActions } from '../signed-clients/use-client-actions';
import { orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { commentListPath } from './comment-links';
import { commentKeys, useCommentsApi } from './comments-api';
import styles from './comments.module.css';

type Editing = { kind: 'create' } | { kind: 'edit'; vendor: CommentVendor };

/** The form's values are the request's: the contract checks them as the server will. */
type VendorFormValues = CommentVendorSave;
const toVendorRequest = (values: VendorFormValues): CommentVendorSave => values;

/**
 * The comment vendors of the tenant (spec C3.8.7): the apps that send comments in, each signing with a secret
 * code the portal shows once, when the vendor is created or its secret rotated. Tenant admins only.
 */
export default function CommentVendorsPage() {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const comments = useCommentsApi();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [secret, setSecret] = useState<CommentVendorSecret | null>(null);

  const query = useQuery({
    queryKey: commentKeys.vendors(tenant),
    queryFn: ({ signal }) => comments.vendors(signal),
  });

  const { confirmRotate, confirmRemove } = useClientActions({
    ns: 'comments',
    section: 'vendors',
    rotate: comments.rotateSecret,
    remove: comments.removeVendor,
    onSecret: setSecret,
    onChanged: () => void queryClient.invalidateQueries({ queryKey: commentKeys.vendors(tenant) }),
  });
  const clientOf = (v: CommentVendor) => ({ clientId: v.applicationId, name: v.applicationName });
  const keyColumns = useClientKeyColumns<CommentVendor>({
    state: t('vendors.field.state'),
    keyFingerprint: t('vendors.field.keyFingerprint'),
    secretRotateTime: t('vendors.field.secretRotateTime'),
  });

  const columns: TableColumnsType<CommentVendor> = [
    {
      key: 'applicationId',
      title: t('vendors.field.applicationId'),
      width: 200,
      render: (_, v) => (
        <Typography.Text copyable className={styles.id}>
          {v.applicationId}
        </Typography.Text>
      ),
    },
    {
      key: 'applicationName',
      dataIndex: 'applicationName',
      title: t('vendors.field.applicationName'),
      width: 160,
    },
    {
      key: 'description',
      title: t('vendors.field.description'),
      ellipsis: true,
      render: (_, v) => orDash(v.description),
    },
    { key: 'sourceId', dataIndex: 'sourceId', title: t('vendors.field.sourceId'), width: 140 },
    {
      key: 'callbackUrl',
      title: t('vendors.field.callbackUrl'),
      width: 220,
      ellipsis: true,
      render: (_, v) => orDash(v.callbackUrl),
    },
    ...keyColumns,
    {
      key: 'actions',
      title: t('list.actions'),
      // Room for the three actions in English, the longer language.
      width: 250,
      fixed: 'right',
      render: (_, v) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ kind: 'edit', vendor: v })}>
            {t('vendors.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmRotate(clientOf(v))}>
            {t('vendors.rotate')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmRemove(clientOf(v))}>
            {t('vendors.remove')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <SignedClientsCard<CommentVendor>
      title={
        <Space>
          <Link to={commentListPath(tenant)} aria-label={t('vendors.back')}>
            <ArrowLeftOutlined />
          </Link>
          {t('vendors.title')}
        </Space>
      }
      intro={t('vendors.intro')}
      createLabel={t('vendors.create')}
      emptyText={t('vendors.empty')}
      onCreate={() => setEditing({ kind: 'create' })}
      query={query}
      rowKey="applicationId"
      columns={columns}
      form={{
        title: editing?.kind === 'edit' ? t('vendors.editTitle') : t('vendors.createTitle'),
        width: 600,
        onClose: () => setEditing(null),
        content: editing && (
          <VendorForm editing={editing} onClose={() => setEditing(null)} onSecret={setSecret} />
        ),
      }}
      secret={{
        shown: secret && {
          name: secret.vendor.applicationName,
          clientId: secret.vendor.applicationId,
          secretCode: secret.secretCode,
          portalPublicKey: secret.portalPublicKey,
        },
        ns: 'comments',
        idLabel: t('vendors.field.applicationId'),
        onClose: () => setSecret(null),
      }}
    />
  );
}

function VendorForm({
  editing,
  onClose,
  onSecret,
}: {
  editing: Editing;
  onClose: () => void;
  onSecret: (secret: CommentVendorSecret) => void;
}) {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const comments = useCommentsApi();
  const queryClient = useQueryClient();
  const rulesFor = useSchemaRules(CommentVendorSaveSchema, toVendorRequest);

  const initialValues = useMemo<VendorFormValues>(() => {
    if (editing.kind === 'create') return { applicationName: '', sourceId: '', state: 'enabled' };
    const v = editing.vendor;
    return {
      applicationName: v.applicationName,
      description: v.description,
      sourceId: v.sourceId,
      callbackUrl: v.callbackUrl,
      state: v.state,
    };
  }, [editing]);

  return (
    <SignedClientForm<VendorFormValues, CommentVendorSecret>
      mode={editing.kind}
      initialValues={initialValues}
      create={comments.createVendor}
      update={(request) =>
        editing.kind === 'edit'
          ? comments.updateVendor(editing.vendor.applicationId, request)
          : Promise.resolve()
      }
      onSecret={onSecret}
      savedText={t('vendors.saved')}
      stateField={{ label: t('vendors.field.state'), rules: rulesFor(['state'], { required: true }) }}
      onClose={onClose}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: commentKeys.vendors(tenant) })}
    >
      <TextField
        name="applicationName"
        label={t('vendors.field.applicationName')}
        maxLength={64}
        rules={rulesFor(['applicationName'], { required: true })}
      />
      <TextField
        name="sourceId"
        label={t('vendors.field.sourceId')}
        placeholder={t('vendors.sourceIdHint')}
        maxLength={64}
        rules={rulesFor(['sourceId'], { required: true })}
      />
      <TextAreaField
        name="description"
        label={t('vendors.field.description')}
        rows={2}
        maxLength={255}
        rules={rulesFor(['description'])}
      />
      <TextField
        name="callbackUrl"
        label={t('vendors.field.callbackUrl')}
        placeholder="https://"
        maxLength={512}
        rules={rulesFor(['callbackUrl'])}
      />
    </SignedClientForm>
  );
}
