import { z } from 'zod';
import { ExportOptionsSchema } from '../platform/export.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import type { Tenant } from '../platform/tenants.js';
import { idParam, INT4, INT8, integer, text, trimmedText } from '../shared/input.js';
import { EpochMs, optionalText } from '../stations/contract-fields.js';
import { CONFIG_VALUE_MAX_LENGTH, configValueProblems } from './config-values.js';

/**
 * Cloud configuration (marketing §3 "Cloud configuration and dictionary", §7 "Cloud configuration"): the
 * portal is the configuration service the apps read. Each tenant is one app with its namespaces; an item is a
 * key, a JSON value kept as the text given, and a comment. A release is an immutable snapshot of a whole
 * namespace; the apps read the latest and long-poll for the next by its notification id.
 */

/**
 * The configuration app of each tenant. The spec keeps pe and nio apart; rsc is a tenant like them, with its
 * own app (docs/decisions.md "Cloud configuration").
 */
export const CONFIG_APP_IDS: Readonly<Record<Tenant, string>> = {
  nio: 'nio_app',
  pe: 'pe_app',
  rsc: 'rsc_app',
};

/** Apollo's default namespace, which every demo app has. */
export const DEFAULT_NAMESPACE = 'application';

export const NamespaceNameSchema = text(64).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
  error: 'cloudConfig.namespaceFormat',
});
export const ConfigKeySchema = text(128).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
  error: 'cloudConfig.keyFormat',
});

/** What changed in an item since the namespace's latest release. */
export const ITEM_CHANGES = ['unchanged', 'added', 'changed'] as const;
export type ItemChange = (typeof ITEM_CHANGES)[number];

export const ConfigNamespaceSchema = z.object({
  appId: z.string(),
  namespaceName: z.string(),
  comment: z.string().nullable(),
  /** The number of releases so far; the apps long-poll with the one they hold. */
  notificationId: z.number().int(),
  itemCount: z.number().int(),
  /** Items added, changed or removed since the latest release. */
  unreleasedChanges: z.number().int(),
  lastReleasedAt: EpochMs.nullable(),
  createdBy: z.string(),
  createTime: EpochMs,
});
export type ConfigNamespace = z.infer<typeof ConfigNamespaceSchema>;
export const ConfigNamespaceListSchema = z.object({ items: z.array(ConfigNamespaceSchema) });
export type ConfigNamespaceList = z.infer<typeof ConfigNamespaceListSchema>;

export const NamespaceCreateSchema = z.object({
  namespaceName: NamespaceNameSchema,
  comment: optionalText(255),
});
export type NamespaceCreate = z.infer<typeof NamespaceCreateSchema>;

export const NamespaceParamsSchema = z.object({ namespaceName: NamespaceNameSchema });

/** An item as released: what a snapshot keeps of it. */
export const ReleasedItemSchema = z.object({
  key: z.string(),
  value: z.string(),
  comment: z.string().nullable(),
});
export type ReleasedItem = z.infer<typeof ReleasedItemSchema>;

export const ConfigItemSchema = ReleasedItemSchema.extend({
  /** Bumped on every save; a save or a delete naming an older one is refused (409). */
  version: z.number().int(),
  modifiedBy: z.string(),
  modifiedAt: EpochMs,
  change: z.enum(ITEM_CHANGES),
});
export type ConfigItem = z.infer<typeof ConfigItemSchema>;

export const ReleaseSummarySchema = z.object({
  releaseId: z.number().int(),
  namespaceName: z.string(),
  notificationId: z.number().int(),
  releaseKey: z.string(),
  releaseTitle: z.string(),
  releaseComment: z.string().nullable(),
  releasedBy: z.string(),
  releasedAt: EpochMs,
  /** The release this one restored, for a rollback. */
  rollbackOfReleaseId: z.number().int().nullable(),
  itemCount: z.number().int(),
});
export type ReleaseSummary = z.infer<typeof ReleaseSummarySchema>;

/** GET namespace items (spec M7.11.1): the working items, and what the latest release has that they lack. */
export const ConfigItemsSchema = z.object({
  appId: z.string(),
  namespaceName: z.string(),
  items: z.array(ConfigItemSchema),
  /** Keys of the latest release deleted since, with the value released. */
  removedItems: z.array(ReleasedItemSchema),
  latestRelease: ReleaseSummarySchema.nullable(),
});
export type ConfigItems = z.infer<typeof ConfigItemsSchema>;

/**
 * PUT item (spec M7.11.2): the key, its value as JSON text, its comment. A new key leaves `version` out; a
 * saved one names the version read. The editor is the signed-in user: a `dataChangeLastModifiedBy` sent is
 * not read.
 */
export const ConfigItemSaveSchema = z
  .object({
    key: ConfigKeySchema,
    value: text(CONFIG_VALUE_MAX_LENGTH).min(1, { error: 'form.required' }),
    comment: optionalText(255),
    version: integer({ min: 1, max: INT4.max }).optional(),
  })
  .superRefine((item, ctx) => {
    for (const problem of configValueProblems(item.key, item.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value', ...problem.path],
        message: problem.message.key,
        input: undefined,
        ...(problem.message.params ? { params: problem.message.params } : {}),
      });
    }
  });
export type ConfigItemSave = z.input<typeof ConfigItemSaveSchema>;

export const ConfigItemParamsSchema = NamespaceParamsSchema.extend({ key: ConfigKeySchema });
export const ConfigItemDeleteQuerySchema = z.object({ version: idParam(INT4) });

/** POST releases (spec M7.11.3): the releaser is the signed-in user, never a field. */
export const ReleaseCreateSchema = z.object({
  releaseTitle: trimmedText(64).min(1, { error: 'form.required' }),
  releaseComment: optionalText(255),
});
export type ReleaseCreate = z.infer<typeof ReleaseCreateSchema>;

export const ReleaseParamsSchema = NamespaceParamsSchema.extend({ releaseId: idParam(INT8) });

export const ReleaseDetailSchema = ReleaseSummarySchema.extend({ items: z.array(ReleasedItemSchema) });
export type ReleaseDetail = z.infer<typeof ReleaseDetailSchema>;

export const ReleaseListSchema = pageOf(ReleaseSummarySchema);
export type ReleaseList = z.infer<typeof ReleaseListSchema>;
export const RELEASE_SORTABLE = ['releasedAt'] as const;
export const ReleaseFilterSchema = z.object({
  /** Part of the title. */
  releaseTitle: trimmedText(64).optional(),
  releasedBy: trimmedText(64).optional(),
  sort: text(100).optional(),
});
export type ReleaseFilter = z.infer<typeof ReleaseFilterSchema>;
export const ReleaseListQuerySchema = PageQuery.extend(ReleaseFilterSchema.shape);
export type ReleaseListQuery = z.infer<typeof ReleaseListQuerySchema>;
export type ReleaseListRequest = z.input<typeof ReleaseListQuerySchema>;
export const ReleaseExportQuerySchema = ReleaseFilterSchema.extend(ExportOptionsSchema.shape);

/** Two releases to compare; without `toReleaseId` the release is compared with the working items. */
export const ReleaseDiffQuerySchema = z.object({
  fromReleaseId: idParam(INT8),
  toReleaseId: idParam(INT8).optional(),
});
export type ReleaseDiffQuery = z.infer<typeof ReleaseDiffQuerySchema>;

export const KEY_CHANGES = ['added', 'removed', 'changed'] as const;
export type KeyChange = (typeof KEY_CHANGES)[number];

export const ReleaseDiffSchema = z.object({
  from: ReleaseSummarySchema,
  /** Null: the working items. */
  to: ReleaseSummarySchema.nullable(),
  /** The keys that differ, by key; a comment-only change counts. */
  changes: z.array(
    z.object({
      key: z.string(),
      change: z.enum(KEY_CHANGES),
      oldValue: z.string().nullable(),
      newValue: z.string().nullable(),
      oldComment: z.string().nullable(),
      newComment: z.string().nullable(),
    }),
  ),
  unchangedCount: z.number().int(),
});
export type ReleaseDiff = z.infer<typeof ReleaseDiffSchema>;

/** The rollback is itself a release, titled and commented as one. */
export const RollbackSchema = ReleaseCreateSchema;

// ---- the apps (signed app API, docs/app-api.md "Cloud configuration") ----

/** Apollo's releaseKey query: the release the app holds, answered 304 when it is still the latest. */
export const AppConfigQuerySchema = z.object({ releaseKey: text(64).optional() });

export const AppConfigSchema = z.object({
  appId: z.string(),
  namespaceName: z.string(),
  releaseKey: z.string(),
  notificationId: z.number().int(),
  /** Each key's value as the JSON text it was saved as. */
  configurations: z.record(z.string(), z.string()),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

export const NotificationSchema = z.object({
  namespaceName: NamespaceNameSchema,
  /** The release count the app holds; -1 (Apollo's) or 0 when it holds none. */
  notificationId: integer({ min: -1, max: INT8.max }),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** At most this many namespaces in one long poll. */
export const NOTIFICATIONS_MAX = 50;

/** `notifications=[{"namespaceName":"application","notificationId":3}]`, URL-encoded, as Apollo sends it. */
export const NotificationsQuerySchema = z.object({
  notifications: text(8192)
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'cloudConfig.invalidJson', input: undefined });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(NotificationSchema)
        .min(1, { error: 'form.required' })
        .max(NOTIFICATIONS_MAX, { error: 'cloudConfig.tooManyEntries' }),
    ),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

export const NotificationsSchema = z.array(
  z.object({ namespaceName: z.string(), notificationId: z.number().int() }),
);
export type Notifications = z.infer<typeof NotificationsSchema>;
