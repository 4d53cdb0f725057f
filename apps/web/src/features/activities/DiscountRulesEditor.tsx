import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { initDiscountTemplate, type ChargingDiscountRules } from '@cmp/domain/activities/charging-discount';
import { DISCOUNT_TYPES, type DiscountType, type TimeSharingItem } from '@cmp/domain/activities/time-sharing';
import { availableUserRoles } from '@cmp/domain/activities/user-roles';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import { useFormRules } from '../../components';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { TimeSharingEditor, timeSharingProblems } from './TimeSharingEditor';

/**
 * A charging discount's rules, one per user role the tenant offers (pe and rsc: everyone only): each a
 * role, a promotional price or a percent, the share of its cost the operator bears, and its day's slots.
 */
export function DiscountRulesEditor() {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const locale = useDomainLocale();
  const roles = availableUserRoles(tenant);
  const form = Form.useFormInstance();
  const rules: ChargingDiscountRules[] = Form.useWatch('discounts', form) ?? [];
  const atLeastOne = [
    {
      validator: async (_rule: unknown, list: unknown[] | undefined) => {
        if (!list?.length)
          throw new Error(formatMessage(locale, ruleMessage('activity.discountRuleRequired')));
      },
    },
  ];

  return (
    <Form.List name="discounts" rules={atLeastOne}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={12}>
          {fields.map((field, index) => (
            <DiscountRuleCard
              key={field.key}
              name={field.name}
              index={index}
              taken={rules.filter((_, i) => i !== index).map((rule) => rule?.userRole)}
              onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
            />
          ))}
          <Form.ErrorList errors={errors} />
          <div>
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= roles.length}
              onClick={() => {
                const free = roles.find((role) => !rules.some((rule) => rule?.userRole === role));
                add({ ...initDiscountTemplate(tenant).rules, userRole: free ?? roles[0] });
              }}
            >
              {t('editor.addDiscountRule')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

function DiscountRuleCard({
  name,
  index,
  taken,
  onRemove,
}: {
  name: number;
  index: number;
  taken: (string | undefined)[];
  onRemove?: () => void;
}) {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const formRules = useFormRules();
  const form = Form.useFormInstance();
  const discountType: DiscountType = Form.useWatch(['discounts', name, 'discountType'], form) ?? 1;
  const title = t('editor.discountRule', { n: index + 1 });
  const roleOptions = availableUserRoles(tenant)
    .filter((role) => !taken.includes(role))
    .map((role) => ({ value: role, label: label('userRole', role) }));

  return (
    <Card
      size="small"
      type="inner"
      title={title}
      role="group"
      aria-label={title}
      extra={
        onRemove && (
          <Button
            type="text"
            danger
            aria-label={t('editor.removeDiscountRule', { n: index + 1 })}
            icon={<DeleteOutlined />}
            onClick={onRemove}
          />
        )
      }
    >
      <Flex gap={16} wrap>
        <Form.Item
          name={[name, 'userRole']}
          label={t('field.userRole')}
          rules={[formRules.required()]}
          style={{ minWidth: 200 }}
        >
          <Select aria-label={`${title} ${t('field.userRole')}`} options={roleOptions} />
        </Form.Item>
        <Form.Item
          name={[name, 'discountType']}
          label={t('field.discountType')}
          rules={[formRules.required()]}
        >
          <Radio.Group
            aria-label={`${title} ${t('field.discountType')}`}
            options={DISCOUNT_TYPES.map((value) => ({ value, label: label('discountType', value) }))}
          />
        </Form.Item>
        <Form.Item
          name={[name, 'discountActCostShare']}
          label={t('field.discountActCostShare')}
          rules={[formRules.range(0, 100)]}
        >
          <InputNumber<number>
            aria-label={`${title} ${t('field.discountActCostShare')}`}
            precision={2}
            suffix="%"
            style={{ width: 140 }}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        name={[name, 'timesharing']}
        label={t('field.timesharing')}
        validateStatus=""
        dependencies={[['discounts', name, 'discountType']]}
        rules={[
          {
            validator: async (_rule, slots: TimeSharingItem[] | undefined) => {
              if (timeSharingProblems(slots ?? [], discountType).length > 0)
                throw new Error(t('editor.slotsFix'));
            },
          },
        ]}
      >
        <TimeSharingEditor discountType={discountType} label={title} />
      </Form.Item>
    </Card>
  );
}
