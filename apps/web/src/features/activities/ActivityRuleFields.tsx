import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  RULE_KEY_LABELS,
  RULE_SPECS,
  TYPE_RULES,
  type RuleKey,
} from '@cmp/domain/activities/activity-type-rules';
import type { ActivityType } from '@cmp/domain/activities/activity-types';
import type { EnumerationName } from '@cmp/domain/messages/enumerations';
import { formatMessage } from '@cmp/domain/messages/format';
import { CustomField, NumberField, SelectField, useFormRules } from '../../components';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { valueRulesOf } from './activity-editor-values';
import { CouponBatchSelect } from './CouponBatchSelect';
import { GradientEditor } from './GradientEditor';

/** The enumeration naming a choice rule's values. */
export const CHOICE_LABELS: Partial<Record<RuleKey, EnumerationName>> = {
  individual_claim_frequency: 'claimFrequency',
  assist_reward_type: 'awardType',
  assisted_reward_type: 'awardType',
};

/**
 * The rules a type takes, each drawn from its spec (`RULE_SPECS`): whole numbers within its bounds, a
 * choice among its values, a coupon batch picked by name, the graded rule's steps. The type's required
 * rules are required here too, so a missing one is named beside its field.
 */
export function ActivityRuleFields({ type }: { type: ActivityType }) {
  const { t } = useTranslation('activities');
  const locale = useDomainLocale();
  const label = useEnumLabel();
  const formRules = useFormRules();
  const required = new Set<RuleKey>(TYPE_RULES[type].required);
  const graded = TYPE_RULES[type].required.includes('graded_charging_degree');

  const field = (key: RuleKey) => {
    const name = ['rules', key];
    const title = formatMessage(locale, { key: RULE_KEY_LABELS[key] });
    const need = required.has(key) ? [formRules.required()] : [];
    const spec = RULE_SPECS[key];
    switch (spec.kind) {
      case 'integer':
        return (
          <NumberField
            key={key}
            name={name}
            label={title}
            precision={0}
            tooltip={t('editor.ruleRange', { min: spec.min, max: spec.max })}
            rules={[...need, formRules.range(spec.min, spec.max, { integer: true })]}
          />
        );
      case 'choice': {
        const enumeration = CHOICE_LABELS[key];
        return (
          <SelectField
            key={key}
            name={name}
            label={title}
            rules={need}
            options={spec.values.map((value) => ({
              value,
              label: enumeration ? label(enumeration, value) : value,
            }))}
          />
        );
      }
      case 'couponBatch':
        return (
          <CustomField key={key} name={name} label={title} rules={need}>
            {({ readOnly }) => <CouponBatchSelect disabled={readOnly} />}
          </CustomField>
        );
      case 'gradient':
        return null;
    }
  };

  return (
    <>
      {valueRulesOf(type).map(field)}
      {graded && (
        <Form.Item label={formatMessage(locale, { key: RULE_KEY_LABELS.graded_charging_degree })} required>
          <GradientEditor />
        </Form.Item>
      )}
    </>
  );
}
