import { z } from 'zod';
import { reportProblems } from '../coupons/coupon-batch-rules.js';
import { ruleMessage } from '../messages/format.js';
import {
  DEFAULT_PAGE_NO,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_NO,
  MAX_PAGE_SIZE,
  pageOf,
} from '../platform/paging.js';
import { ClientCodeSchema } from '../shared/clients.js';
import {
  EPOCH_MS,
  INT4,
  INT8,
  id,
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
import { POSTER_DEFAULT_PRIORITY, POSTER_DEFAULT_VISIBLE } from './poster-defaults.js';

/**
 * The places in the apps where posters show (spec M3.5.4 trigger rules): a fixed catalog, since a new place
 * needs a new app release before any poster can show there (docs/decisions.md "Posters"). `activated: false`
 * is a place the apps no longer ask for; its posters are kept and can be moved.
 */
export const POSTER_TRIGGER_RULES = [
  { id: 1, code: 'app_launch', activated: true },
  { id: 2, code: 'home_banner', activated: true },
  { id: 3, code: 'map_popup', activated: true },
  { id: 4, code: 'station_detail', activated: true },
  { id: 5, code: 'charging_finished', activated: true },
  { id: 6, code: 'swap_finished', activated: true },
  { id: 7, code: 'queue_waiting', activated: false },
] as const;
export type PosterTriggerCode = (typeof POSTER_TRIGGER_RULES)[number]['code'];
export const POSTER_TRIGGER_IDS = POSTER_TRIGGER_RULES.map((rule) => rule.id);
export const posterTriggerOf = (ruleId: number) => POSTER_TRIGGER_RULES.find((rule) => rule.id === ruleId);

const TriggerRuleId = integer({ min: 1, max: INT4.max }).refine((v) => posterTriggerOf(v) !== undefined, {
  error: 'poster.unknownTrigger',
});

/** Where a tap on a poster leads (spec linkType, a number). */
export const POSTER_LINK_TYPES = [0, 1, 2, 3, 4] as const;
export const POSTER_LINK_TYPE_NAMES = {
  0: 'none',
  1: 'web',
  2: 'app_page',
  3: 'mini_program',
  4: 'video',
} as const satisfies Record<(typeof POSTER_LINK_TYPES)[number], string>;
export type PosterLinkType = (typeof POSTER_LINK_TYPES)[number];
export const PosterLinkTypeSchema = z
  .number()
  .refine((v): v is PosterLinkType => (POSTER_LINK_TYPES as readonly number[]).includes(v), {
    error: 'poster.unknownLinkType',
  });

/** A picture's address: a web link or a path of the portal's own files. */
const pictureLink = (max: number) =>
  trimmedText(max).refine((v) => v === '' || isWebLink(v) || v.startsWith('/'), { error: 'poster.badLink' });
const optionalWebLink = (max: number) =>
  optionalText(1024).refine((v) => v == null || (v.length <= max && isWebLink(v)), {
    error: 'poster.badLink',
  });

/** The share info of one channel (moments, weibo), as the spec's post share info (M3.5.7). */
export const ShareInfoSchema = z.object({
  sharePic: pictureLink(1024).default(''),
  shareTitle: trimmedText(64).default(''),
  description: trimmedText(255).default(''),
  landingPage: trimmedText(1024)
    .refine((v) => v === '' || isWebLink(v), { error: 'poster.badLink' })
    .default(''),
});
export type ShareInfo = z.output<typeof ShareInfoSchema>;

/** A region code (GB/T 2260, six digits); the server checks it names a region. */
export const RegionCodeSchema = text(6).regex(/^\d{6}$/, { error: 'poster.badRegion' });
export const POSTER_MAX_REGIONS = 100;

/** The fields of a poster a create or an update sends (spec M3.5.1). */
export const PosterFieldsSchema = z.object({
  posterName: requiredText(64),
  /** The activity the poster advertises; one of the tenant's. */
  activityId: id(INT8).nullish(),
  clientCode: ClientCodeSchema,
  /** A business scene's code, from the `resource_biz_scenes` dictionary. */
  businessModule: optionalText(32),
  ruleId: TriggerRuleId,
  visible: z.boolean().default(POSTER_DEFAULT_VISIBLE),
  priority: integer({ min: 0, max: 9999 }).default(POSTER_DEFAULT_PRIORITY),
  image: trimmedText(1024)
    .min(1, { error: 'form.required' })
    .refine((v) => isWebLink(v) || v.startsWith('/'), { error: 'poster.badLink' }),
  linkType: PosterLinkTypeSchema.default(0),
  linkUrl: optionalText(1024),
  /** The link as the editor shows it to staff (a page's name rather than its address). */
  linkUrlView: optionalText(255),
  /** The share template's share info the poster shares with (share templates). */
  shareInfoId: id(INT8).nullish(),
  description: optionalText(512),
  showTimeBegin: EpochMs,
  showTimeEnd: EpochMs,
  title: optionalText(64),
  subTitle: optionalText(128),
  momentsShareInfo: ShareInfoSchema.nullish(),
  weiboShareInfo: ShareInfoSchema.nullish(),
  /** Region codes the poster shows in; none means every region. */
  regionInfo: z
    .array(RegionCodeSchema)
    .max(POSTER_MAX_REGIONS, { error: 'form.maxItems' })
    .default([])
    .transform((codes) => [...new Set(codes)]),
  videoTitle: optionalText(64),
  videoUrl: optionalWebLink(1024),
  isPush: z.boolean().default(false),
  pushTitle: optionalText(64),
});
export type PosterFields = z.output<typeof PosterFieldsSchema>;
export type PosterFieldsInput = z.input<typeof PosterFieldsSchema>;

/** What the form checks beyond each field: the window, what the link type and the push need. */
export function posterProblems(poster: PosterFields): FieldRuleMessage[] {
  const problems: FieldRuleMessage[] = [];
  if (poster.showTimeEnd <= poster.showTimeBegin) {
    problems.push({ path: 'showTimeEnd', message: ruleMessage('poster.endBeforeBegin') });
  }
  if (poster.linkType === 1) {
    if (!poster.linkUrl) problems.push({ path: 'linkUrl', message: ruleMessage('form.required') });
    else if (!isWebLink(poster.linkUrl)) {
      problems.push({ path: 'linkUrl', message: ruleMessage('poster.badLink') });
    }
  }
  if ((poster.linkType === 2 || poster.linkType === 3) && !poster.linkUrl) {
    problems.push({ path: 'linkUrl', message: ruleMessage('form.required') });
  }
  if (poster.linkType === 4 && !poster.videoUrl) {
    problems.push({ path: 'videoUrl', message: ruleMessage('form.required') });
  }
  if (poster.isPush && !poster.pushTitle) {
    problems.push({ path: 'pushTitle', message: ruleMessage('form.required') });
  }
  return problems;
}

export const PosterCreateSchema = PosterFieldsSchema.superRefine((poster, context) =>
  reportProblems(context, posterProblems(poster)),
);
export type PosterCreate = z.input<typeof PosterCreateSchema>;

export const PosterUpdateSchema = PosterFieldsSchema.extend({
  version: integer({ min: 1, max: INT4.max }),
}).superRefine((poster, context) => reportProblems(context, posterProblems(poster)));
export type PosterUpdate = z.input<typeof PosterUpdateSchema>;

export const PosterParamsSchema = z.object({ posterId: idParam(INT8) });
export const PosterDeleteQuerySchema = z.object({ version: integerParam({ min: 1, max: INT4.max }) });

/**
 * How a poster is tied to stations (spec M3.5.6, bind-type): `configType` the kind of station it shows at,
 * `resourceScope` every station of that kind (`all`) or only those bound to it (`part`). A poster without
 * one is not tied to stations and shows wherever its trigger fires.
 */
export const POSTER_RESOURCE_SCOPES = ['all', 'part'] as const;
export const PosterResourceScopeSchema = z.enum(POSTER_RESOURCE_SCOPES);
export type PosterResourceScope = z.infer<typeof PosterResourceScopeSchema>;
export const PosterConfigTypeSchema = OperationListResourceTypeSchema;
export type PosterConfigType = z.infer<typeof PosterConfigTypeSchema>;

export const PosterBindTypeSchema = z.object({
  posterId: z.number().int(),
  configType: PosterConfigTypeSchema.nullable(),
  resourceScope: PosterResourceScopeSchema.nullable(),
  /** How many stations are bound to it. */
  resourceCount: z.number().int(),
});
export type PosterBindType = z.infer<typeof PosterBindTypeSchema>;

/** resources-binding/create: the poster's first tie to stations. */
export const PosterBindingCreateSchema = z.object({
  configType: PosterConfigTypeSchema,
  resourceScope: PosterResourceScopeSchema,
});
export type PosterBindingCreate = z.infer<typeof PosterBindingCreateSchema>;

/**
 * resources-binding/switch (spec §5): the change carries the values the editor read and the new ones; the
 * server refuses it (409) when the stored ones are no longer the original ones.
 */
export const PosterBindingSwitchSchema = z
  .object({
    originalConfigType: PosterConfigTypeSchema.nullable(),
    configType: PosterConfigTypeSchema.nullable(),
    originalResourceScope: PosterResourceScopeSchema.nullable(),
    resourceScope: PosterResourceScopeSchema.nullable(),
  })
  .superRefine((change, context) => {
    if ((change.configType === null) !== (change.resourceScope === null)) {
      context.addIssue({ code: 'custom', path: ['resourceScope'], message: 'poster.scopeWithType' });
    }
  });
export type PosterBindingSwitch = z.infer<typeof PosterBindingSwitchSchema>;

export const POSTER_MAX_BIND = 1000;
const ResourceIdList = z
  .array(trimmedText(64).min(1, { error: 'form.required' }))
  .min(1, { error: 'form.required' })
  .max(POSTER_MAX_BIND, { error: 'form.maxItems' });

/** resources/bind: stations bound to the poster by id. */
export const PosterResourcesBindSchema = z.object({ resourceIds: ResourceIdList });
export type PosterResourcesBind = z.infer<typeof PosterResourcesBindSchema>;

/** The answer of a bind: which ids were bound, were bound already, are no station or of another kind. */
export const PosterResourcesBoundSchema = z.object({
  bound: z.array(z.string()),
  alreadyBound: z.array(z.string()),
  unknown: z.array(z.string()),
  otherType: z.array(z.string()),
});
export type PosterResourcesBound = z.infer<typeof PosterResourcesBoundSchema>;

/** DELETE resources: the ids, comma-joined in the query. */
export const PosterResourcesDeleteQuerySchema = z.object({
  resourceIds: text(POSTER_MAX_BIND * 65)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(ResourceIdList),
});

/** A poster as staff read it (spec M3.5.1). */
export const PosterSchema = z.object({
  posterId: z.number().int(),
  posterName: z.string(),
  activityId: z.number().int().nullable(),
  activityName: z.string().nullable(),
  tenantId: z.string(),
  clientCode: ClientCodeSchema,
  businessModule: z.string().nullable(),
  ruleId: z.number().int(),
  visible: z.boolean(),
  priority: z.number().int(),
  image: z.string(),
  linkType: z.number().int(),
  linkUrl: z.string().nullable(),
  linkUrlView: z.string().nullable(),
  shareInfoId: z.number().int().nullable(),
  description: z.string().nullable(),
  /** Visible and inside its window now. */
  effective: z.boolean(),
  showTimeBegin: EpochMs,
  showTimeEnd: EpochMs,
  title: z.string().nullable(),
  subTitle: z.string().nullable(),
  momentsShareInfo: ShareInfoSchema.nullable(),
  weiboShareInfo: ShareInfoSchema.nullable(),
  regionInfo: z.array(z.string()),
  videoTitle: z.string().nullable(),
  videoUrl: z.string().nullable(),
  isPush: z.boolean(),
  pushTitle: z.string().nullable(),
  configType: PosterConfigTypeSchema.nullable(),
  resourceScope: PosterResourceScopeSchema.nullable(),
  resourceCount: z.number().int(),
  creator: z.string(),
  createTime: EpochMs,
  updateTime: EpochMs,
  version: z.number().int(),
});
export type Poster = z.infer<typeof PosterSchema>;
export const PosterPageSchema = pageOf(PosterSchema);
export type PosterPage = z.infer<typeof PosterPageSchema>;

export const POSTER_SORTABLE = [
  'priority',
  'createTime',
  'updateTime',
  'showTimeBegin',
  'showTimeEnd',
] as const;

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * The poster list filter (spec M3.5.1 pageNo, pageSize, sort and the poster's fields): `resourceId`,
 * `resourceName` and `resourceType` keep the posters bound to a matching station.
 */
export const PosterFilterSchema = z.object({
  posterId: integerParam({ min: 1, max: INT8.max }).optional(),
  posterName: trimmedText(64).optional(),
  activityId: integerParam({ min: 1, max: INT8.max }).optional(),
  clientCode: ClientCodeSchema.optional(),
  ruleId: integerParam({ min: 1, max: INT4.max }).optional(),
  visible: booleanParam.optional(),
  /** Posters visible and inside their window now. */
  effective: booleanParam.optional(),
  linkType: integerParam({ min: 0, max: 9 }).optional(),
  showTimeBegin: integerParam(EPOCH_MS).optional(),
  showTimeEnd: integerParam(EPOCH_MS).optional(),
  resourceId: trimmedText(64).optional(),
  resourceName: trimmedText(128).optional(),
  resourceType: OperationListResourceTypeSchema.optional(),
  sort: text(100).optional(),
});
export type PosterFilter = z.infer<typeof PosterFilterSchema>;
export const PosterListQuerySchema = PosterFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type PosterListQuery = z.infer<typeof PosterListQuerySchema>;

/** A trigger rule as the editor's select reads it: id as the value, name as the label. */
export const PosterTriggerRuleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  isActivated: z.boolean(),
});
export const PosterTriggerRulesSchema = pageOf(PosterTriggerRuleSchema);
export type PosterTriggerRules = z.infer<typeof PosterTriggerRulesSchema>;

/** A video a poster may play (spec "trigger video item"): the tenant's posters' videos. */
export const PosterVideoSchema = z.object({ link: z.string(), description: z.string() });
export const PosterVideosSchema = pageOf(PosterVideoSchema);
export type PosterVideos = z.infer<typeof PosterVideosSchema>;

/** A station bound to a poster (spec M3.5.5: resourceId, description, address). */
export const PosterResourceSchema = z.object({
  posterId: z.number().int(),
  posterName: z.string(),
  resourceId: z.string(),
  resourceName: z.string().nullable(),
  resourceType: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  createTime: EpochMs,
});
export type PosterResource = z.infer<typeof PosterResourceSchema>;
export const PosterResourcePageSchema = pageOf(PosterResourceSchema);
export type PosterResourcePage = z.infer<typeof PosterResourcePageSchema>;

export const POSTER_RESOURCE_SORTABLE = ['createTime', 'resourceId'] as const;

/** The poster resource filter (spec M3.5.5): page 1 of 20. */
export const PosterResourceFilterSchema = z.object({
  posterId: integerParam({ min: 1, max: INT8.max }).optional(),
  configType: PosterConfigTypeSchema.optional(),
  resourceId: trimmedText(64).optional(),
  resourceName: trimmedText(128).optional(),
  sort: text(100).optional(),
});
export type PosterResourceFilter = z.infer<typeof PosterResourceFilterSchema>;
export const PosterResourceListQuerySchema = PosterResourceFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type PosterResourceListQuery = z.infer<typeof PosterResourceListQuerySchema>;

/** The headers the station sheet takes in its first column, compared without case or blanks. */
export const POSTER_STATION_HEADERS = ['站点ID', 'resourceId'] as const;

/** A station in a sheet as the upload checks it: whether it exists, and its kind. */
export type KnownPosterStations = ReadonlyMap<string, { resourceType: string }>;

/**
 * Each row's problems (none for a good row): an empty id, a repeat of an earlier row, a station the
 * network does not have, one of another kind than the poster's binding.
 */
export function posterStationRowMessages(
  ids: readonly string[],
  known: KnownPosterStations,
  configType: PosterConfigType,
) {
  const seen = new Set<string>();
  return ids.map((raw) => {
    const stationId = raw.trim();
    if (stationId === '') return [ruleMessage('posterResources.emptyId')];
    const messages = [];
    if (seen.has(stationId)) messages.push(ruleMessage('posterResources.duplicate'));
    seen.add(stationId);
    const station = known.get(stationId);
    if (!station) messages.push(ruleMessage('posterResources.unknown'));
    else if (station.resourceType !== configType) messages.push(ruleMessage('posterResources.otherType'));
    return messages;
  });
}

export const isPosterStationHeader = (header: string): boolean =>
  POSTER_STATION_HEADERS.some((known) => known.toLowerCase() === header.trim().toLowerCase());

/** At most this many posters answer one app read: a screen shows a handful. */
export const POSTER_APP_MAX = 50;

/** What the apps ask (signed app API): the posters a user sees at a trigger. */
export const PosterAppQuerySchema = z.object({
  ruleId: integerParam({ min: 1, max: INT4.max }),
  clientCode: ClientCodeSchema,
  /** The user's region (province, city or district code); without it only posters for every region. */
  regionId: RegionCodeSchema.optional(),
  /** The station the user looks at; without it only posters not tied to stations. */
  resourceId: trimmedText(64).min(1).optional(),
  /** The time to read at (epoch ms); now when absent. */
  at: integerParam(EPOCH_MS).optional(),
});
export type PosterAppQuery = z.infer<typeof PosterAppQuerySchema>;

export const AppPosterSchema = z.object({
  posterId: z.number().int(),
  posterName: z.string(),
  activityId: z.number().int().nullable(),
  priority: z.number().int(),
  image: z.string(),
  title: z.string().nullable(),
  subTitle: z.string().nullable(),
  description: z.string().nullable(),
  linkType: z.number().int(),
  linkUrl: z.string().nullable(),
  showTimeBegin: EpochMs,
  showTimeEnd: EpochMs,
  shareInfoId: z.number().int().nullable(),
  momentsShareInfo: ShareInfoSchema.nullable(),
  weiboShareInfo: ShareInfoSchema.nullable(),
  videoTitle: z.string().nullable(),
  videoUrl: z.string().nullable(),
  isPush: z.boolean(),
  pushTitle: z.string().nullable(),
});
export type AppPoster = z.infer<typeof AppPosterSchema>;
export const AppPostersSchema = z.object({ posters: z.array(AppPosterSchema) });
export type AppPosters = z.infer<typeof AppPostersSchema>;
