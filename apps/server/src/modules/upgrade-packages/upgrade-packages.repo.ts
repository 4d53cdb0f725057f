import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { pageOffset, type Tenant } from '@cmp/domain';
import type { UpgradePackageFilter } from '@cmp/domain/upgrade-packages/upgrade-packages';
import type { DbOrTx } from '../../platform/db/database.js';
import { chargePoints, remoteOperationLogs } from '../ocpp/ocpp.tables.js';
import { equipments } from '../stations/stations.tables.js';
import { upgradeCampaigns, upgradePackages } from './upgrade-packages.tables.js';

export type UpgradePackageRow = typeof upgradePackages.$inferSelect;
export type NewUpgradePackage = typeof upgradePackages.$inferInsert;
export type UpgradeCampaignRow = typeof upgradeCampaigns.$inferSelect;

/** `%`, `_` and `\` typed in a version are matched as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function upgradePackageWhere(tenant: Tenant, filter: UpgradePackageFilter): SQL {
  const conditions: SQL[] = [eq(upgradePackages.tenant, tenant)];
  if (filter.packageType) conditions.push(eq(upgradePackages.packageType, filter.packageType));
  if (filter.status !== undefined) conditions.push(eq(upgradePackages.status, filter.status));
  if (filter.version) conditions.push(ilike(upgradePackages.version, containing(filter.version)));
  return and(...conditions)!;
}

/** Newest first, ties by id, so pages never overlap (the order of `upgrade_packages_time_idx`). */
const newestFirst = [desc(upgradePackages.createTime), desc(upgradePackages.upgradePackageId)];

export async function countUpgradePackages(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(upgradePackages)
    .where(where);
  return row?.n ?? 0;
}

export async function listUpgradePackagePage(
  db: DbOrTx,
  where: SQL,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: UpgradePackageRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(upgradePackages)
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.pageSize)
      .offset(pageOffset(page.pageNo, page.pageSize)),
    countUpgradePackages(db, where),
  ]);
  return { rows, total };
}

/** Where an export batch ended: the create time as the database prints it, and the id. */
export interface UpgradePackageCursor {
  createTime: string;
  upgradePackageId: number;
}

export async function exportUpgradePackageBatch(
  db: DbOrTx,
  where: SQL,
  cursor: UpgradePackageCursor | null,
  size: number,
): Promise<{ rows: UpgradePackageRow[]; next: UpgradePackageCursor | null }> {
  const after = cursor
    ? sql`(${upgradePackages.createTime}, ${upgradePackages.upgradePackageId}) < (${cursor.createTime}::timestamptz, ${cursor.upgradePackageId})`
    : undefined;
  const rows = await db
    .select({ row: upgradePackages, cursorTime: sql<string>`${upgradePackages.createTime}::text` })
    .from(upgradePackages)
    .where(and(where, after))
    .orderBy(...newestFirst)
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => r.row),
    next:
      last && rows.length === size
        ? { createTime: last.cursorTime, upgradePackageId: last.row.upgradePackageId }
        : null,
  };
}

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

/** The given charge points that are registered and whose equipment is of the type. */
export async function registeredChargePointsOfType(
  db: DbOrTx,
  chargePointIds: string[],
  equipmentType: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ id: chargePoints.chargePointId })
    .from(chargePoints)
    .innerJoin(equipments, eq(equipments.equipmentId, chargePoints.chargePointId))
    .where(
      and(inArray(chargePoints.chargePointId, chargePointIds), eq(equipments.equipmentType, equipmentType)),
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

export async function listCampaignsOfPackage(
  db: DbOrTx,
  upgradePackageId: number,
): Promise<UpgradeCampaignRow[]> {
  return db
    .select()
    .from(upgradeCampaigns)
    .where(eq(upgradeCampaigns.upgradePackageId, upgradePackageId))
    .orderBy(desc(upgradeCampaigns.createdAt), desc(upgradeCampaigns.campaignId));
}

export type CampaignLogRow = Pick<
  typeof remoteOperationLogs.$inferSelect,
  'remoteOperationLogId' | 'chargePointId' | 'status' | 'upgradeInfo' | 'percentage' | 'reason' | 'campaignId'
>;

/** The UPDATE_FIRMWARE operations of campaigns: one per charger sent. */
export async function campaignLogs(db: DbOrTx, campaignIds: number[]): Promise<CampaignLogRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .select({
      remoteOperationLogId: remoteOperationLogs.remoteOperationLogId,
      chargePointId: remoteOperationLogs.chargePointId,
      status: remoteOperationLogs.status,
      upgradeInfo: remoteOperationLogs.upgradeInfo,
      percentage: remoteOperationLogs.percentage,
      reason: remoteOperationLogs.reason,
      campaignId: remoteOperationLogs.campaignId,
    })
    .from(remoteOperationLogs)
    .where(inArray(remoteOperationLogs.campaignId, campaignIds));
}

/** Which of the chargers already have an operation of the campaign: those were sent before a crash. */
export async function chargersSentByCampaign(
  db: DbOrTx,
  campaignId: number,
  chargePointIds: string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ id: remoteOperationLogs.chargePointId })
    .from(remoteOperationLogs)
    .where(
      and(
        eq(remoteOperationLogs.campaignId, campaignId),
        inArray(remoteOperationLogs.chargePointId, chargePointIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
