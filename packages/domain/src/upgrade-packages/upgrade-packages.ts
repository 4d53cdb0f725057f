import { z } from 'zod';
import { ExportOptionsSchema } from '../platform/export.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import { idParam, INT8, integer, text, trimmedText } from '../shared/input.js';
import { EpochMs, optionalText } from '../stations/contract-fields.js';
import { ChargePointIdSchema, FirmwareStatusSchema } from '../stations/remote-operations.js';

/** Which chargers a package is for (the resource types of spec C9.23 that are chargers). */
export const UPGRADE_PACKAGE_TYPES = ['DCPowerCharger', 'ACPowerCharger'] as const;
export const UpgradePackageTypeSchema = z.enum(UPGRADE_PACKAGE_TYPES);
export type UpgradePackageType = z.infer<typeof UpgradePackageTypeSchema>;

/**
 * What a charger does once it has the firmware (the spec names the field `action` without its values;
 * docs/decisions.md "Upgrade packages"): install at once, or wait until no session runs.
 */
export const UPGRADE_PACKAGE_ACTIONS = ['install_now', 'install_when_idle'] as const;
export const UpgradePackageActionSchema = z.enum(UPGRADE_PACKAGE_ACTIONS);
export type UpgradePackageAction = z.infer<typeof UpgradePackageActionSchema>;

/**
 * Package states (spec M4.18, not shown; docs/decisions.md "Upgrade packages"): 0 draft (uploaded, may be
 * edited and tried on single chargers), 1 released (campaigns may send it), 2 withdrawn (no new sending).
 */
export const UPGRADE_PACKAGE_STATUSES = { draft: 0, released: 1, withdrawn: 2 } as const;
export const UPGRADE_PACKAGE_STATUS_VALUES = [0, 1, 2] as const;
export const UpgradePackageStatusSchema = z.literal(UPGRADE_PACKAGE_STATUS_VALUES);
export type UpgradePackageStatus = z.infer<typeof UpgradePackageStatusSchema>;

export const MD5_PATTERN = /^[0-9a-f]{32}$/;
const Md5 = trimmedText(32)
  .transform((v) => v.toLowerCase())
  .pipe(z.string().regex(MD5_PATTERN, { error: 'upgradePackages.md5' }));

/** Firmware versions as vendors write them: digits, letters, dots, dashes, underscores, plus. */
const Version = trimmedText(64).regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, { error: 'upgradePackages.version' });

/** An upgrade package (spec M3.10.1) with the file it holds. */
export const UpgradePackageSchema = z.object({
  upgradePackageId: z.number().int(),
  packageType: UpgradePackageTypeSchema,
  version: z.string(),
  releaseNote: z.string().nullable(),
  action: UpgradePackageActionSchema,
  status: UpgradePackageStatusSchema,
  createTime: EpochMs,
  updateTime: EpochMs,
  /** A time-limited signed link chargers fetch the file from, made when the package is read. */
  downloadUrl: z.string(),
  md5: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** False once any charger was sent the package: its file and version are then fixed. */
  editable: z.boolean(),
  isPromotion: z.boolean(),
  createdBy: z.string(),
  updatedBy: z.string(),
  /** Bumped on every save; a save naming an older version is refused (409). */
  rowVersion: z.number().int(),
});
export type UpgradePackage = z.infer<typeof UpgradePackageSchema>;

/** The list (the spec's `result_list`, `total_results`) as every list answers: `{ items, total }`. */
export const UpgradePackageListSchema = pageOf(UpgradePackageSchema);
export type UpgradePackageList = z.infer<typeof UpgradePackageListSchema>;

export const UPGRADE_PACKAGE_SORTABLE = ['createTime', 'updateTime', 'version'] as const;
export const DEFAULT_UPGRADE_PACKAGE_SORT = 'createTime:desc';

/** The form fields sent beside the file on create (multipart) — the file's md5, when given, must match. */
export const UpgradePackageCreateFieldsSchema = z.object({
  packageType: UpgradePackageTypeSchema,
  version: Version,
  releaseNote: optionalText(1024),
  action: UpgradePackageActionSchema.default('install_now'),
  md5: Md5.optional(),
  isPromotion: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type UpgradePackageCreateFields = z.infer<typeof UpgradePackageCreateFieldsSchema>;

/** POST /{id} to update (spec M7.9.4): what may change after upload. */
export const UpgradePackageUpdateSchema = z.object({
  releaseNote: optionalText(1024),
  action: UpgradePackageActionSchema,
  status: UpgradePackageStatusSchema,
  isPromotion: z.boolean(),
  rowVersion: integer({ min: 1, max: 2 ** 31 - 1 }),
});
export type UpgradePackageUpdate = z.infer<typeof UpgradePackageUpdateSchema>;

/** The list's filter: the type, the status, a part of the version; and its order. */
export const UpgradePackageFilterSchema = z.object({
  packageType: UpgradePackageTypeSchema.optional(),
  status: z.coerce.number().pipe(UpgradePackageStatusSchema).optional(),
  version: trimmedText(64).optional(),
  sort: text(100).optional(),
});
export type UpgradePackageFilter = z.infer<typeof UpgradePackageFilterSchema>;

export const UpgradePackageListQuerySchema = PageQuery.extend(UpgradePackageFilterSchema.shape);
export type UpgradePackageListQuery = z.infer<typeof UpgradePackageListQuerySchema>;
export type UpgradePackageListRequest = z.input<typeof UpgradePackageListQuerySchema>;
export const UpgradePackageExportQuerySchema = UpgradePackageFilterSchema.extend(ExportOptionsSchema.shape);

export const UpgradePackageParamsSchema = z.object({ upgradePackageId: idParam(INT8) });
export const UpgradeCampaignParamsSchema = z.object({ campaignId: idParam(INT8) });

/**
 * Which way a package's status may move (docs/decisions.md "Upgrade packages"): a draft is released; a
 * released package is withdrawn, or back to draft while no charger was sent it; a withdrawn one may be
 * released again. Staying in the same status is always allowed.
 */
export const UPGRADE_PACKAGE_TRANSITIONS: Readonly<
  Record<UpgradePackageStatus, readonly UpgradePackageStatus[]>
> = { 0: [1], 1: [2, 0], 2: [1] };

export function canMoveUpgradePackage(
  from: UpgradePackageStatus,
  to: UpgradePackageStatus,
  editable: boolean,
): boolean {
  if (from === to) return true;
  if (from === UPGRADE_PACKAGE_STATUSES.released && to === UPGRADE_PACKAGE_STATUSES.draft) return editable;
  return UPGRADE_PACKAGE_TRANSITIONS[from].includes(to);
}

/** The equipment type (`equipments.equipment_type`) of the chargers a package is for. */
export const EQUIPMENT_TYPE_OF_PACKAGE: Readonly<Record<UpgradePackageType, 'DC' | 'AC'>> = {
  DCPowerCharger: 'DC',
  ACPowerCharger: 'AC',
};

/** An upgrade campaign: one released package sent to chosen chargers as a durable job. */
export const UpgradeCampaignCreateSchema = z.object({
  chargePointIds: z.array(ChargePointIdSchema).min(1, { error: 'form.required' }).max(10_000),
});
export type UpgradeCampaignCreate = z.infer<typeof UpgradeCampaignCreateSchema>;

export const UpgradeCampaignSchema = z.object({
  campaignId: z.number().int(),
  upgradePackageId: z.number().int(),
  version: z.string(),
  jobId: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: EpochMs,
  total: z.number().int(),
  /** Chargers per state of their UPDATE_FIRMWARE operation. */
  sent: z.number().int(),
  running: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  chargers: z.array(
    z.object({
      chargePointId: z.string(),
      remoteOperationLogId: z.number().int().nullable(),
      status: z.number().int().nullable(),
      firmwareStatus: FirmwareStatusSchema.nullable(),
      percentage: z.number().int().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type UpgradeCampaign = z.infer<typeof UpgradeCampaignSchema>;

/** A package's campaigns, newest first, with their counts but not each charger. */
export const UpgradeCampaignSummarySchema = UpgradeCampaignSchema.omit({ chargers: true });
export type UpgradeCampaignSummary = z.infer<typeof UpgradeCampaignSummarySchema>;
export const UpgradeCampaignListSchema = pageOf(UpgradeCampaignSummarySchema);
export type UpgradeCampaignList = z.infer<typeof UpgradeCampaignListSchema>;

/** A package's campaigns, a page at a time, newest first unless asked. */
export const UPGRADE_CAMPAIGN_SORTABLE = ['createdAt'] as const;
export const UpgradeCampaignListQuerySchema = PageQuery;
export type UpgradeCampaignListQuery = z.infer<typeof UpgradeCampaignListQuerySchema>;
