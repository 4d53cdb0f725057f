import path from 'node:path';
import type { Tenant } from '@cmp/domain';
import type { CommentPicture } from '@cmp/domain/comments/comment-contracts';
import { COMMENT_PICTURE_MAX_BYTES } from '@cmp/domain/comments/comment-ingest';
import { ERROR_CODES } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  makeRenditions,
  pictureType,
  RENDITION_TYPE,
  type Rendition,
} from '../../platform/images/renditions.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { fileUrl, storeFile } from '../files/files.service.js';

/** A comment's picture is kept as two JPEGs: the user's original is never stored (it may carry EXIF). */
const SIDES = { thumbnail: 240, large: 1600 };

export interface PreparedCommentPicture {
  name: string;
  renditions: Record<keyof typeof SIDES, Rendition>;
}

/** Checks each picture (JPEG, PNG or WebP, at most 2 MB) and renders it, before any transaction opens. */
export async function prepareCommentPictures(
  images: readonly { name: string; data: string }[],
): Promise<PreparedCommentPicture[]> {
  const prepared: PreparedCommentPicture[] = [];
  for (const image of images) {
    const data = Buffer.from(image.data, 'base64');
    if (data.length > COMMENT_PICTURE_MAX_BYTES) {
      throw new AppError(413, ERROR_CODES.payloadTooLarge, `picture ${image.name} is larger than 2 MB`);
    }
    pictureType(data, image.name);
    prepared.push({
      name: path.parse(image.name).name || 'picture',
      renditions: await makeRenditions(data, SIDES),
    });
  }
  return prepared;
}

/** Stores prepared pictures as files of the comment's tenant, readable by that tenant's staff. */
export async function storeCommentPictures(
  tx: DbOrTx,
  storage: FileStorage,
  tenant: Tenant,
  pictures: readonly PreparedCommentPicture[],
): Promise<CommentPicture[]> {
  const stored: CommentPicture[] = [];
  for (const picture of pictures) {
    const store = (suffix: string, rendition: Rendition) =>
      storeFile(tx, storage, {
        owner: tenant,
        name: `${picture.name}-${suffix}.jpg`,
        data: rendition.data,
        type: RENDITION_TYPE,
        createdBy: null,
      });
    const large = await store('large', picture.renditions.large);
    const thumbnail = await store('thumbnail', picture.renditions.thumbnail);
    stored.push({
      fileId: large.fileId,
      url: fileUrl(large.fileId),
      thumbnailUrl: fileUrl(thumbnail.fileId),
    });
  }
  return stored;
}
