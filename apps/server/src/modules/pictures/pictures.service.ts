import type { z } from 'zod';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { Tenant } from '@cmp/domain';
import {
  PICTURE_ACTIONS,
  type Picture,
  type PictureList,
  type PictureListQuerySchema,
  type PictureUploadFieldsSchema,
} from '@cmp/domain/stations/pictures';
import type { OperationExtData } from '@cmp/domain/stations/contract-fields';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import { findStation } from '../stations/station-directory.service.js';
import * as repo from './pictures.repo.js';
import { preparePicture, storePicture, toPicture } from './picture-store.service.js';

export interface Acting {
  tenant: Tenant;
  actor: Actor;
}

export class PicturesService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  /** Pictures that are not deleted unless `deleted` is asked for; newest first by default. */
  async list(query: z.output<typeof PictureListQuerySchema>): Promise<PictureList> {
    await this.requireStation(this.db, query.resourceId);
    const { pageNo, pageSize, ...filter } = query;
    const { rows, total } = await repo.pictureList.page(
      this.db,
      { ...filter, deleted: filter.deleted ?? false },
      { pageNo, pageSize },
    );
    return { items: rows.map((row) => toPicture(row.picture)), total };
  }

  async upload(
    fields: z.output<typeof PictureUploadFieldsSchema>,
    file: { name: string; data: Buffer },
    { tenant, actor }: Acting,
  ): Promise<Picture> {
    // Before the image work, so an unknown station costs nothing and leaves no files behind.
    await this.requireStation(this.db, fields.resourceId);
    const prepared = await preparePicture(file.data, file.name);
    return removingFilesOnFailure(this.storage, (storage) =>
      this.db.transaction((tx) =>
        storePicture(tx, storage, prepared, {
          resourceId: fields.resourceId,
          sourceId: fields.pictureSourceId,
          sceneId: fields.pictureSceneId,
          appVisible: fields.appVisible,
          operationExtData: fields.operationExtData,
          actor,
          tenant,
        }),
      ),
    );
  }

  async setAppVisible(
    pictureId: number,
    input: { appVisible: boolean; operationExtData?: OperationExtData },
    { tenant, actor }: Acting,
  ): Promise<Picture> {
    return this.db.transaction(async (tx) => {
      const before = await this.requireLive(tx, pictureId);
      if (before.appVisible === input.appVisible) return toPicture(before);
      const after = await repo.updatePicture(tx, pictureId, {
        appVisible: input.appVisible,
        ...lastExtData(input.operationExtData),
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: 'station',
        entityId: before.resourceId,
        action: PICTURE_ACTIONS.appVisibleUpdate,
        before: { pictureId, appVisible: before.appVisible },
        after: { pictureId, appVisible: after.appVisible },
        extData: input.operationExtData ?? null,
      });
      return toPicture(after);
    });
  }

  /** Soft delete: the row and its files stay, so the history and `deleted=true` lists can still show it. */
  async remove(
    pictureId: number,
    operationExtData: OperationExtData | undefined,
    { tenant, actor }: Acting,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.requireLive(tx, pictureId);
      await repo.updatePicture(tx, pictureId, { deleted: true, ...lastExtData(operationExtData) });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: 'station',
        entityId: before.resourceId,
        action: PICTURE_ACTIONS.delete,
        before: { pictureId, deleted: false },
        after: { pictureId, deleted: true },
        extData: operationExtData ?? null,
      });
    });
  }

  private async requireStation(db: DbOrTx, resourceId: string): Promise<void> {
    if (!(await findStation(db, resourceId))) throw AppError.notFound('station', resourceId);
  }

  /** The picture, locked for the change; a deleted one can no longer change (422). */
  private async requireLive(tx: DbOrTx, pictureId: number): Promise<repo.PictureRow> {
    const row = await repo.findPicture(tx, pictureId, { forUpdate: true });
    if (!row) throw AppError.notFound('picture', pictureId);
    if (row.deleted) throw new RuleError(ruleMessage('picture.alreadyDeleted'));
    return row;
  }
}

/** A picture keeps the extra data of the latest change that carried some. */
const lastExtData = (extData: OperationExtData | undefined) =>
  extData == null ? {} : { operationExtData: extData };
