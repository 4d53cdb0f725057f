import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type {
  UPGRADE_CAMPAIGN_SORTABLE,
  UPGRADE_PACKAGE_SORTABLE,
  UpgradePackageFilter,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { campaignOperations, chargePointDirectory } from '../ocpp/ocpp.views.js';
import { equipmentDirectory } from '../stations/stations.views.js';
import { upgradeCampaigns, upgradePackages } from './upgrade-packages.tables.js';

export type UpgradePackageRow = typeof upgradePackages.$inferSelect;
export type NewUpgradePackage = typeof upgradePackages.$inferInsert;
export type UpgradeCampaignRow = typeof upgradeCampaigns.$inferSelect;

/** The list's filter of one tenant. */
export type UpgradePackageScopedFilter = Omit<UpgradePackageFilter, 'sort'> & { tenant: Tenant };

function upgradePackageWhere({ tenant, ...filter }: UpgradePackageScopedFilter): SQL {
  const conditions: SQL[] = [eq(upgradePackages.tenant, tenant)];
  if (filter.packageType) conditions.push(eq(upgradePackages.packageType, filter.packageType));
  if (filter.status !== undefined) conditions.push(eq(upgradePackages.status, filter.status));
  if (filter.version) conditions.push(contains(upgradePackages.version, filter.version));
  return and(...conditions)!;
}

/**
 * The tenant's packages, newest first by default. `upgrade_packages_time_idx` is built `.desc()`
 * (descending, nulls last), so nulls sort low.
 */
export const upgradePackageList = defineList({
  table: upgradePackages,
  id: upgradePackages.upgradePackageId,
  sort: {
    keys: {
      createTime: upgradePackages.createTime,
      updateTime: upgradePackages.updateTime,
      version: upgradePackages.version,
    } satisfies Record<(typeof UPGRADE_PACKAGE_SORTABLE)[number], AnyPgColumn>,
    default: 'createTime:desc',
    nulls: 'low',
  },
  where: upgradePackageWhere,
  select: (db, cursor) =>
    db
      .select({ upgradePackage: upgradePackages, ...cursor })
      .from(upgradePackages)
      .$dynamic(),
});

export async function findUpgradePackage(
  db: DbOrTx,
  tenant: Tenant,
  upgradePackageId: number,
): Promise<UpgradePackageRow | undefined> {
  const [row] = await db
    .select()
    .from(upgradePackages)
    .where(and(eq(upgradePackages.tenant, tenant), eq(upgradePackages.upgradePackageId, upgradePackageId)));
  return row;
}

/** A package by id alone: a download link names no tenant, its signature stands for the tenant's consent. */
export async function findUpgradePackageById(
  db: DbOrTx,
  upgradePackageId: number,
): Promise<UpgradePackageRow | undefined> {
  const [row] = await db
    .select()
    .from(upgradePackages)
    .where(eq(upgradePackages.upgradePackageId, upgradePackageId));
  return row;
}

/** The package, locked until the transaction ends, so two saves of it run one after the other. */
export async function lockUpgradePackage(
  tx: DbOrTx,
  tenant: Tenant,
  upgradePackageId: number,
): Promise<UpgradePackageRow | undefined> {
  const [row] = await tx
    .select()
    .from(upgradePackages)
    .where(and(eq(upgradePackages.tenant, tenant), eq(upgradePackages.upgradePackageId, upgradePackageId)))
    .for('update');
  return row;
}

/** Inserts the package unless its tenant has that type and version (the unique index decides); else undefined. */
export async function insertUpgradePackage(
  tx: DbOrTx,
  values: NewUpgradePackage,
): Promise<UpgradePackageRow | undefined> {
  const [row] = await tx.insert(upgradePackages).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUpgradePackage(
  tx: DbOrTx,
  upgradePackageId: number,
  values: Partial<NewUpgradePackage>,
): Promise<UpgradePackageRow> {
  const [row] = await tx
    .update(upgradePackages)
    .set({ ...values, rowVersion: sql`${upgradePackages.rowVersion} + 1`, updateTime: sql`now()` })
    .where(eq(upgradePackages.upgradePackageId, upgradePackageId))
    .returning();
  return row!;
}

/** Once a campaign sends it, a package's file and version are fixed. */
export async function fixUpgradePackage(tx: DbOrTx, upgradePackageId: number): Promise<void> {
  await tx
    .update(upgradePackages)
    .set({ editable: false })
    .where(eq(upgradePackages.upgradePackageId, upgradePackageId));
}

/** The given charge points that are registered and whose equipment is of the type. */
export async function registeredChargePointsOfType(
  db: DbOrTx,
  chargePointIds: string[],
  equipmentType: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ id: chargePointDirectory.chargePointId })
    .from(chargePointDirectory)
    .innerJoin(equipmentDirectory, eq(equipmentDirectory.equipmentId, chargePointDirectory.chargePointId))
    .where(
      and(
        inArray(chargePointDirectory.chargePointId, chargePointIds),
        eq(equipmentDirectory.equipmentType, equipmentType),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function insertCampaign(
  tx: DbOrTx,
  values: typeof upgradeCampaigns.$inferInsert,
): Promise<UpgradeCampaignRow> {
  const [row] = await tx.insert(upgradeCampaigns).values(values).returning();
  return row!;
}

export async function setCampaignJob(tx: DbOrTx, campaignId: number, jobId: number): Promise<void> {
  await tx.update(upgradeCampaigns).set({ jobId }).where(eq(upgradeCampaigns.campaignId, campaignId));
}

export async function findCampaign(
  db: DbOrTx,
  tenant: Tenant,
  campaignId: number,
): Promise<UpgradeCampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(upgradeCampaigns)
    .where(and(eq(upgradeCampaigns.tenant, tenant), eq(upgradeCampaigns.campaignId, campaignId)));
  return row;
}

export async function findCampaignById(
  db: DbOrTx,
  campaignId: number,
): Promise<UpgradeCampaignRow | undefined> {
  const [row] = await db.select().from(upgradeCampaigns).where(eq(upgradeCampaigns.campaignId, campaignId));
  return row;
}

/**
 * A package's campaigns, newest first by default. `upgrade_campaigns_package_idx` is built `.desc()`
 * (descending, nulls last), so nulls sort low.
 */
export const campaignList = defineList({
  table: upgradeCampaigns,
  id: upgradeCampaigns.campaignId,
  sort: {
    keys: { createdAt: upgradeCampaigns.createdAt } satisfies Record<
      (typeof UPGRADE_CAMPAIGN_SORTABLE)[number],
      AnyPgColumn
    >,
    default: 'createdAt:desc',
    nulls: 'low',
  },
  where: ({ tenant, upgradePackageId }: { tenant: Tenant; upgradePackageId: number }) =>
    and(eq(upgradeCampaigns.tenant, tenant), eq(upgradeCampaigns.upgradePackageId, upgradePackageId)),
  select: (db, cursor) =>
    db
      .select({ campaign: upgradeCampaigns, ...cursor })
      .from(upgradeCampaigns)
      .$dynamic(),
});

/** The UPDATE_FIRMWARE operations of campaigns: one per charger sent. */
export async function campaignLogs(db: DbOrTx, campaignIds: number[]) {
  if (campaignIds.length === 0) return [];
  return db.select().from(campaignOperations).where(inArray(campaignOperations.campaignId, campaignIds));
}
export type CampaignLogRow = Awaited<ReturnType<typeof campaignLogs>>[number];

/** Which of the chargers already have an operation of the campaign: those were sent before a crash. */
export async function chargersSentByCampaign(
  db: DbOrTx,
  campaignId: number,
  chargePointIds: string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ id: campaignOperations.chargePointId })
    .from(campaignOperations)
    .where(
      and(
        eq(campaignOperations.campaignId, campaignId),
        inArray(campaignOperations.chargePointId, chargePointIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
