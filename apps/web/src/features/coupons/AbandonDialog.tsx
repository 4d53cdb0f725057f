import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import {
  COUPON_ABANDON_BY,
  type CouponAbandonBy,
  type CouponAbandonRecord,
} from '@cmp/domain/coupons/coupon-records';
import { searchTableQueryKey, useFormRules } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { useFieldErrors } from './batch-save-error';
import { COUPON_LISTS, useCouponsApi } from './coupons-api';

interface AbandonValues {
  abandonType: CouponAbandonBy;
  value: string;
  remark: string;
}

const fieldOf = (path: string): string | undefined => {
  const field = path.replace(/^body\./, '').split('.')[0];
  return field === 'abandonType' || field === 'value' || field === 'remark' ? field : undefined;
};

export interface AbandonDialogProps {
  open: boolean;
  onClose: () => void;
  /** What to abandon when the screen already knows it (a coupon, a batch); chosen in the dialog otherwise. */
  target?: { abandonType: CouponAbandonBy; value: string };
  title?: string;
  onAbandoned?: (record: CouponAbandonRecord) => void;
}

/**
 * Abandons coupons (spec M7.1 coupons/abandon) by coupon, generate record, account or batch, with the
 * reason; it cannot be undone, so the dialog says so and its button is the confirmation.
 */
export function AbandonDialog({ open, onClose, target, title, onAbandoned }: AbandonDialogProps) {
  const { t } = useTranslation('coupons');
  const label = useEnumLabel();
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const queryClient = useQueryClient();
  const rules = useFormRules();
  const [form] = Form.useForm<AbandonValues>();
  const failure = useFieldErrors(form, fieldOf);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async () => {
    const values = await form.validateFields();
    setPending(true);
    setError(undefined);
    try {
      const record = await coupons.abandon({
        abandonType: target?.abandonType ?? values.abandonType,
        value: target?.value ?? values.value.trim(),
        remark: values.remark.trim(),
      });
      void message.success(t('abandon.done', { count: record.abandonAmount }));
      void queryClient.invalidateQueries({ queryKey: ['coupons', tenant] });
      for (const list of Object.values(COUPON_LISTS))
        void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, list) });
      form.resetFields();
      onAbandoned?.(record);
      onClose();
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
      title={title ?? t('abandon.title')}
      okText={t('abandon.ok')}
      okButtonProps={{ danger: true, loading: pending }}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
    >
      <Form<AbandonValues>
        form={form}
        name="coupon-abandon"
        layout="vertical"
        initialValues={{ abandonType: 'coupon_uuid' }}
      >
        <Alert type="warning" showIcon title={t('abandon.content')} style={{ marginBottom: 16 }} />
        {!target && (
          <>
            <Form.Item name="abandonType" label={t('field.abandonType')} rules={[rules.required()]}>
              <Select
                options={COUPON_ABANDON_BY.map((value) => ({
                  value,
                  label: label('couponAbandonBy', value),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="value"
              label={t('field.value')}
              extra={t('abandon.valueHelp')}
              rules={[rules.required(), rules.maxLength(64)]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </>
        )}
        {target && (
          <Typography.Paragraph>
            {`${label('couponAbandonBy', target.abandonType)}：${target.value}`}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="remark"
          label={t('field.remark')}
          rules={[{ required: true, whitespace: true, message: t('abandon.remarkRequired') }]}
        >
          <Input.TextArea maxLength={255} rows={3} />
        </Form.Item>
        {error !== undefined && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
