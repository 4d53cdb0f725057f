import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import {
  ShareTemplateFilterSchema,
  type AppShareTemplate,
  type ShareTemplate,
  type ShareTemplateFields,
  type ShareTemplateListQuery,
  type ShareTemplatePage,
  type ShareType,
} from '@cmp/domain/share-templates/share-templates';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { StoredFile } from '@cmp/domain';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { assertVersion, changedFields } from '../../platform/audit/edits.js';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { fileUrl, type FilesService } from '../files/files.service.js';
import { SHARE_TEMPLATE_LIST_EXPORT } from './share-templates.export.js';
import * as repo from './share-templates.repo.js';

export const SHARE_TEMPLATE_ENTITY = 'share_template';

/** Where anyone, without a session, reads a picture a share template shows. */
export const publicSharePicturePath = (fileId: string) => `/api/public/share-pictures/${fileId}`;

export const ShareTemplateExportFilterSchema = ShareTemplateFilterSchema.extend({ tenant: TenantSchema });
export type ShareTemplateExportFilter = z.infer<typeof ShareTemplateExportFilterSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toShareTemplate(row: repo.ShareTemplateRow, pictures: readonly string[]): ShareTemplate {
  return {
    shareTempletId: row.shareTempletId,
    shareType: row.shareType as ShareType,
    shareInfoId: row.shareInfoId,
    sharePic: pictures.map((fileId) => ({ fileId, url: fileUrl(fileId) })),
    shareTitle: row.shareTitle,
    description: row.description,
    landingPage: row.landingPage,
    creator: row.creator,
    updater: row.updater,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    version: row.version,
  };
}

/** What a save compares and records: the template's fields with its pictures. */
const editableOf = (row: repo.ShareTemplateRow, sharePic: readonly string[]): Record<string, unknown> => ({
  shareType: row.shareType,
  shareInfoId: row.shareInfoId,
  shareTitle: row.shareTitle,
  description: row.description,
  landingPage: row.landingPage,
  sharePic,
});

const columnsOf = (fields: ShareTemplateFields) => ({
  shareType: fields.shareType,
  shareInfoId: fields.shareInfoId,
  shareTitle: fields.shareTitle,
  description: fields.description ?? null,
  landingPage: fields.landingPage,
});

/**
 * Share templates (spec M3.5.7): a share type's card (up to 5 pictures, title, description, landing page)
 * kept per tenant, changed by staff with their version and audited (`share_template`), and read by the
 * apps and the H5 page by type and id.
 */
export class ShareTemplatesService {
  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
  ) {}

  private async withPictures(rows: repo.ShareTemplateRow[]): Promise<ShareTemplate[]> {
    const pictures = await repo.picturesOf(
      this.db,
      rows.map((row) => row.shareTempletId),
    );
    return rows.map((row) => toShareTemplate(row, pictures.get(row.shareTempletId) ?? []));
  }

  async list(tenant: Tenant, query: ShareTemplateListQuery): Promise<ShareTemplatePage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.shareTemplateList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: await this.withPictures(page.rows.map((row) => row.template)), total: page.total };
  }

  readonly export = listExport({
    list: 'share-templates.list',
    query: ShareTemplateExportFilterSchema,
    sheet: SHARE_TEMPLATE_LIST_EXPORT,
    rows: repo.shareTemplateList,
    items: (rows) => this.withPictures(rows.map((row) => row.template)),
  });

  async get(tenant: Tenant, shareTempletId: number): Promise<ShareTemplate> {
    const row = await repo.findShareTemplate(this.db, tenant, shareTempletId);
    if (!row) throw AppError.notFound('share template', shareTempletId);
    const [template] = await this.withPictures([row]);
    return template!;
  }

  /** Creates a template; its share info id must be new in the tenant (409) and its pictures the tenant's images (422). */
  async create(tenant: Tenant, fields: ShareTemplateFields, actor: Actor): Promise<ShareTemplate> {
    await this.assertPictures(tenant, fields.sharePic);
    const row = await this.db.transaction(async (tx) => {
      const row = await repo.insertShareTemplate(tx, {
        ...columnsOf(fields),
        tenant,
        creator: actor.userName,
      });
      if (!row) throw this.infoTaken(fields.shareInfoId);
      await repo.replacePictures(tx, row.shareTempletId, fields.sharePic);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: SHARE_TEMPLATE_ENTITY,
        entityId: String(row.shareTempletId),
        action: 'SHARE_TEMPLATE_CREATE',
        after: editableOf(row, fields.sharePic),
      });
      return row;
    });
    return this.get(tenant, row.shareTempletId);
  }

  /** Replaces the template's fields and pictures from the version read (409 when saved since). */
  async update(
    tenant: Tenant,
    shareTempletId: number,
    input: ShareTemplateFields & { version: number },
    actor: Actor,
  ): Promise<ShareTemplate> {
    const { version, ...fields } = input;
    await this.assertPictures(tenant, fields.sharePic);
    await this.db.transaction(async (tx) => {
      const stored = await repo.lockShareTemplate(tx, tenant, shareTempletId);
      if (!stored) throw AppError.notFound('share template', shareTempletId);
      assertVersion(stored.version, version, 'shareTemplates.versionConflict');
      const storedPictures = (await repo.picturesOf(tx, [shareTempletId])).get(shareTempletId) ?? [];
      const row = await repo.updateShareTemplate(tx, tenant, shareTempletId, {
        ...columnsOf(fields),
        updater: actor.userName,
      });
      if (!row) throw this.infoTaken(fields.shareInfoId);
      await repo.replacePictures(tx, shareTempletId, fields.sharePic);
      const changes = changedFields(editableOf(stored, storedPictures), editableOf(row, fields.sharePic));
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: SHARE_TEMPLATE_ENTITY,
        entityId: String(shareTempletId),
        action: 'SHARE_TEMPLATE_UPDATE',
        before: { ...changes.before, version: stored.version },
        after: { ...changes.after, version: row.version },
      });
    });
    return this.get(tenant, shareTempletId);
  }

  async remove(tenant: Tenant, shareTempletId: number, version: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const stored = await repo.lockShareTemplate(tx, tenant, shareTempletId);
      if (!stored) throw AppError.notFound('share template', shareTempletId);
      assertVersion(stored.version, version, 'shareTemplates.versionConflict');
      const pictures = (await repo.picturesOf(tx, [shareTempletId])).get(shareTempletId) ?? [];
      await repo.deleteShareTemplate(tx, tenant, shareTempletId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: SHARE_TEMPLATE_ENTITY,
        entityId: String(shareTempletId),
        action: 'SHARE_TEMPLATE_DELETE',
        before: { ...editableOf(stored, pictures), creator: stored.creator, version: stored.version },
      });
    });
  }

  /**
   * The template of this type and id, as the apps and the H5 page read it; 404 when the tenant has none
   * of that type and id. `baseUrl` is where the picture addresses point.
   */
  async forApp(
    tenant: Tenant,
    shareType: ShareType,
    shareTempletId: number,
    baseUrl: string,
  ): Promise<AppShareTemplate> {
    const row = await repo.findShareTemplate(this.db, tenant, shareTempletId);
    if (!row || row.shareType !== shareType) throw AppError.notFound('share template', shareTempletId);
    const pictures = (await repo.picturesOf(this.db, [shareTempletId])).get(shareTempletId) ?? [];
    return {
      shareTempletId: row.shareTempletId,
      shareType,
      shareInfoId: row.shareInfoId,
      sharePic: pictures.map((fileId) => `${baseUrl}${publicSharePicturePath(fileId)}`),
      shareTitle: row.shareTitle,
      description: row.description,
      landingPage: row.landingPage,
    };
  }

  /** A picture a share template shows, for anyone; 404 for any other file, so nothing else leaks. */
  async openSharedPicture(fileId: string): Promise<{ file: StoredFile; stream: Readable }> {
    const tenant = UUID.test(fileId) ? await repo.sharedPictureTenant(this.db, fileId) : undefined;
    if (!tenant) throw AppError.notFound('share picture', fileId);
    return this.files.open(fileId, [tenant as Tenant]);
  }

  private infoTaken(shareInfoId: string): AppError {
    return AppError.conflict(ruleMessage('shareTemplates.shareInfoIdTaken', { shareInfoId }));
  }

  private async assertPictures(tenant: Tenant, fileIds: readonly string[]): Promise<void> {
    const images = await repo.tenantImages(this.db, tenant, fileIds);
    const missing = fileIds.find((fileId) => !images.has(fileId));
    if (missing) throw new RuleError(ruleMessage('shareTemplates.pictureNotFound', { fileId: missing }));
  }
}
