import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { staffAccounts } from '../staff/staff.views.js';
import { sessions } from './sessions.tables.js';

/** The live session of a token hash with its user; prepared once, since every request runs it. */
export const prepareSessionLookup = (db: Db) =>
  db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: staffAccounts.id,
      userName: staffAccounts.userName,
      displayName: staffAccounts.displayName,
      mustChangePassword: staffAccounts.mustChangePassword,
      systemAdmin: staffAccounts.systemAdmin,
      roles: staffAccounts.roles,
    })
    .from(sessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleCutoff')),
        eq(staffAccounts.disabled, false),
        eq(staffAccounts.credentialsVersion, sessions.credentialsVersion),
      ),
    )
    .prepare('session_lookup');

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function touchSession(db: DbOrTx, sessionId: string, lastSeenAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every other session of the user and carries the kept one over to the credentials version. */
export async function keepOnlySession(
  db: DbOrTx,
  input: { userId: number; sessionId: string; credentialsVersion: number },
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, input.userId), ne(sessions.id, input.sessionId)));
  await db
    .update(sessions)
    .set({ credentialsVersion: input.credentialsVersion })
    .where(eq(sessions.id, input.sessionId));
}

/** Deletes the sessions expired or idle since `idleCutoff`; answers how many went. */
export async function deleteEndedSessions(db: DbOrTx, idleCutoff: Date): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ id: sessions.id });
  return removed.length;
}
