import { Descriptions, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import type { ActivityType } from '@cmp/domain/activities/activity-types';
import { fromActivityRules } from '@cmp/domain/activities/activity-rules';
import {
  REWARD_NAME_RULES,
  RULE_KEY_LABELS,
  RULE_SPECS,
  type GradientStep,
} from '@cmp/domain/activities/activity-type-rules';
import {
  chargingDiscountRulesFromWire,
  type ChargingDiscountRules,
} from '@cmp/domain/activities/charging-discount';
import { slotValueOf, type SlotValue, type TimeSharingItem } from '@cmp/domain/activities/time-sharing';
import { formatMessage } from '@cmp/domain/messages/format';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { couponBatchDetailPath } from '../coupons/coupon-links';
import { useCouponBatch } from '../coupons/coupons-api';
import { GRADED_RULE, PART_LIST_VALUES, PART_LISTS, valueRulesOf } from './activity-editor-values';
import { CHOICE_LABELS } from './ActivityRuleFields';

/** Types whose rules are fields of their own (a slogan, a scene, discounts), shown even with no rule. */
const OWN_FIELD_TYPES: readonly ActivityType[] = [
  'activity_notify',
  'scenario_activity',
  'charging_discount',
];

/** A coupon batch by its id, named from its own record when the activity does not name it. */
function CouponBatchLink({ id, name }: { id: string; name?: string }) {
  const tenant = useStationsTenant();
  const numeric = /^\d+$/.test(id) ? Number(id) : undefined;
  const batch = useCouponBatch(name === undefined ? numeric : undefined);
  const shown = name ?? batch.data?.batchName;
  if (numeric === undefined) return <>{id}</>;
  return <Link to={couponBatchDetailPath(tenant, numeric)}>{shown ? `${shown} (${id})` : id}</Link>;
}

/** A day's slots, one line each, percents as entered (85 %, not 0.85). */
function Slots({ slots, value }: { slots: readonly TimeSharingItem[]; value: SlotValue }) {
  const { t } = useTranslation('activities');
  return (
    <Flex vertical gap={0}>
      {slots.map((slot) => (
        <span key={`${slot.start}-${slot.end}`}>
          {`${slot.start} ~ ${slot.end} ${
            value === 'price'
              ? t('detail.slotPrice', { price: slot.price ?? '-' })
              : t('detail.slotPercent', { percent: slot.discount ?? '-' })
          }`}
        </span>
      ))}
    </Flex>
  );
}

const filledParts = (rule: ChargingDiscountRules) =>
  PART_LISTS.filter((list) => (rule[list]?.length ?? 0) > 0);

/** A rule's part lists that hold slots, each under its name, or "-" when it has none. */
function PartSlots({ rule }: { rule: ChargingDiscountRules }) {
  const { t } = useTranslation('activities');
  const lists = filledParts(rule);
  if (lists.length === 0) return <>-</>;
  return (
    <Flex vertical gap={4}>
      {lists.map((list) => (
        <div key={list}>
          <Typography.Text type="secondary">{t(`field.${list}`)}</Typography.Text>
          <Slots slots={rule[list] ?? []} value={PART_LIST_VALUES[list]} />
        </div>
      ))}
    </Flex>
  );
}

/**
 * An activity's rules as its type has them: each valued rule by its label, an assisting reward by its
 * coupon batch's name, a graded activity's steps as kWh → batch × number, a discount per user role.
 */
export function ActivityRulesView({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const locale = useDomainLocale();
  const label = useEnumLabel();
  const values = fromActivityRules(activity.activityRules);
  const ruleItems = valueRulesOf(activity.activityType)
    .filter((key) => values[key] !== undefined)
    .map((key) => {
      const value = values[key] ?? '';
      const spec = RULE_SPECS[key];
      const rewardName =
        key in REWARD_NAME_RULES
          ? values[REWARD_NAME_RULES[key as keyof typeof REWARD_NAME_RULES]]
          : undefined;
      return {
        key,
        label: formatMessage(locale, { key: RULE_KEY_LABELS[key] }),
        children:
          spec.kind === 'couponBatch' ? (
            <CouponBatchLink id={value} name={rewardName} />
          ) : spec.kind === 'choice' && CHOICE_LABELS[key] ? (
            label(CHOICE_LABELS[key], value)
          ) : (
            value
          ),
      };
    });
  const gradient = activity.activityRules.find((rule) => rule.ruleKey === GRADED_RULE)?.gradient ?? [];
  const ownFields = OWN_FIELD_TYPES.includes(activity.activityType);
  const discounts = activity.chargingDiscountRules.map(chargingDiscountRulesFromWire);

  return (
    <Flex vertical gap={12}>
      {activity.activityType === 'activity_notify' && (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'slogan', label: t('field.rewardSlogan'), children: activity.rewardSlogan ?? '-' },
            {
              key: 'link',
              label: t('field.activityLink'),
              children: activity.activityLink ? (
                <Typography.Link href={activity.activityLink} target="_blank" rel="noreferrer">
                  {activity.activityLink}
                </Typography.Link>
              ) : (
                '-'
              ),
            },
          ]}
        />
      )}
      {activity.activityType === 'scenario_activity' && (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'scene',
              label: t('field.businessModule'),
              children: activity.businessModuleDesc ?? activity.businessModule ?? '-',
            },
          ]}
        />
      )}
      {ruleItems.length > 0 && <Descriptions size="small" column={{ xs: 1, md: 2 }} items={ruleItems} />}
      {activity.activityType === 'graded_charging_activity' && (
        <Table<GradientStep>
          size="small"
          pagination={false}
          rowKey={(step) => String(step.degree)}
          dataSource={gradient}
          columns={[
            {
              key: 'degree',
              title: t('field.degree'),
              render: (_, step) => t('detail.kwh', { degree: step.degree }),
            },
            {
              key: 'reward',
              title: t('detail.reward'),
              render: (_, step) => (
                <>
                  <CouponBatchLink id={step.rewardCode} /> × {step.rewardNumber}
                </>
              ),
            },
          ]}
        />
      )}
      {activity.activityType === 'charging_discount' && (
        <Table<ChargingDiscountRules>
          size="small"
          pagination={false}
          rowKey="userRole"
          dataSource={discounts}
          columns={[
            {
              key: 'userRole',
              title: t('field.userRole'),
              render: (_, rule) => label('userRole', rule.userRole),
            },
            {
              key: 'discountType',
              title: t('field.discountType'),
              render: (_, rule) => label('discountType', rule.discountType),
            },
            {
              key: 'share',
              title: t('field.discountActCostShare'),
              render: (_, rule) =>
                rule.discountActCostShare === undefined ? '-' : `${rule.discountActCostShare}%`,
            },
            {
              key: 'slots',
              title: t('field.timesharing'),
              render: (_, rule) => <Slots slots={rule.timesharing} value={slotValueOf(rule.discountType)} />,
            },
            // The part lists only when a rule has one.
            ...(discounts.some((rule) => filledParts(rule).length > 0)
              ? [
                  {
                    key: 'parts',
                    title: t('detail.partSlots'),
                    render: (_: unknown, rule: ChargingDiscountRules) => <PartSlots rule={rule} />,
                  },
                ]
              : []),
          ]}
        />
      )}
      {ruleItems.length === 0 && gradient.length === 0 && !ownFields && (
        <Typography.Text type="secondary">{t('detail.noRules')}</Typography.Text>
      )}
    </Flex>
  );
}
