import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { comments } from './comments.tables.js';

/** Comments the app shows: only those count for a station's score (docs/decisions.md). */
const shown: SQL = and(
  eq(comments.droppedByUser, false),
  eq(comments.droppedByAdmin, false),
  eq(comments.accountCancellation, false),
  eq(comments.appVisible, true),
)!;

export interface SceneScore {
  scene: string;
  averageScore: number;
  times: number;
}

export async function sceneScores(db: DbOrTx, tenant: Tenant, resourceId: string): Promise<SceneScore[]> {
  return db
    .select({
      scene: comments.scene,
      averageScore: sql<number>`round(avg(${comments.rating}), 1)`.mapWith(Number),
      times: sql<number>`count(*)`.mapWith(Number),
    })
    .from(comments)
    .where(and(eq(comments.tenant, tenant), eq(comments.resourceId, resourceId), shown))
    .groupBy(comments.scene)
    .orderBy(comments.scene);
}

export async function sceneTags(
  db: DbOrTx,
  tenant: Tenant,
  resourceId: string,
): Promise<{ scene: string; tag: string; amount: number }[]> {
  const tag = sql<string>`unnest(${comments.commentaryTags})`;
  const rows = await db
    .select({ scene: comments.scene, tag: tag.as('tag'), n: sql<number>`count(*)`.mapWith(Number).as('n') })
    .from(comments)
    .where(and(eq(comments.tenant, tenant), eq(comments.resourceId, resourceId), shown))
    .groupBy(comments.scene, sql`tag`)
    .orderBy(sql`n desc`, sql`tag`);
  return rows.map((r) => ({ scene: r.scene, tag: r.tag, amount: r.n }));
}

/** How many of the station's comments the app does not show. */
export async function notShownCount(db: DbOrTx, tenant: Tenant, resourceId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(comments)
    .where(and(eq(comments.tenant, tenant), eq(comments.resourceId, resourceId), sql`not ${shown}`));
  return row?.n ?? 0;
}

/** The overall score of a station: the average rating of its shown comments, one decimal. */
export async function overallScore(db: DbOrTx, tenant: Tenant, resourceId: string): Promise<number | null> {
  const [row] = await db
    .select({ score: sql<string | null>`round(avg(${comments.rating}), 1)` })
    .from(comments)
    .where(and(eq(comments.tenant, tenant), eq(comments.resourceId, resourceId), shown));
  return row?.score == null ? null : Number(row.score);
}

/** An account as its comments tell it: counts over all of them, the user's fields from the latest. */
export async function commenterOf(db: DbOrTx, tenant: Tenant, accountId: string) {
  const byAccount = and(eq(comments.tenant, tenant), eq(comments.accountId, accountId));
  const [[stats], [latest]] = await Promise.all([
    db
      .select({
        commentCount: sql<number>`count(*)`.mapWith(Number),
        hiddenCount: sql<number>`count(*) filter (where ${comments.droppedByAdmin})`.mapWith(Number),
        averageRating: sql<number>`coalesce(round(avg(${comments.rating}), 1), 0)`.mapWith(Number),
        firstCommentTime: sql<Date>`min(${comments.commentaryTime})`.mapWith(comments.commentaryTime),
        lastCommentTime: sql<Date>`max(${comments.commentaryTime})`.mapWith(comments.commentaryTime),
      })
      .from(comments)
      .where(byAccount),
    db
      .select({
        userName: comments.userName,
        userNickname: comments.userNickname,
        userMobile: comments.userMobile,
        userRole: comments.userRole,
        client: comments.client,
      })
      .from(comments)
      .where(byAccount)
      .orderBy(desc(comments.commentaryTime), desc(comments.commentaryId))
      .limit(1),
  ]);
  return latest && stats ? { ...stats, ...latest } : undefined;
}
