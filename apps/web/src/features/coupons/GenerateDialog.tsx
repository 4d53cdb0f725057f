import { useState } from 'react';
import { Alert, App, DatePicker, Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import type { CouponBatch, GenerateRecord } from '@cmp/domain/coupons/coupon-batches';
import { COUPON_GENERATE_TYPES, type CouponGenerateType } from '@cmp/domain/coupons/coupon-types';
import { useFormRules } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { useFieldErrors } from './batch-save-error';
import { couponKeys, useCouponsApi } from './coupons-api';
import { TagsInput } from './TagsInput';

interface GenerateValues {
  generateType: CouponGenerateType;
  amount: number;
  accountIds?: string[];
  withToken?: boolean;
  tokenValidity?: [Dayjs, Dayjs];
  remark?: string;
}

const FIELDS = new Set(['generateType', 'amount', 'accountIds', 'remark']);
const fieldOf = (path: string): string | undefined => {
  const field = path.replace(/^body\./, '').split('.')[0] ?? '';
  if (field.startsWith('couponToken')) return 'tokenValidity';
  return FIELDS.has(field) ? field : undefined;
};

/**
 * A generate record for the batch (spec M7.1 batch/{id}/create): claimable codes, optionally with a token
 * valid between two times, or coupons for given accounts (one each, or `amount` each). The record's job
 * makes them; its progress shows on the batch's page.
 */
export function GenerateDialog({
  batch,
  open,
  onClose,
  onStarted,
}: {
  batch: CouponBatch;
  open: boolean;
  onClose: () => void;
  onStarted: (record: GenerateRecord) => void;
}) {
  const { t } = useTranslation('coupons');
  const label = useEnumLabel();
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const queryClient = useQueryClient();
  const rules = useFormRules();
  const [form] = Form.useForm<GenerateValues>();
  const failure = useFieldErrors(form, fieldOf);
  const generateType = Form.useWatch('generateType', form) ?? 'generate';
  const withToken = Form.useWatch('withToken', form) ?? false;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const assigning = generateType !== 'generate';

  const submit = async () => {
    const values = await form.validateFields();
    setPending(true);
    setError(undefined);
    try {
      const record = await coupons.generate(batch.couponBatchId, {
        generateType: values.generateType,
        // One coupon for each account: the count is the accounts'.
        amount: generateType === 'generate_assign' ? (values.accountIds ?? []).length : values.amount,
        accountIds: assigning ? (values.accountIds ?? []) : [],
        withToken: !assigning && values.withToken === true,
        couponTokenEffectiveDate: !assigning && values.withToken ? values.tokenValidity![0].valueOf() : null,
        couponTokenExpireDate: !assigning && values.withToken ? values.tokenValidity![1].valueOf() : null,
        remark: values.remark?.trim() || undefined,
      });
      void message.success(t('generate.started'));
      void queryClient.invalidateQueries({ queryKey: couponKeys.batch(tenant, batch.couponBatchId) });
      void queryClient.invalidateQueries({ queryKey: couponKeys.batchRecords(tenant, batch.couponBatchId) });
      form.resetFields();
      onStarted(record);
    } catch (failed) {
      setError(failure(failed).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      width={640}
      title={t('generate.title')}
      okText={t('generate.submit')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ loading: pending }}
    >
      <Form<GenerateValues>
        form={form}
        name="coupon-generate"
        layout="vertical"
        initialValues={{ generateType: 'generate', withToken: false }}
      >
        <Typography.Paragraph type="secondary">
          {t('generate.stockLeft', { stock: batch.stockAmount.toLocaleString() })}
        </Typography.Paragraph>
        <Form.Item name="generateType" label={t('field.generateType')} rules={[rules.required()]}>
          <Select
            options={COUPON_GENERATE_TYPES.map((value) => ({
              value,
              label: label('couponGenerateType', value),
            }))}
          />
        </Form.Item>
        {generateType !== 'generate_assign' && (
          <Form.Item
            name="amount"
            label={
              generateType === 'batch_generate_assign' ? t('generate.amountEach') : t('field.generateAmount')
            }
            rules={[rules.required(), rules.range(1, 10_000_000, { integer: true })]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {assigning && (
          <Form.Item
            name="accountIds"
            label={t('field.accountIds')}
            extra={t('generate.accountsHelp')}
            rules={[rules.required()]}
          >
            <TagsInput />
          </Form.Item>
        )}
        {!assigning && (
          <Form.Item name="withToken" label={t('field.withToken')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {!assigning && withToken && (
          <Form.Item name="tokenValidity" label={t('field.tokenValidity')} rules={[rules.required()]}>
            <DatePicker.RangePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('field.remark')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        {error !== undefined && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
