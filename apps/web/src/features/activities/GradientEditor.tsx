import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_GRADIENT_STEPS } from '@cmp/domain/activities/activity-type-rules';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import { useFormRules } from '../../components';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { CouponBatchSelect } from './CouponBatchSelect';

/**
 * The steps of a graded charging activity: a user who charged at least the step's kWh gets its coupons.
 * Each step asks for more kWh than the one before (checked row by row on save, as the server does).
 */
export function GradientEditor() {
  const { t } = useTranslation('activities');
  const locale = useDomainLocale();
  const formRules = useFormRules();
  const atLeastOne = [
    {
      validator: async (_rule: unknown, rows: unknown[] | undefined) => {
        if (!rows?.length) throw new Error(formatMessage(locale, ruleMessage('activity.gradientEmpty')));
      },
    },
  ];
  return (
    <Form.List name="gradient" rules={atLeastOne}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={4}>
          {fields.map((field, index) => {
            const row = t('editor.gradientRow', { n: index + 1 });
            return (
              <Flex key={field.key} gap={8} align="flex-start" role="group" aria-label={row}>
                <Form.Item
                  name={[field.name, 'degree']}
                  label={t('field.degree')}
                  rules={[formRules.required(), formRules.range(0.01, 100_000)]}
                >
                  <InputNumber<number> aria-label={`${row} ${t('field.degree')}`} precision={2} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'rewardCode']}
                  label={t('field.couponBatch')}
                  rules={[formRules.required()]}
                  style={{ minWidth: 280 }}
                >
                  <CouponBatchSelect aria-label={`${row} ${t('field.couponBatch')}`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'rewardNumber']}
                  label={t('field.rewardNumber')}
                  rules={[formRules.required(), formRules.range(1, 100, { integer: true })]}
                >
                  <InputNumber<number> aria-label={`${row} ${t('field.rewardNumber')}`} precision={0} />
                </Form.Item>
                <Button
                  type="text"
                  style={{ marginTop: 30 }}
                  aria-label={t('editor.removeGradient', { n: index + 1 })}
                  icon={<DeleteOutlined />}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            );
          })}
          <Form.ErrorList errors={errors} />
          <div style={{ marginBottom: 16 }}>
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_GRADIENT_STEPS}
              onClick={() => add({})}
            >
              {t('editor.addGradient')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
