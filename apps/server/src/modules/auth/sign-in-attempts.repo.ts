import { eq, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { signInAttempts } from './auth.tables.js';

/** The window an attempt's count belongs to ended `windowMinutes` after it started. */
const windowEnded = (windowMinutes: number) =>
  sql`${signInAttempts.windowStartedAt} <= now() - make_interval(mins => ${windowMinutes})`;

/**
 * Counts one attempt for each key, in one atomic upsert: a key whose window ended starts a new one.
 * Answers each key's count in its window and the seconds left of that window.
 */
export async function countAttempts(
  db: DbOrTx,
  keys: string[],
  windowMinutes: number,
): Promise<{ key: string; attempts: number; secondsLeft: number }[]> {
  const ended = windowEnded(windowMinutes);
  return db
    .insert(signInAttempts)
    .values(keys.map((key) => ({ key, windowStartedAt: sql`now()`, attempts: 1 })))
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        attempts: sql`case when ${ended} then 1 else ${signInAttempts.attempts} + 1 end`,
        windowStartedAt: sql`case when ${ended} then now() else ${signInAttempts.windowStartedAt} end`,
      },
    })
    .returning({
      key: signInAttempts.key,
      attempts: signInAttempts.attempts,
      secondsLeft:
        sql<number>`ceil(extract(epoch from ${signInAttempts.windowStartedAt} + make_interval(mins => ${windowMinutes}) - now()))`.mapWith(
          Number,
        ),
    });
}

/** Ends one key's count and takes one attempt off another's. */
export async function forgiveAttempts(db: Db, cleared: string, lessened: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(signInAttempts).where(eq(signInAttempts.key, cleared));
    await tx
      .update(signInAttempts)
      .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
      .where(eq(signInAttempts.key, lessened));
  });
}

/** Deletes the counts of windows that have ended; answers how many went. */
export async function deleteEndedWindows(db: DbOrTx, windowMinutes: number): Promise<number> {
  const removed = await db
    .delete(signInAttempts)
    .where(lte(signInAttempts.windowStartedAt, sql`now() - make_interval(mins => ${windowMinutes})`))
    .returning({ key: signInAttempts.key });
  return removed.length;
}
