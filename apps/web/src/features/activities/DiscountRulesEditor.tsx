import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { Button, Card, Collapse, Flex, Form, InputNumber, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { initDiscountTemplate, type ChargingDiscountRules } from '@cmp/domain/activities/charging-discount';
import { DISCOUNT_TYPES, type DiscountType, type TimeSharingItem } from '@cmp/domain/activities/time-sharing';
import { availableUserRoles, type UserRole } from '@cmp/domain/activities/user-roles';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import { useFormRules } from '../../components';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { PART_LIST_VALUES, PART_LISTS, type PartList } from './activity-editor-values';
import { TimeSharingEditor, timeSharingProblems } from './TimeSharingEditor';

/**
 * A charging discount's rules, one per user role the tenant offers (pe and rsc: everyone only), from the
 * widest audience to the narrowest, each offering the roles at or after the one above (spec §5): each a
 * role, a promotional price or a percent, the share of its cost the operator bears, its day's slots and,
 * folded away until wanted, its part lists (electricity and service fee prices and percents apart).
 */
export function DiscountRulesEditor() {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const locale = useDomainLocale();
  const form = Form.useFormInstance();
  const rules: ChargingDiscountRules[] = Form.useWatch('discounts', form) ?? [];
  // Rules go from the widest audience to the narrowest: a new one takes the first role after the last's.
  const next = availableUserRoles(tenant, rules.at(-1)?.userRole).find(
    (role) => !rules.some((rule) => rule?.userRole === role),
  );
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
              after={index > 0 ? rules[index - 1]?.userRole : undefined}
              onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
            />
          ))}
          <Form.ErrorList errors={errors} />
          <div>
            <Button
              icon={<PlusOutlined />}
              disabled={next === undefined}
              onClick={() => next && add({ ...initDiscountTemplate(tenant).rules, userRole: next })}
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
  after,
  onRemove,
}: {
  name: number;
  index: number;
  taken: (string | undefined)[];
  /** The role of the rule above: a rule targets that audience or a narrower one (spec §5). */
  after: UserRole | undefined;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const formRules = useFormRules();
  const form = Form.useFormInstance();
  const discountType: DiscountType = Form.useWatch(['discounts', name, 'discountType'], form) ?? 1;
  const title = t('editor.discountRule', { n: index + 1 });
  const roleOptions = availableUserRoles(tenant, after)
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
      <PartSlots name={name} title={title} />
    </Card>
  );
}

/** The discount type whose slots carry the number a part list takes: 1 a price, 2 a percent. */
const PART_DISCOUNT_TYPES: Record<PartList, DiscountType> = Object.fromEntries(
  PART_LISTS.map((list) => [list, PART_LIST_VALUES[list] === 'price' ? 1 : 2]),
) as Record<PartList, DiscountType>;

/**
 * A rule's four part lists, each optional (an empty one is not sent), folded until opened; a problem
 * found in one, before sending or by the server, opens the fold so it is seen beside its list.
 */
function PartSlots({ name, title }: { name: number; title: string }) {
  const { t } = useTranslation('activities');
  const form = Form.useFormInstance();
  const rule: ChargingDiscountRules | undefined = Form.useWatch(['discounts', name], form);
  const filled = PART_LISTS.filter((list) => (rule?.[list]?.length ?? 0) > 0).length;
  const [open, setOpen] = useState(false);
  const label = t('editor.partSlots');

  return (
    <div style={{ marginTop: 8 }}>
      <Form.Item noStyle shouldUpdate>
        {() => (
          <OpenOnError
            errored={PART_LISTS.some((list) => form.getFieldError(['discounts', name, list]).length > 0)}
            onOpen={setOpen}
          />
        )}
      </Form.Item>
      <Collapse
        size="small"
        activeKey={open ? ['parts'] : []}
        onChange={(keys) => setOpen(keys.includes('parts'))}
        items={[
          {
            key: 'parts',
            // Kept mounted while folded, so its lists are still checked on save.
            forceRender: true,
            label: (
              <span>
                {label}
                {filled > 0 && (
                  <Typography.Text type="secondary">
                    {` ${t('editor.partSlotsFilled', { count: filled })}`}
                  </Typography.Text>
                )}
              </span>
            ),
            children: (
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">{t('editor.partSlotsHelp')}</Typography.Text>
                {PART_LISTS.map((list) => (
                  <PartListField key={list} name={name} list={list} title={title} />
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </div>
  );
}

/** Opens the fold when one of its lists has a problem; it shows nothing itself. */
function OpenOnError({ errored, onOpen }: { errored: boolean; onOpen: (open: true) => void }) {
  useEffect(() => {
    if (errored) onOpen(true);
  }, [errored, onOpen]);
  return null;
}

function PartListField({ name, list, title }: { name: number; list: PartList; title: string }) {
  const { t } = useTranslation('activities');
  const discountType = PART_DISCOUNT_TYPES[list];
  const label = t(`field.${list}`);
  return (
    <Form.Item
      name={[name, list]}
      label={label}
      validateStatus=""
      style={{ marginBottom: 8 }}
      rules={[
        {
          validator: async (_rule, slots: TimeSharingItem[] | undefined) => {
            if (timeSharingProblems(slots ?? [], discountType, true).length > 0)
              throw new Error(t('editor.slotsFix'));
          },
        },
      ]}
    >
      <TimeSharingEditor discountType={discountType} label={`${title} ${label}`} optional />
    </Form.Item>
  );
}
