import { readdirSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enUS } from './en-US.js';
import { zhCN } from './zh-CN.js';
import { ENUMERATIONS, enumLabel, enumLabels } from './enumerations.js';

/**
 * Exported value lists of the domain that are not shown to anyone as words: wire codes, column names,
 * search-field names (labelled by the screen's field labels) and limits. Each entry says why.
 */
const INTERNAL = new Set([
  'activities/activity-filters.ts ACTIVITY_RESOURCE_SEARCH_NAMES', // field names, labelled as fields
  'activities/activity-rules.ts ACTIVITY_RULE_KEYS', // rule JSON keys
  'activities/activity-types.ts ACTIVITY_ACTIONS', // audit verbs, named by the activity history's own texts
  'activities/activity-statuses.ts ACTIVITY_STATES', // stored steps, shown as ACTIVITY_STATUSES
  'activities/activity-station-import.ts STATION_IMPORT_HEADERS', // sheet headers, shown as they are
  'activities/activity-contracts.ts ACTIVITY_SORTABLE', // sort columns
  'posters/poster-contracts.ts POSTER_SORTABLE', // sort columns
  'forum/forum-contracts.ts POST_SORTABLE', // sort columns
  'forum/forum-contracts.ts REPLY_SORTABLE', // sort columns
  'mall/product-contracts.ts PRODUCT_SORTABLE', // sort columns
  'push-messages/push-messages.ts PUSH_BATCH_SORTABLE', // sort columns
  'push-messages/push-messages.ts DELIVERY_CHANNELS', // wire codes of a recipient's answer, not shown
  'push-messages/push-messages.ts APP_MESSAGE_KINDS', // wire codes of the apps' fetch (docs/app-api.md §15)
  'posters/poster-contracts.ts POSTER_RESOURCE_SORTABLE', // sort columns
  'rewards/reward-record-contracts.ts POINT_RECORD_SORTABLE', // sort columns
  'rewards/reward-record-contracts.ts POINT_RECORD_SEARCH_NAMES', // field names
  'rewards/lottery-draw-contracts.ts LOTTERY_DRAW_SORTABLE', // sort columns
  'rewards/lottery-draw-contracts.ts LOTTERY_DRAW_SEARCH_NAMES', // field names
  'activities/activity-contracts.ts ACTIVITY_SEARCH_NAMES', // field names
  'activities/activity-types.ts ACTIVITY_STATUS_CHANGES', // request verbs
  'auth/contracts.ts STAFF_USER_SORTABLE', // sort columns
  'cloud-config/cloud-config.ts RELEASE_SORTABLE', // sort columns
  'accounts/account-contracts.ts ACCOUNT_SEARCH_SORTABLE', // sort columns
  'coupons/coupon-records.ts COUPON_CUSTOM_TAG_SORTABLE', // sort columns
  'coupons/coupon-statuses.ts CLOSED_BATCH_STATUSES', // a subset of COUPON_BATCH_STATUSES
  'stations/pictures.ts PICTURE_SORTABLE', // sort columns
  'stations/resource-notification.ts NOTIFICATION_SORTABLE', // sort columns
  'tags/tag-contracts.ts TAG_GROUP_SORTABLE', // sort columns
  'coupons/coupon-types.ts COUPON_ABANDON_TYPES', // the spec's two of `couponAbandonBy`, which is listed
  'coupons/coupon-types.ts COUPON_PLATFORM_TYPES', // client codes, labelled as clients
  'coupons/coupon-types.ts COUPON_RULE_TYPES', // rule JSON keys
  'coupons/record-filter.ts COUPON_RECORD_SEARCH_NAMES', // field names
  'coupons/recipient-import.ts RECIPIENT_ID_TYPES', // template query values, labelled by the dialog's links
  'comments/comment-actions.ts COMMENT_MARK_ACTIONS', // a subset of COMMENT_ACTIONS
  'comments/comment-contracts.ts COMMENT_SORTABLE', // sort columns
  'charging-paths/charging-path-contracts.ts CHARGING_PATH_SORTABLE', // sort columns
  'accounts/relation-contracts.ts RELATION_SORTABLE', // sort columns
  'accounts/car-contracts.ts PERSONAL_CAR_SORTABLE', // sort columns
  'invitations/invitations.ts INVITE_SORTABLE', // sort columns
  'stations/crowdsourced-stations.ts CROWDSOURCED_SORTABLE', // sort columns
  'stations/reported-stations.ts REPORTED_STATION_SORTABLE', // sort columns
  'share-templates/share-templates.ts SHARE_TEMPLATE_SORTABLE', // sort columns
  'chats/group-chats.ts GROUP_CHAT_SORTABLE', // sort columns
  'share-page/share-host.ts APP_USER_AGENT_MARKERS', // user-agent markers matched, never shown
  'chats/group-chats.ts GROUP_STATES', // a subset of CHAT_STATUSES, which is listed
  'chats/group-chats.ts GROUP_NOTIFICATION_STATUSES', // outbox row states the push area reads, never shown
  'comments/comment-ingest.ts COMMENT_CALLBACK_EVENTS', // what a vendor's callback says, never shown
  'stations/dictionaries.ts NUMERIC_CODE_DICT_TYPES', // dictionary type codes, named by the dictionaries screen
  'stations/served-direction.ts COMPASS_POINTS', // labelled by the station screens' own texts (servedBearing.point)
  'messages/format.ts LOCALES', // named by the language switch
  'platform/export.ts EXPORT_FORMATS', // file extensions
  'platform/jobs.ts FINISHED_JOB_STATES', // a subset of JOB_STATES
  'platform/paging.ts PAGE_SIZE_OPTIONS', // numbers
  'road-books/planning-resource-types.ts CS_CHARGER_TYPE_OPTIONS', // planner request values
  'road-books/planning-resource-types.ts ROUTE_RESOURCE_TYPES', // planner request values
  'road-books/power-features.ts NIO_POWER_PRODUCTS', // a subset of POWER_PRODUCTS
  'road-books/road-book.ts ROAD_BOOK_SORTABLE', // sort columns
  'road-books/road-book.ts ROAD_BOOK_ROUTE_SORTABLE', // sort columns
  'platform/jobs.ts JOB_SORTABLE', // sort columns
  'stations/remote-operations.ts REMOTE_OPERATION_SORTABLE', // sort columns
  'stations/remote-operations.ts POWER_CHARGER_SORTABLE', // sort columns
  'upgrade-packages/upgrade-packages.ts UPGRADE_PACKAGE_SORTABLE', // sort columns
  'upgrade-packages/upgrade-packages.ts UPGRADE_CAMPAIGN_SORTABLE', // sort columns
  'shared/form-rules.ts MAX_LENGTHS', // numbers
  'stations/business-hours.ts WEEKDAY_KEYS', // message keys themselves
  'stations/business-hours.ts DAYS_OF_WEEK', // shown through WEEKDAY_KEYS
  'stations/operation-list-filter.ts OPERATION_LIST_SEARCH_NAMES', // field names
  'stations/operation-list-item.ts OPERATION_LIST_SORTABLE', // sort columns
  'stations/operators.ts OPERATOR_SORTABLE', // sort columns
  'stations/operators.ts EQUIPMENT_OWNER_SORTABLE', // sort columns
  'stations/operators.ts SUB_OPERATOR_SORTABLE', // sort columns
  'stations/worksheets.ts WORKSHEET_SORTABLE', // sort columns
  'tags/tag-catalog.ts TAG_BIZ_CODES', // resource types, labelled as such
  'tags/tag-catalog.ts READ_ONLY_TAG_GROUPS', // tag group codes
  'tags/tag-catalog.ts YES_NO_TAG_GROUPS', // tag group codes
  'tags/tag-updates.ts TAG_UPDATE_ACTIONS', // request verbs
  'tags/tag-catalogue-editing.ts CATALOGUE_SORTABLE', // sort columns
  'road-books/route-plan.ts RouteResourceTypesSchema', // planner request values
]);

type Value = string | number;
const isValueList = (value: unknown): value is readonly Value[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((v) => typeof v === 'string' || typeof v === 'number');

const SOURCE = fileURLToPath(new URL('..', import.meta.url));

/** Every exported enumeration of the domain: Zod enums, multi-value literals and UPPER_CASE value lists. */
async function exportedEnumerations(): Promise<{ name: string; values: readonly Value[] }[]> {
  const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts');
  const found: { name: string; values: readonly Value[] }[] = [];
  for (const module of files) {
    const exports = (await import(`../${module}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      const values =
        value instanceof z.ZodEnum
          ? (value.options as Value[])
          : value instanceof z.ZodLiteral && value.values.size > 1
            ? ([...value.values] as Value[])
            : /^[A-Z][A-Z0-9_]*$/.test(name) && isValueList(value)
              ? value
              : undefined;
      if (values) found.push({ name: `${module} ${name}`, values });
    }
  }
  return found;
}

const sameValues = (a: readonly Value[], b: readonly Value[]) =>
  JSON.stringify([...a].map(String).sort()) === JSON.stringify([...b].map(String).sort());

describe('enumeration labels', () => {
  it('should find the enumerations it walks', async () => {
    const names = (await exportedEnumerations()).map((e) => e.name);
    expect(names).toContain('stations/equipment.ts CONNECTOR_TYPES');
    expect(names).toContain('stations/worksheets.ts WorksheetStatusSchema');
    expect(names).toContain('stations/station-status.ts StationStatusSchema');
  });

  it('should list every exported enumeration in the catalogue or declare it internal', async () => {
    const all = await exportedEnumerations();
    // A schema built from an internal list (CouponRuleTypeSchema of COUPON_RULE_TYPES) is internal too.
    const internal = all.filter((e) => INTERNAL.has(e.name)).map((e) => e.values);
    const registered = Object.values(ENUMERATIONS).map((e) => e.values);
    const unlisted = all
      .filter((e) => ![...internal, ...registered].some((values) => sameValues(values, e.values)))
      .map((e) => e.name);
    expect(unlisted).toEqual([]);
  });

  it('should label every value of every enumeration in zh-CN and en-US', () => {
    const missing: string[] = [];
    for (const [name, { values, labels }] of Object.entries(ENUMERATIONS)) {
      for (const value of values) {
        const key = (labels as Record<Value, string | undefined>)[value];
        if (key === undefined) missing.push(`${name}.${value}: no key`);
        else {
          if (!(zhCN as Record<string, string | undefined>)[key]?.trim())
            missing.push(`${name}.${value}: zh-CN`);
          if (!(enUS as Record<string, string | undefined>)[key]?.trim())
            missing.push(`${name}.${value}: en-US`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('should start every English label with a capital, as values read in sentence case', () => {
    // A brand keeps the spelling its owner gives it.
    const brands = /^firefly\b/;
    const lowercase = Object.entries(ENUMERATIONS).flatMap(([name]) =>
      Object.entries(enumLabels('en-US', name as keyof typeof ENUMERATIONS))
        .filter(([, label]) => /^[a-z]/.test(label) && !brands.test(label))
        .map(([value, label]) => `${name}.${value}: ${label}`),
    );
    expect(lowercase).toEqual([]);
  });

  it('should name a value in the reader language and fall back to the given name for unknown values', () => {
    expect(enumLabel('zh-CN', 'parkFeeTag', 'free_while_charging')).toBe('充电期间免费');
    expect(enumLabel('en-US', 'parkFeeTag', 'free_while_charging')).toBe('Free while charging');
    expect(enumLabel('en-US', 'connectorType', 4)).toBe('DC plug with cable');
    expect(enumLabel('en-US', 'bizScene', '11', '夜间停车')).toBe('夜间停车');
    expect(enumLabel('en-US', 'connectorStatus', 'charging')).toBe('charging');
    expect(enumLabel('en-US', 'nationalStandard', null)).toBe('-');
  });
});
