import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A firmware package (spec M3.10.1): the file is in file storage under `fileKey`, its md5 computed on
 * upload. `editable` turns false once a charger was sent it.
 */
export const upgradePackages = pgTable(
  'upgrade_packages',
  {
    upgradePackageId: bigint('upgrade_package_id', { mode: 'number' })
      .primaryKey()
      .generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    packageType: text('package_type').notNull(),
    version: text('version').notNull(),
    releaseNote: text('release_note'),
    action: text('action').notNull(),
    status: smallint('status').notNull().default(0),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    editable: boolean('editable').notNull().default(true),
    isPromotion: boolean('is_promotion').notNull().default(false),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
    rowVersion: integer('row_version').notNull().default(1),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('upgrade_packages_version_idx').on(t.tenant, t.packageType, t.version),
    index('upgrade_packages_time_idx').on(t.tenant, t.createTime.desc(), t.upgradePackageId.desc()),
  ],
);

/**
 * An upgrade campaign: a package sent to chosen chargers by a durable job; each charger's progress is its
 * UPDATE_FIRMWARE remote operation (`remote_operation_logs.campaign_id`).
 */
export const upgradeCampaigns = pgTable(
  'upgrade_campaigns',
  {
    campaignId: bigint('campaign_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    upgradePackageId: bigint('upgrade_package_id', { mode: 'number' })
      .notNull()
      .references(() => upgradePackages.upgradePackageId),
    chargePointIds: text('charge_point_ids').array().notNull(),
    jobId: integer('job_id'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('upgrade_campaigns_package_idx').on(t.upgradePackageId, t.createdAt.desc(), t.campaignId.desc()),
  ],
);
