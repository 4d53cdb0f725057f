import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigItems } from '@cmp/domain/cloud-config/cloud-config';
import { formatMessage } from '@cmp/domain/messages/format';
import { useDescribeError } from '../../api/describe-error';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useCloudConfigApi, useRefreshCloudConfig, useReleaseDiff } from './cloud-config-api';
import { ReleaseDiffView } from './ReleaseDiffView';

export interface ReleaseFormValues {
  releaseTitle: string;
  releaseComment?: string;
}

/** The title and comment a release (or a rollback, which is one) is made with. */
export function ReleaseFields() {
  const { t } = useTranslation('cloudConfig');
  const locale = useDomainLocale();
  const required = {
    required: true,
    whitespace: true,
    message: formatMessage(locale, { key: 'form.required' }),
  };
  return (
    <>
      <Form.Item name="releaseTitle" label={t('release.releaseTitle')} rules={[required]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="releaseComment" label={t('release.releaseComment')}>
        <Input.TextArea maxLength={255} rows={2} />
      </Form.Item>
    </>
  );
}

/**
 * Releases the namespace (spec M7.11.3): a title and a comment, and what will be released, the working items
 * compared with the latest release, before the user confirms. The releaser is the signed-in user.
 */
export function ReleaseDialog({
  namespaceName,
  items,
  onClose,
}: {
  namespaceName: string;
  items: ConfigItems;
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
  const latest = items.latestRelease;
  const diff = useReleaseDiff(namespaceName, latest?.releaseId, undefined);
  const nothing = latest !== null && diff.data !== undefined && diff.data.changes.length === 0;

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setFailure(undefined);
    try {
      const release = await config.release(namespaceName, values);
      void message.success(t('release.done', { title: release.releaseTitle, id: release.notificationId }));
      void refresh();
      onClose();
    } catch (error) {
      setFailure(describe(error));
      void refresh();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={860}
      title={t('release.title', { name: namespaceName })}
      okText={t('release.ok')}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ disabled: nothing, loading: saving }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="release">
        <ReleaseFields />
      </Form>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <h4>{t('release.changes')}</h4>
      {latest === null ? (
        <Alert type="info" showIcon title={t('release.first', { count: items.items.length })} />
      ) : diff.isPending ? (
        <Skeleton active />
      ) : diff.isError ? (
        <Alert type="error" showIcon title={describe(diff.error)} />
      ) : nothing ? (
        <Alert type="warning" showIcon title={t('release.nothing')} />
      ) : (
        <ReleaseDiffView diff={diff.data} />
      )}
    </Modal>
  );
}
