import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Modal,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COMMENT_VENDOR_STATES } from '@cmp/domain/comments/comment-codes';
import {
  CommentVendorSaveSchema,
  type CommentVendor,
  type CommentVendorSave,
  type CommentVendorSecret,
} from '@cmp/domain/comments/comment-vendors';
import { useDescribeError } from '../../api/describe-error';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { EntityForm, SelectField, TextAreaField, TextField } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../stations/shared/format';
import { useStationsTenant } from '../stations/shared/lookups';
import { useSchemaRules } from '../stations/shared/schema-rules';
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
  const label = useEnumLabel();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [secret, setSecret] = useState<CommentVendorSecret | null>(null);

  const query = useQuery({
    queryKey: commentKeys.vendors(tenant),
    queryFn: ({ signal }) => comments.vendors(signal),
  });

  const rotate = (vendor: CommentVendor) =>
    modal.confirm({
      title: t('vendors.rotateTitle', { name: vendor.applicationName }),
      content: t('vendors.rotateEffect'),
      okText: t('vendors.rotate'),
      cancelText: t('action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const rotated = await comments.rotateSecret(vendor.applicationId);
          setSecret(rotated);
          void queryClient.invalidateQueries({ queryKey: commentKeys.vendors(tenant) });
        } catch (error) {
          void message.error(t('vendors.rotateFailed', { reason: describe(error) }), 8);
        }
      },
    });

  const remove = (vendor: CommentVendor) =>
    modal.confirm({
      title: t('vendors.removeTitle', { name: vendor.applicationName }),
      content: t('vendors.removeEffect'),
      okText: t('vendors.remove'),
      cancelText: t('action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await comments.removeVendor(vendor.applicationId);
          void message.success(t('vendors.removed', { name: vendor.applicationName }));
          void queryClient.invalidateQueries({ queryKey: commentKeys.vendors(tenant) });
        } catch (error) {
          void message.error(t('vendors.removeFailed', { reason: describe(error) }), 8);
        }
      },
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
    {
      key: 'state',
      title: t('vendors.field.state'),
      width: 90,
      render: (_, v) => (
        <Tag color={v.state === 'enabled' ? 'success' : 'default'}>
          {label('commentVendorState', v.state)}
        </Tag>
      ),
    },
    {
      key: 'keyFingerprint',
      title: t('vendors.field.keyFingerprint'),
      width: 150,
      render: (_, v) => <Typography.Text code>{v.keyFingerprint}</Typography.Text>,
    },
    {
      key: 'secretRotateTime',
      title: t('vendors.field.secretRotateTime'),
      width: 170,
      render: (_, v) => formatTime(v.secretRotateTime),
    },
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
          <Button type="link" size="small" danger onClick={() => rotate(v)}>
            {t('vendors.rotate')}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(v)}>
            {t('vendors.remove')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        <Space>
          <Link to={commentListPath(tenant)} aria-label={t('vendors.back')}>
            <ArrowLeftOutlined />
          </Link>
          {t('vendors.title')}
        </Space>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'create' })}>
          {t('vendors.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('vendors.intro')}</Typography.Paragraph>
      {query.isError ? (
        <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<CommentVendor>
          rowKey="applicationId"
          size="middle"
          columns={columns}
          dataSource={query.data ?? []}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: 1400 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('vendors.empty')} />,
          }}
        />
      )}
      <Modal
        open={editing !== null}
        onCancel={() => setEditing(null)}
        footer={null}
        destroyOnHidden
        width={600}
        title={editing?.kind === 'edit' ? t('vendors.editTitle') : t('vendors.createTitle')}
      >
        {editing && (
          <VendorForm
            editing={editing}
            onDone={() => setEditing(null)}
            onSecret={(issued) => setSecret(issued)}
          />
        )}
      </Modal>
      <VendorSecretModal secret={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}

function VendorForm({
  editing,
  onDone,
  onSecret,
}: {
  editing: Editing;
  onDone: () => void;
  onSecret: (secret: CommentVendorSecret) => void;
}) {
  const { t } = useTranslation('comments');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const label = useEnumLabel();
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

  const submit = async (values: VendorFormValues) => {
    const request = { ...initialValues, ...values };
    try {
      if (editing.kind === 'edit') {
        await comments.updateVendor(editing.vendor.applicationId, request);
        void message.success(t('vendors.saved'));
      } else {
        onSecret(await comments.createVendor(request));
      }
    } catch (error) {
      throw new Error(describe(error));
    }
    onDone();
    void queryClient.invalidateQueries({ queryKey: commentKeys.vendors(tenant) });
  };

  return (
    <EntityForm<VendorFormValues>
      mode={editing.kind === 'create' ? 'create' : 'edit'}
      onModeChange={(mode) => mode === 'view' && onDone()}
      layout="vertical"
      initialValues={initialValues}
      onSubmit={submit}
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
      <SelectField
        name="state"
        label={t('vendors.field.state')}
        options={COMMENT_VENDOR_STATES.map((state) => ({
          value: state,
          label: label('commentVendorState', state),
        }))}
        rules={rulesFor(['state'], { required: true })}
      />
    </EntityForm>
  );
}

/**
 * The vendor's secret code, shown the one time the server answers it. The dialog is unmounted as soon as it
 * closes rather than faded out, so the secret leaves the page at once and cannot be shown again.
 */
function VendorSecretModal({ secret, onClose }: { secret: CommentVendorSecret | null; onClose: () => void }) {
  if (secret === null) return null;
  return <VendorSecretDialog secret={secret} onClose={onClose} />;
}

function VendorSecretDialog({ secret, onClose }: { secret: CommentVendorSecret; onClose: () => void }) {
  const { t } = useTranslation('comments');
  return (
    <Modal
      open
      title={t('secret.title', { name: secret.vendor.applicationName })}
      onOk={onClose}
      onCancel={onClose}
      okText={t('secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      width={640}
    >
      <Flex vertical gap={4}>
        <Alert type="warning" showIcon title={t('secret.once')} style={{ marginBottom: 12 }} />
        <Typography.Text strong>{t('vendors.field.applicationId')}</Typography.Text>
        <Typography.Paragraph code copyable>
          {secret.vendor.applicationId}
        </Typography.Paragraph>
        <Typography.Text strong>{t('secret.secretCode')}</Typography.Text>
        <Typography.Paragraph
          code
          copyable={{ text: secret.secretCode, tooltips: [t('secret.copy'), t('secret.copied')] }}
          className={styles.secret}
          data-testid="vendor-secret"
        >
          {secret.secretCode}
        </Typography.Paragraph>
        <Typography.Text strong>{t('secret.portalPublicKey')}</Typography.Text>
        <Typography.Paragraph type="secondary">{t('secret.portalPublicKeyHint')}</Typography.Paragraph>
        <Typography.Paragraph code copyable className={styles.secret} data-testid="portal-public-key">
          {secret.portalPublicKey}
        </Typography.Paragraph>
      </Flex>
    </Modal>
  );
}
