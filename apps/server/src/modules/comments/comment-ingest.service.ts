import { and, eq, sql } from 'drizzle-orm';
import type { CommentIngested } from '@cmp/domain/comments/comment-ingest';
import type { CommentScene } from '@cmp/domain/comments/comment-codes';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { SignedClient } from '../../platform/signed-clients/signed-routes.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { adjustStationCounters, findStation } from '../stations/station-directory.service.js';
import { prepareCommentPictures, storeCommentPictures } from './comment-pictures.service.js';
import { comments } from './comments.tables.js';

const SCENE_OF_TYPE: Record<string, CommentScene> = { ChargeStation: 'charge', PowerSwap: 'swap' };

/**
 * Comments as vendors send them. A comment is keyed by the vendor's own id: the first sending creates it
 * (with its pictures, counted on the station), later ones update what the user can change. Staff marks
 * and replies are the portal's and are never overwritten.
 */
export class CommentIngestService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  async receive(
    client: SignedClient,
    input: CommentIngested,
  ): Promise<{ commentaryId: number; created: boolean }> {
    const station = await findStation(this.db, input.resourceId);
    if (!station) throw AppError.notFound('station', input.resourceId);
    const known = await this.find(this.db, client.clientId, input.externalId);
    // Pictures are checked and rendered outside the transaction, and only for a comment not seen yet.
    const pictures = known ? [] : await prepareCommentPictures(input.commentaryImage);
    const userSide = {
      rating: input.rating,
      commentaryText: input.commentaryText ?? null,
      commentaryTags: input.commentaryTag,
      userName: input.userName ?? null,
      userNickname: input.userNickname ?? null,
      userMobile: input.userMobile ?? null,
      userRole: input.userRole ?? null,
      thumbs: input.thumbs,
      droppedByUser: input.droppedByUser,
      accountCancellation: input.accountCancellation,
      appVisible: input.appVisible,
      quality: input.quality,
      highQualityRewardSuccess: input.highQualityRewardSuccess,
      detail: input.detail ?? null,
      remark: input.remark ?? null,
      chargingSpeed: input.chargingSpeed ?? null,
      vehicleName: input.vehicleName ?? null,
    };
    return this.db.transaction(async (tx) => {
      const existing = await this.find(tx, client.clientId, input.externalId);
      if (existing) {
        await tx
          .update(comments)
          .set({ ...userSide, updatedAt: sql`now()` })
          .where(eq(comments.commentaryId, existing.commentaryId));
        return { commentaryId: existing.commentaryId, created: false };
      }
      const [inserted] = await tx
        .insert(comments)
        .values({
          ...userSide,
          tenant: client.tenant,
          applicationId: client.clientId,
          externalId: input.externalId,
          resourceId: input.resourceId,
          commentaryTime: new Date(input.commentaryTime),
          accountId: input.accountId,
          client: input.client,
          chargeOrder: input.chargeOrder ?? null,
          chargeStationId: input.chargeStationId ?? null,
          scene: input.scene ?? SCENE_OF_TYPE[station.resourceType] ?? 'other',
          pictures: await storeCommentPictures(tx, this.storage, client.tenant, pictures),
        })
        // A sending of the same comment that raced this one has created it: it stands.
        .onConflictDoNothing()
        .returning({ commentaryId: comments.commentaryId });
      if (!inserted) {
        const raced = (await this.find(tx, client.clientId, input.externalId))!;
        return { commentaryId: raced.commentaryId, created: false };
      }
      await adjustStationCounters(tx, input.resourceId, { commentaryNumber: 1 });
      return { commentaryId: inserted.commentaryId, created: true };
    });
  }

  private async find(db: DbOrTx, applicationId: string, externalId: string) {
    const [row] = await db
      .select({ commentaryId: comments.commentaryId })
      .from(comments)
      .where(and(eq(comments.applicationId, applicationId), eq(comments.externalId, externalId)));
    return row;
  }
}
