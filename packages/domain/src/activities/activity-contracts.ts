import { z } from 'zod';
import { ruleMessage } from '../messages/format.js';
import {
  DEFAULT_PAGE_NO,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_NO,
  MAX_PAGE_SIZE,
  pageOf,
} from '../platform/paging.js';
import type { Tenant } from '../platform/tenants.js';
import { reportProblems } from '../coupons/coupon-batch-rules.js';
import {
  EPOCH_MS,
  INT4,
  INT8,
  idParam,
  integer,
  integerParam,
  isWebLink,
  text,
  trimmedText,
} from '../shared/input.js';
import type { FieldRuleMessage } from '../shared/zod-issues.js';
import { EpochMs, optionalText, requiredText } from '../stations/contract-fields.js';
import { OperationListResourceTypeSchema } from '../stations/operation-list-item.js';
import {
  ChargingDiscountRulesSchema,
  chargingDiscountRulesFromWire,
  validateChargingDiscountRules,
  type ChargingDiscountRules,
} from './charging-discount.js';
import { ActivityStatusSchema } from './activity-statuses.js';
import { ActivityRuleInputSchema, activityRuleProblems, GradientStepSchema } from './activity-type-rules.js';
import { ActivityTypeSchema, type ActivityType } from './activity-types.js';
import { DEFAULT_ACTIVITY_SEARCH } from './activity-filters.js';
import { TENANT_USER_ROLES, USER_ROLES, userRolesToSave } from './user-roles.js';

/** A charging discount carries a rule per user role at most. */
export const MAX_CHARGING_DISCOUNT_RULES = USER_ROLES.length;

/**
 * The fields of an activity a create or an update sends (spec M3.1.1). Discounts of percent slots travel
 * as ratios with 2 decimals (0.85), as the forms send them after dividing by 100 (spec §5); prices in yuan
 * per kWh. The type decides which parts count: a save keeps only what its type uses
 * (`activityFieldsOfType`), and `activityProblems` checks what it needs.
 */
export const ActivityFieldsSchema = z.object({
  activityType: ActivityTypeSchema,
  activityName: requiredText(64),
  activityDescription: optionalText(1024),
  beginTime: EpochMs,
  endTime: EpochMs,
  coverImage: optionalText(1024).refine((v) => v == null || isWebLink(v) || v.startsWith('/'), {
    error: 'activity.badLink',
  }),
  rewardSlogan: optionalText(128),
  activityLink: optionalText(1024).refine((v) => v == null || isWebLink(v), { error: 'activity.badLink' }),
  /** A business scene's code, from the `resource_biz_scenes` dictionary (scenario activities). */
  businessModule: optionalText(32),
  activityRules: z.array(ActivityRuleInputSchema).max(50, { error: 'form.maxItems' }).default([]),
  chargingDiscountRules: z
    .array(ChargingDiscountRulesSchema)
    .max(MAX_CHARGING_DISCOUNT_RULES, { error: 'form.maxItems' })
    .default([]),
  /** Operators whose stations the activity is limited to; none means every operator's. */
  effectOperatorRules: z
    .array(z.object({ operatorId: trimmedText(64).min(1, { error: 'form.required' }) }))
    .max(100, { error: 'form.maxItems' })
    .default([]),
});
export type ActivityFields = z.output<typeof ActivityFieldsSchema>;

/** The problems of a charging discount's rules, read as the form edits them (percentages). */
function discountProblems(rules: readonly ChargingDiscountRules[]): FieldRuleMessage[] {
  if (rules.length === 0) {
    return [{ path: 'chargingDiscountRules', message: ruleMessage('activity.discountRuleRequired') }];
  }
  const roles = new Set<string>();
  return rules.flatMap((wire, index) => {
    const at = `chargingDiscountRules.${index}`;
    const problems: FieldRuleMessage[] = [];
    if (roles.has(wire.userRole)) {
      problems.push({ path: `${at}.userRole`, message: ruleMessage('activity.roleTwice') });
    }
    roles.add(wire.userRole);
    const share = wire.discountActCostShare;
    if (share !== undefined && (share < 0 || share > 100)) {
      problems.push({
        path: `${at}.discountActCostShare`,
        message: ruleMessage(
          share < 0 ? 'form.minNumber' : 'form.maxNumber',
          share < 0 ? { min: 0 } : { max: 100 },
        ),
      });
    }
    for (const problem of validateChargingDiscountRules(chargingDiscountRulesFromWire(wire))) {
      const { list, range, ...params } = problem.params ?? {};
      const slot = typeof range === 'number' ? `.${range - 1}` : '';
      problems.push({
        path: `${at}.${String(list ?? 'timesharing')}${slot}`,
        message: { key: problem.key, params: { ...params, ...(range === undefined ? {} : { range }) } },
      });
    }
    return problems;
  });
}

/**
 * Every problem of an activity as its type reads it: the window, what the type needs (a notice's slogan, a
 * scenario's scene, a discount's rules) and its rules (`activityRuleProblems`).
 */
export function activityProblems(activity: ActivityFields): FieldRuleMessage[] {
  const problems: FieldRuleMessage[] = [];
  if (activity.endTime <= activity.beginTime) {
    problems.push({ path: 'endTime', message: ruleMessage('activity.endBeforeBegin') });
  }
  if (activity.activityType === 'activity_notify' && !activity.rewardSlogan) {
    problems.push({ path: 'rewardSlogan', message: ruleMessage('form.required') });
  }
  if (activity.activityType === 'scenario_activity' && !activity.businessModule) {
    problems.push({ path: 'businessModule', message: ruleMessage('form.required') });
  }
  if (activity.activityType === 'charging_discount') {
    problems.push(...discountProblems(activity.chargingDiscountRules));
  }
  problems.push(...activityRuleProblems(activity.activityType, activity.activityRules));
  return problems;
}

/** The roles a tenant's discount may target (spec §5: pe only `default`, nio every role). */
export function activityTenantProblems(tenant: Tenant, activity: ActivityFields): FieldRuleMessage[] {
  return activity.chargingDiscountRules.flatMap((rule, index) =>
    TENANT_USER_ROLES[tenant].includes(rule.userRole)
      ? []
      : [
          {
            path: `chargingDiscountRules.${index}.userRole`,
            message: ruleMessage('activity.roleNotForTenant'),
          },
        ],
  );
}

/**
 * A discount's rules as they are kept: from the widest audience to the narrowest, each with the roles it is
 * kept for (its own and the narrower ones, spec §5), so that each rule's role is at or after the role of the
 * rule above it, as the editor offers them.
 */
export function discountRulesToSave(rules: readonly ChargingDiscountRules[]): ChargingDiscountRules[] {
  return [...rules]
    .sort((a, b) => USER_ROLES.indexOf(a.userRole) - USER_ROLES.indexOf(b.userRole))
    .map((rule) => ({ ...rule, userRoles: userRolesToSave(rule.userRole) }));
}

/** What a type does not use is not kept: a notice has no discount rules, a discount no scene. */
export function activityFieldsOfType(activity: ActivityFields): ActivityFields {
  const type: ActivityType = activity.activityType;
  return {
    ...activity,
    chargingDiscountRules:
      type === 'charging_discount' ? discountRulesToSave(activity.chargingDiscountRules) : [],
    businessModule: type === 'scenario_activity' ? activity.businessModule : null,
    activityRules: activity.activityRules.map((rule) =>
      rule.gradient === undefined
        ? { ruleKey: rule.ruleKey, ruleValue: rule.ruleValue.trim() }
        : {
            ...rule,
            ruleValue: String(rule.gradient.length),
          },
    ),
  };
}

/** POST create: the fields, checked as their type reads them. */
export const ActivityCreateSchema = ActivityFieldsSchema.superRefine((activity, context) =>
  reportProblems(context, activityProblems(activity)),
);
export type ActivityCreate = z.input<typeof ActivityCreateSchema>;

/** POST update: the fields (the type cannot change) from the version the editor read. */
export const ActivityUpdateSchema = ActivityFieldsSchema.extend({
  version: integer({ min: 1, max: INT4.max }),
}).superRefine((activity, context) => reportProblems(context, activityProblems(activity)));
export type ActivityUpdate = z.input<typeof ActivityUpdateSchema>;

export const ActivityParamsSchema = z.object({ activityId: idParam(INT8) });

/** update-status: start or finish, from the version read. */
export const ActivityStatusChangeBodySchema = z.object({
  activityStatus: z.enum(['start', 'finish']),
  version: integer({ min: 1, max: INT4.max }),
});
export type ActivityStatusChangeBody = z.infer<typeof ActivityStatusChangeBodySchema>;

export const ActivityDeleteQuerySchema = z.object({ version: integerParam({ min: 1, max: INT4.max }) });

/** A rule as read: the assisting reward names are added from their coupon batches. */
export const ActivityRuleSchema = z.object({
  ruleKey: z.string(),
  ruleValue: z.string(),
  gradient: z.array(GradientStepSchema).optional(),
});

/** An activity as staff read it (spec M3.1.1). */
export const ActivitySchema = z.object({
  activityId: z.number().int(),
  activityType: ActivityTypeSchema,
  activityName: z.string(),
  businessModule: z.string().nullable(),
  businessModuleDesc: z.string().nullable(),
  activityStatus: ActivityStatusSchema,
  activityDescription: z.string().nullable(),
  beginTime: EpochMs,
  endTime: EpochMs,
  coverImage: z.string().nullable(),
  rewardSlogan: z.string().nullable(),
  activityLink: z.string().nullable(),
  creatorId: z.number().int(),
  creatorName: z.string(),
  createTime: EpochMs,
  updateTime: EpochMs,
  activityRules: z.array(ActivityRuleSchema),
  chargingDiscountRules: z.array(ChargingDiscountRulesSchema),
  rewardStatistics: z.object({ totalRedPacket: z.number().int(), totalNioPoint: z.number().int() }),
  tenantId: z.string(),
  effectOperatorRules: z.array(z.object({ operatorId: z.string() })),
  stationCount: z.number().int(),
  version: z.number().int(),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const ActivityPageSchema = pageOf(ActivitySchema);
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

export const ACTIVITY_SORTABLE = ['createTime', 'beginTime', 'endTime', 'activityName'] as const;

/** What the list's search box searches (spec: searchInputSelect, activityName by default). */
export const ACTIVITY_SEARCH_NAMES = ['activityName', 'activityId', 'creatorName'] as const;

const ActivityTypeList = z
  .union([z.array(text(64)), text(512)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((a) => a.trim()).filter(Boolean))
  .pipe(z.array(ActivityTypeSchema).max(ActivityTypeSchema.options.length));

/**
 * The activity list filter (spec M3.1.3). The tenant is the area's (the URL); `resourceId`, `resourceName`
 * and `resourceType` keep the activities a matching station takes part in.
 */
export const ActivityFilterSchema = z.object({
  searchInput: trimmedText(64).optional(),
  searchInputSelect: z.enum(ACTIVITY_SEARCH_NAMES).default(DEFAULT_ACTIVITY_SEARCH),
  activityTypes: ActivityTypeList.optional(),
  activityStatus: ActivityStatusSchema.optional(),
  createTimeBegin: integerParam(EPOCH_MS).optional(),
  createTimeEnd: integerParam(EPOCH_MS).optional(),
  activityName: trimmedText(64).optional(),
  creatorName: trimmedText(64).optional(),
  resourceId: trimmedText(64).optional(),
  /** Activities with a station whose name holds the text. */
  resourceName: trimmedText(128).optional(),
  /** Activities with a station of this type. */
  resourceType: OperationListResourceTypeSchema.optional(),
  sort: text(100).optional(),
});
export type ActivityFilter = z.infer<typeof ActivityFilterSchema>;
export const ActivityListQuerySchema = ActivityFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type ActivityListQuery = z.infer<typeof ActivityListQuerySchema>;
export type ActivityListRequest = z.input<typeof ActivityListQuerySchema>;

/** Rewards given per day (in the tenant's zone, UTC+08:00): how many red packets and how many points. */
export const RewardDaySchema = z.object({
  day: z.string(),
  totalRedPacket: z.number().int(),
  totalNioPoint: z.number().int(),
});
export const RewardTimelineSchema = z.object({ days: z.array(RewardDaySchema) });
export type RewardTimeline = z.infer<typeof RewardTimelineSchema>;

/**
 * Another charging discount whose window meets this one's on stations both take part in: a user there
 * sees the lower price of the two (docs/decisions.md "Charging-discount quotes").
 */
export const DiscountOverlapSchema = z.object({
  activityId: z.number().int(),
  activityName: z.string(),
  activityStatus: ActivityStatusSchema,
  beginTime: EpochMs,
  endTime: EpochMs,
  sharedStations: z.number().int(),
});
export const DiscountOverlapsSchema = z.object({ overlaps: z.array(DiscountOverlapSchema) });
export type DiscountOverlaps = z.infer<typeof DiscountOverlapsSchema>;
