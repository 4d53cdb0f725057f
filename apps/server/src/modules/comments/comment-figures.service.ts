import { and, avg, count, eq, gte, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { Db } from '../../platform/db/database.js';
import { comments, commentTotals } from './comments.tables.js';

const DAY_MS = 86_400_000;

export interface CommentDay {
  /** The start of the day (epoch ms). */
  day: number;
  count: number;
  averageRating: number;
  /** Of them, comments nobody has replied to yet. */
  awaitingReply: number;
}

/**
 * What the home dashboard reads of the tenant's comments: the total the triggers keep (`comment_totals`),
 * and the days since `since` read over `comments_tenant_time_idx` (tenant, comment time), so the cost
 * follows the comments of those days, not the table.
 */
export class CommentFigures {
  constructor(private readonly db: Db) {}

  async total(tenant: Tenant): Promise<number> {
    const [row] = await this.db
      .select({ total: commentTotals.total })
      .from(commentTotals)
      .where(eq(commentTotals.tenant, tenant));
    return row?.total ?? 0;
  }

  /** Per day from `since` (the start of the first day, epoch ms), only days with comments, oldest first. */
  async days(tenant: Tenant, since: number): Promise<CommentDay[]> {
    // Days are counted from `since`, so they are the reader's days whatever the server's time zone.
    // Inlined, not bound: a bound value would make the grouped expression differ from the selected one.
    const day = sql<number>`floor((extract(epoch from ${comments.commentaryTime}) * 1000 - ${sql.raw(String(Math.trunc(since)))}) / ${sql.raw(String(DAY_MS))})`;
    const rows = await this.db
      .select({
        day: day.mapWith(Number),
        count: count(),
        averageRating: avg(comments.rating).mapWith(Number),
        awaitingReply: count(sql`case when ${comments.replyNumber} = 0 then 1 end`),
      })
      .from(comments)
      .where(and(eq(comments.tenant, tenant), gte(comments.commentaryTime, new Date(since))))
      .groupBy(day)
      .orderBy(day);
    return rows.map((row) => ({ ...row, day: since + row.day * DAY_MS }));
  }
}
