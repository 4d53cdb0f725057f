import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { COUPON_SUBCLASSES } from '@cmp/domain/coupons/coupon-batches';
import { COUPON_PLATFORM_TYPES, COUPON_RULE_TYPES } from '@cmp/domain/coupons/coupon-types';
import { useOperators } from '../../components/lookups';
import type { RuleValue } from './batch-editor-values';

export interface RulesEditorProps {
  value?: RuleValue[];
  onChange?: (rules: RuleValue[]) => void;
  disabled?: boolean;
}

/** The choices of a rule type whose values are known; free text (a city code, a group, a tag) otherwise. */
function useValueOptions(): (type: string | undefined) => { value: string; label: string }[] | undefined {
  const { t } = useTranslation('coupons');
  const label = useEnumLabel();
  const operators = useOperators();
  return (type) => {
    switch (type) {
      case 'operator':
        return (operators.data ?? []).map((o) => ({ value: o.operatorId, label: o.operatorName }));
      case 'subclass':
        return COUPON_SUBCLASSES.map((value) => ({ value, label: label('couponSubclass', value) }));
      case 'platform_type':
        return COUPON_PLATFORM_TYPES.map((value) => ({ value, label: t(`enum.platformType.${value}`) }));
      default:
        return undefined;
    }
  };
}

/**
 * A batch's use rules (spec M3.3.14): one rule per type, each with its values or 'all' (every value of the
 * type). Types with known values offer them; the others take typed values.
 */
export function RulesEditor({ value = [], onChange, disabled }: RulesEditorProps) {
  const { t } = useTranslation('coupons');
  const optionsOf = useValueOptions();
  const change = (index: number, patch: Partial<RuleValue>) =>
    onChange?.(value.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  const taken = new Set(value.map((rule) => rule.type));

  return (
    <Flex vertical gap={8}>
      {value.map((rule, index) => {
        const options = optionsOf(rule.type);
        return (
          <Flex key={index} gap={8} align="center" data-testid="coupon-rule">
            <Select
              aria-label={t('field.rules')}
              style={{ width: 160 }}
              disabled={disabled}
              value={rule.type}
              onChange={(type: string) => change(index, { type, values: [] })}
              options={COUPON_RULE_TYPES.map((type) => ({
                value: type,
                label: t(`enum.ruleType.${type}`),
                disabled: taken.has(type) && type !== rule.type,
              }))}
            />
            <Checkbox
              disabled={disabled}
              checked={rule.all}
              onChange={(event) => change(index, { all: event.target.checked })}
            >
              {t('editor.ruleAll')}
            </Checkbox>
            <Select
              aria-label={t('editor.ruleValues')}
              style={{ flex: 1, minWidth: 200 }}
              mode={options ? 'multiple' : 'tags'}
              disabled={disabled || rule.all || rule.type === undefined}
              value={rule.values}
              options={options}
              optionFilterProp="label"
              placeholder={rule.all ? t('editor.ruleAll') : t('editor.ruleValuesHelp')}
              onChange={(values: string[]) => change(index, { values })}
              open={options ? undefined : false}
            />
            <Button
              type="text"
              danger
              disabled={disabled}
              icon={<DeleteOutlined />}
              aria-label={t('editor.removeRule')}
              onClick={() => onChange?.(value.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      {!disabled && value.length < COUPON_RULE_TYPES.length && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => onChange?.([...value, { type: undefined, all: false, values: [] }])}
        >
          {t('editor.addRule')}
        </Button>
      )}
    </Flex>
  );
}

/** A rule needs a type, and values unless it applies to all. */
export const isRuleComplete = (rule: RuleValue): boolean =>
  rule.type !== undefined && (rule.all || rule.values.length > 0);
