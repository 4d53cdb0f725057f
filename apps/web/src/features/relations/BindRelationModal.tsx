import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  RELATION_REASON_MAX_LENGTH,
  type Relation,
  type RelationBindRequest,
} from '@cmp/domain/accounts/relation-contracts';
import { RELATION_TYPES, type RelationType } from '@cmp/domain/accounts/relations';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { useFormRules } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useRefreshAfterRelationChange, useRelationsApi } from './relations-api';

interface BindRelationModalProps {
  open: boolean;
  resourceId: string;
  onClose: () => void;
}

// Field names carry the form's prefix: the station page has forms of its own with other fields.
interface BindValues {
  relationAccountId: string;
  relationType: RelationType;
  relationBindReason: string;
}

/** What a refused bind means to staff: the account is not the tenant's, or it is bound this way already. */
function useBindFailure(): (error: unknown) => string {
  const { t } = useTranslation('relations');
  const describe = useDescribeError();
  return (error) => {
    if (error instanceof ApiError && error.code === 'user_not_found') return t('bind.userNotFound');
    if (error instanceof ApiError && error.status === 409) return t('bind.alreadyBound');
    return describe(error);
  };
}

/**
 * Binds an app user to the station in a dialog: the account id, how the user is tied to the station, and
 * why (kept in the station's history). Cancel, then Bind (primary) at the right.
 */
export function BindRelationModal({ open, resourceId, onClose }: BindRelationModalProps) {
  const { t } = useTranslation('relations');
  const { message } = App.useApp();
  const rules = useFormRules();
  const label = useEnumLabel();
  const relations = useRelationsApi();
  const refresh = useRefreshAfterRelationChange();
  const failureOf = useBindFailure();
  const [form] = Form.useForm<BindValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const request: RelationBindRequest = {
      resource_id: resourceId,
      account_id: values.relationAccountId.trim(),
      relation_type: values.relationType,
      bind_reason: values.relationBindReason.trim(),
    };
    setSaving(true);
    setFailure(undefined);
    try {
      const bound: Relation = await relations.bind(request);
      void message.success(t('bind.done', { accountId: bound.accountId }));
      onClose();
      void refresh(resourceId);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('bind.title')}
      width={520}
      okText={t('bind.submit')}
      cancelText={t('bind.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => setFailure(undefined)}
      destroyOnHidden
    >
      <Form<BindValues>
        form={form}
        layout="vertical"
        initialValues={{ relationType: 'contributor' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="relationAccountId"
          label={t('field.accountId')}
          rules={[rules.required(), rules.maxLength(64)]}
        >
          <Input allowClear maxLength={64} placeholder={t('bind.accountHint')} />
        </Form.Item>
        <Form.Item name="relationType" label={t('field.relationType')} rules={[rules.required()]}>
          <Select
            options={RELATION_TYPES.map((type) => ({ value: type, label: label('relationType', type) }))}
          />
        </Form.Item>
        <Form.Item
          name="relationBindReason"
          label={t('field.bindReason')}
          rules={[rules.required(), rules.maxLength(RELATION_REASON_MAX_LENGTH)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={RELATION_REASON_MAX_LENGTH}
            showCount
            placeholder={t('bind.reasonHint')}
          />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}
