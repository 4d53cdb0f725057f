import path from 'node:path';
import type { Tenant } from '@cmp/domain';
import {
  PICTURE_ACTIONS,
  PICTURE_RENDITIONS,
  type Picture,
  type PictureRendition,
  type PictureSceneId,
  type PictureSourceId,
} from '@cmp/domain/stations/pictures';
import type { OperationExtData } from '@cmp/domain/stations/contract-fields';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { DbOrTx } from '../../platform/db/database.js';
import {
  makeRenditions,
  pictureType,
  RENDITION_TYPE,
  type Rendition,
} from '../../platform/images/renditions.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { DetectedType } from '../../platform/storage/file-type.js';
import { fileUrl, NETWORK_FILES, storeFile } from '../files/files.service.js';
import * as repo from './pictures.repo.js';

export const toPicture = (row: repo.PictureRow): Picture => ({
  pictureId: row.pictureId,
  pictureSourceId: row.pictureSourceId,
  pictureSceneId: row.pictureSceneId,
  resourceId: row.resourceId,
  deleted: row.deleted,
  appVisible: row.appVisible,
  createTime: row.createTime.getTime(),
  updateTime: row.updateTime.getTime(),
  smallUrl: fileUrl(row.smallFileId),
  middleUrl: fileUrl(row.middleFileId),
  largeUrl: fileUrl(row.largeFileId),
  oriUrl: fileUrl(row.originalFileId),
  operationExtData: (row.operationExtData as Record<string, unknown> | null) ?? null,
});

/** An upload that passed every check and has its renditions: nothing is left that can fail on the bytes. */
export interface PreparedPicture {
  name: string;
  original: { data: Buffer; type: DetectedType };
  renditions: Record<PictureRendition, Rendition>;
}

/**
 * Checks the bytes (415 unless a readable JPEG, PNG or WebP) and makes the renditions. CPU-heavy, so the
 * upload route calls it before opening its transaction.
 */
export async function preparePicture(data: Buffer, name?: string): Promise<PreparedPicture> {
  const type = pictureType(data, name ?? '');
  const renditions = await makeRenditions(data, PICTURE_RENDITIONS);
  return { name: name || `picture.${type.extension}`, original: { data, type }, renditions };
}

export interface PictureDetails {
  resourceId: string;
  sourceId: PictureSourceId;
  sceneId: PictureSceneId;
  appVisible?: boolean;
  operationExtData?: OperationExtData;
  actor: Actor;
  /** The tenant of the request, recorded in the audit row; null for system work such as demo data. */
  tenant: Tenant | null;
}

/** Stores the original and the renditions, inserts the picture and records PICTURE_UPLOAD on the station. */
export async function storePicture(
  tx: DbOrTx,
  storage: FileStorage,
  prepared: PreparedPicture,
  details: PictureDetails,
): Promise<Picture> {
  const base = path.parse(prepared.name).name || 'picture';
  const store = (name: string, data: Buffer, type: DetectedType) =>
    storeFile(tx, storage, { owner: NETWORK_FILES, name, data, type, createdBy: details.actor.userId });
  const original = await store(prepared.name, prepared.original.data, prepared.original.type);
  const { small, middle, large } = prepared.renditions;
  const smallFile = await store(`${base}-small.jpg`, small.data, RENDITION_TYPE);
  const middleFile = await store(`${base}-middle.jpg`, middle.data, RENDITION_TYPE);
  const largeFile = await store(`${base}-large.jpg`, large.data, RENDITION_TYPE);
  const row = await repo.insertPicture(tx, {
    resourceId: details.resourceId,
    pictureSourceId: details.sourceId,
    pictureSceneId: details.sceneId,
    appVisible: details.appVisible ?? true,
    originalFileId: original.fileId,
    smallFileId: smallFile.fileId,
    middleFileId: middleFile.fileId,
    largeFileId: largeFile.fileId,
    operationExtData: details.operationExtData ?? null,
    createdBy: details.actor.userId,
  });
  const picture = toPicture(row);
  await writeAudit(tx, {
    actor: details.actor,
    tenant: details.tenant,
    entityType: 'station',
    entityId: details.resourceId,
    action: PICTURE_ACTIONS.upload,
    after: {
      pictureId: picture.pictureId,
      pictureSourceId: picture.pictureSourceId,
      pictureSceneId: picture.pictureSceneId,
      appVisible: picture.appVisible,
      smallUrl: picture.smallUrl,
      oriUrl: picture.oriUrl,
    },
    extData: details.operationExtData ?? null,
  });
  return picture;
}

export interface StationPictureInput extends PictureDetails {
  /** JPEG, PNG or WebP bytes. */
  data: Buffer;
  /** Kept as the original's file name; `picture.<ext>` when not given. */
  name?: string;
}

/**
 * Adds a picture to a station inside the caller's transaction: checks the bytes, makes the renditions,
 * stores all four files and records PICTURE_UPLOAD. For seeders and imports; the upload route does the
 * same in two steps so the image work happens outside its transaction.
 */
export async function addStationPicture(
  tx: DbOrTx,
  storage: FileStorage,
  input: StationPictureInput,
): Promise<Picture> {
  return storePicture(tx, storage, await preparePicture(input.data, input.name), input);
}
