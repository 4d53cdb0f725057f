import { useState } from 'react';
import { App, Button, Col, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CLIENT_CODES, type ClientCode } from '@cmp/domain/shared/clients';
import {
  DEFAULT_PUSH_RATE,
  PushBatchCreateSchema,
  type PushBatchDetail,
  type PushBatchFields,
} from '@cmp/domain/push-messages/push-messages';
import { useDescribeError } from '../../api/describe-error';
import { useCanChange } from '../../app/session/use-can-change';
import { searchTableQueryKey } from '../../components';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { pushBatchDetailPath, pushBatchListPath } from './push-message-links';
import { PUSH_BATCH_LIST, pushBatchKeys, usePushMessagesApi } from './push-messages-api';

interface FormValues {
  title: string;
  content: string;
  landingPage: string;
  targetClients: ClientCode[];
  ratePerSecond: number | null;
}

const toFormValues = (batch?: PushBatchDetail): FormValues => ({
  title: batch?.title ?? '',
  content: batch?.content ?? '',
  landingPage: batch?.landingPage ?? '',
  targetClients: batch?.targetClients ?? [],
  ratePerSecond: batch?.ratePerSecond ?? DEFAULT_PUSH_RATE,
});

const toRequest = (values: Partial<FormValues>): PushBatchFields => ({
  title: values.title ?? '',
  content: values.content ?? '',
  landingPage: values.landingPage ?? '',
  targetClients: values.targetClients ?? [],
  ratePerSecond: values.ratePerSecond ?? undefined,
});

/** The batch's message, its apps and its rate: a new batch's form, or the stored one's, saved from its version. */
export function PushBatchForm({ batch }: { batch?: PushBatchDetail }) {
  const { t } = useTranslation('pushMessages');
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const batches = usePushMessagesApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const describe = useDescribeError();
  const label = useEnumLabel();
  const canChange = useCanChange();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const rulesFor = useSchemaRules<Partial<FormValues>>(PushBatchCreateSchema, toRequest);
  const editable = canChange && batch?.status !== 'pushing';

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      const saved = batch
        ? await batches.update(batch.batchId, { ...toRequest(values), version: batch.version })
        : await batches.create(toRequest(values));
      void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, PUSH_BATCH_LIST) });
      void queryClient.invalidateQueries({ queryKey: pushBatchKeys.all(tenant, saved.batchId) });
      void message.success(t('detail.saved'));
      if (!batch) void navigate(pushBatchDetailPath(tenant, saved.batchId), { replace: true });
    } catch (error) {
      void message.error(describe(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={toFormValues(batch)}
      disabled={!editable}
      onFinish={(values) => void save(values)}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('field.title')} rules={rulesFor(['title'], { required: true })}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="targetClients"
            label={t('field.targetClients')}
            rules={rulesFor(['targetClients'], { required: true })}
          >
            <Select
              mode="multiple"
              placeholder={t('detail.choose')}
              options={CLIENT_CODES.map((c) => ({ value: c, label: label('client', c) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="content"
            label={t('field.content')}
            rules={rulesFor(['content'], { required: true })}
          >
            <Input.TextArea maxLength={512} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="landingPage" label={t('field.landingPage')} rules={rulesFor(['landingPage'])}>
            <Input maxLength={1024} placeholder="https://" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="ratePerSecond"
            label={t('field.ratePerSecond')}
            rules={rulesFor(['ratePerSecond'])}
            extra={t('detail.rateHelp')}
          >
            <InputNumber precision={0} min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {editable && (
        <Flex justify="flex-end" gap={8}>
          {!batch && (
            <Button onClick={() => void navigate(pushBatchListPath(tenant))}>{t('common.cancel')}</Button>
          )}
          <Button type="primary" htmlType="submit" loading={saving}>
            {batch ? t('detail.save') : t('detail.create')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
