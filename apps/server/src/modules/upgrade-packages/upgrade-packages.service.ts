import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import {
  canMoveUpgradePackage,
  UPGRADE_PACKAGE_STATUSES,
  UpgradePackageFilterSchema,
  type UpgradePackage,
  type UpgradePackageAction,
  type UpgradePackageCreateFields,
  type UpgradePackageList,
  type UpgradePackageListQuery,
  type UpgradePackageStatus,
  type UpgradePackageType,
  type UpgradePackageUpdate,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import type { FirmwareLinks } from './firmware-links.service.js';
import { UPGRADE_PACKAGE_LIST_EXPORT } from './upgrade-packages.export.js';
import * as repo from './upgrade-packages.repo.js';

export const UPGRADE_PACKAGE_ENTITY = 'upgrade_package';

/** The path chargers download a package from, under the portal's public address. */
export const FIRMWARE_PATH = '/api/public/firmware';

export const UpgradePackageExportFilterSchema = UpgradePackageFilterSchema.extend({ tenant: TenantSchema });
export type UpgradePackageExportFilter = z.infer<typeof UpgradePackageExportFilterSchema>;

/** What an upload hands over: the file written under the key given, and the checked form fields. */
export type FirmwareReceiver = (
  storage: FileStorage,
  key: string,
) => Promise<{ fileName: string; fileSize: number; md5: string; fields: UpgradePackageCreateFields }>;

/** A package as listed, but for its download link, which is made afresh for each reader. */
export type UpgradePackageFields = Omit<UpgradePackage, 'downloadUrl'>;

export const toUpgradePackageFields = (row: repo.UpgradePackageRow): UpgradePackageFields => ({
  upgradePackageId: row.upgradePackageId,
  packageType: row.packageType as UpgradePackageType,
  version: row.version,
  releaseNote: row.releaseNote,
  action: row.action as UpgradePackageAction,
  status: row.status as UpgradePackageStatus,
  createTime: row.createTime.getTime(),
  updateTime: row.updateTime.getTime(),
  md5: row.md5,
  fileName: row.fileName,
  fileSize: row.fileSize,
  editable: row.editable,
  isPromotion: row.isPromotion,
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  rowVersion: row.rowVersion,
});

/** What the audit keeps of a package: its fields, never the link. */
const recordOf = (row: repo.UpgradePackageRow) => ({
  packageType: row.packageType,
  version: row.version,
  releaseNote: row.releaseNote,
  action: row.action,
  status: row.status,
  isPromotion: row.isPromotion,
  fileName: row.fileName,
  fileSize: row.fileSize,
  md5: row.md5,
  rowVersion: row.rowVersion,
});

/**
 * Upgrade packages (spec M3.10.1, M7.9): firmware files uploaded with their md5 checked, listed, read and
 * updated within the status rules, each change audited (`upgrade_package`); each package read carries a
 * fresh signed download link.
 */
export class UpgradePackagesService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly links: FirmwareLinks,
  ) {}

  /** The link a charger fetches the package from, good for the configured minutes from now. */
  async downloadUrl(baseUrl: string, upgradePackageId: number): Promise<string> {
    return `${baseUrl}${FIRMWARE_PATH}/${await this.links.token(upgradePackageId)}`;
  }

  async present(row: repo.UpgradePackageRow, baseUrl: string): Promise<UpgradePackage> {
    return {
      ...toUpgradePackageFields(row),
      downloadUrl: await this.downloadUrl(baseUrl, row.upgradePackageId),
    };
  }

  async list(tenant: Tenant, query: UpgradePackageListQuery, baseUrl: string): Promise<UpgradePackageList> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.upgradePackageList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return {
      items: await Promise.all(page.rows.map((row) => this.present(row.upgradePackage, baseUrl))),
      total: page.total,
    };
  }

  /** The list as an export: the same filter and order, read batch by batch by key; no download links. */
  readonly export = listExport({
    list: 'upgrade-packages.list',
    query: UpgradePackageExportFilterSchema,
    sheet: UPGRADE_PACKAGE_LIST_EXPORT,
    rows: repo.upgradePackageList,
    items: (rows) => rows.map((row) => toUpgradePackageFields(row.upgradePackage)),
  });

  async find(tenant: Tenant, upgradePackageId: number): Promise<repo.UpgradePackageRow> {
    const row = await repo.findUpgradePackage(this.db, tenant, upgradePackageId);
    if (!row) throw AppError.notFound('upgrade package', upgradePackageId);
    return row;
  }

  /**
   * Stores the file and its row as a draft: 422 when a given md5 differs from the file's, 409 for a
   * version the tenant has of that type; either way the stored bytes are removed.
   */
  async upload(tenant: Tenant, receive: FirmwareReceiver, actor: Actor): Promise<repo.UpgradePackageRow> {
    const fileKey = `upgrade-packages/${tenant}/${randomUUID()}.bin`;
    return removingFilesOnFailure(this.storage, async (storage) => {
      const { fields, ...file } = await receive(storage, fileKey);
      if (fields.md5 !== undefined && fields.md5 !== file.md5) {
        throw new RuleError(
          ruleMessage('upgradePackages.md5Mismatch', { actual: file.md5, given: fields.md5 }),
        );
      }
      return this.db.transaction(async (tx) => {
        const row = await repo.insertUpgradePackage(tx, {
          tenant,
          packageType: fields.packageType,
          version: fields.version,
          releaseNote: fields.releaseNote ?? null,
          action: fields.action,
          status: UPGRADE_PACKAGE_STATUSES.draft,
          fileKey,
          fileName: file.fileName.replace(/[\\/\r\n\0]/g, '_').slice(0, 255),
          fileSize: file.fileSize,
          md5: file.md5,
          isPromotion: fields.isPromotion,
          createdBy: actor.userName ?? 'system',
          updatedBy: actor.userName ?? 'system',
        });
        if (!row) {
          throw AppError.conflict(ruleMessage('upgradePackages.versionTaken', { version: fields.version }));
        }
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: UPGRADE_PACKAGE_ENTITY,
          entityId: row.upgradePackageId,
          action: 'UPGRADE_PACKAGE_CREATE',
          after: recordOf(row),
        });
        return row;
      });
    });
  }

  /**
   * Saves the release note, action, promotion flag and status from the version the editor read (409 when
   * saved since); the status moves only as `canMoveUpgradePackage` allows (422).
   */
  async update(
    tenant: Tenant,
    upgradePackageId: number,
    input: UpgradePackageUpdate,
    actor: Actor,
  ): Promise<repo.UpgradePackageRow> {
    return this.db.transaction(async (tx) => {
      const stored = await repo.lockUpgradePackage(tx, tenant, upgradePackageId);
      if (!stored) throw AppError.notFound('upgrade package', upgradePackageId);
      if (stored.rowVersion !== input.rowVersion) {
        throw AppError.conflict(ruleMessage('upgradePackages.versionConflict'));
      }
      const from = stored.status as UpgradePackageStatus;
      if (!canMoveUpgradePackage(from, input.status, stored.editable)) {
        const backToDraft = from === UPGRADE_PACKAGE_STATUSES.released && input.status === 0;
        throw new RuleError(
          ruleMessage(backToDraft ? 'upgradePackages.notEditable' : 'upgradePackages.statusChange'),
        );
      }
      const row = await repo.updateUpgradePackage(tx, upgradePackageId, {
        releaseNote: input.releaseNote ?? null,
        action: input.action,
        status: input.status,
        isPromotion: input.isPromotion,
        updatedBy: actor.userName ?? 'system',
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: UPGRADE_PACKAGE_ENTITY,
        entityId: upgradePackageId,
        action: 'UPGRADE_PACKAGE_UPDATE',
        before: recordOf(stored),
        after: recordOf(row),
      });
      return row;
    });
  }

  /**
   * The file a download link names, while the link is genuine and unexpired (403 otherwise; 404 once the
   * package is gone).
   */
  async openByLink(token: string): Promise<{ row: repo.UpgradePackageRow; stream: Readable }> {
    const upgradePackageId = await this.links.verify(token);
    if (upgradePackageId === undefined) throw AppError.forbidden('the download link is invalid or expired');
    const row = await repo.findUpgradePackageById(this.db, upgradePackageId);
    if (!row) throw AppError.notFound('upgrade package', upgradePackageId);
    return { row, stream: await this.storage.open(row.fileKey) };
  }
}
