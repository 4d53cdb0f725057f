import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import type { AuthenticatedUser } from '../../platform/http/route-access.js';
import { sessions } from './sessions.tables.js';
import { staffUsers } from '../staff/staff.tables.js';
import { rolesOfStaffUser } from '../staff/staff.repo.js';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/** Only the hash is stored; the token itself lives in the user's cookie. */
const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

// Writing last_seen_at on every request would turn every read into a write.
const TOUCH_AFTER_MS = 60_000;

/** The live session of a token hash with its user; built once, since every request runs it. */
const sessionLookup = (db: Db) =>
  db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      userId: staffUsers.id,
      userName: staffUsers.userName,
      displayName: staffUsers.displayName,
      mustChangePassword: staffUsers.mustChangePassword,
      systemAdmin: staffUsers.systemAdmin,
      roles: rolesOfStaffUser,
    })
    .from(sessions)
    .innerJoin(staffUsers, eq(staffUsers.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleCutoff')),
        eq(staffUsers.disabled, false),
        eq(staffUsers.credentialsVersion, sessions.credentialsVersion),
      ),
    )
    .prepare('session_lookup');

export class SessionStore {
  private readonly lookup: ReturnType<typeof sessionLookup>;

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {
    this.lookup = sessionLookup(db);
  }

  async create(
    tx: DbOrTx,
    input: { userId: number; credentialsVersion: number; ip: string | null; userAgent: string | null },
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.policy.maxHours * 3_600_000);
    await tx.insert(sessions).values({ id: hashToken(token), ...input, expiresAt });
    return { token, expiresAt };
  }

  /** The session's user if the session is alive: not expired, not idle too long, user enabled and credentials unchanged. */
  async resolve(token: string): Promise<{ sessionId: string; user: AuthenticatedUser } | null> {
    const id = hashToken(token);
    const now = Date.now();
    const [row] = await this.lookup.execute({
      id,
      now: new Date(now),
      idleCutoff: new Date(now - this.policy.idleMinutes * 60_000),
    });
    if (!row) return null;
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
    }
    return {
      sessionId: id,
      user: {
        id: row.userId,
        userName: row.userName,
        displayName: row.displayName,
        mustChangePassword: row.mustChangePassword,
        systemAdmin: row.systemAdmin,
        roles: row.roles,
      },
    };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /**
   * After a password change: ends every other session of the user and carries the one that made the
   * change over to the new credentials version, so it stays signed in.
   */
  async keepOnly(
    tx: DbOrTx,
    input: { userId: number; sessionId: string; credentialsVersion: number },
  ): Promise<void> {
    await tx.delete(sessions).where(and(eq(sessions.userId, input.userId), ne(sessions.id, input.sessionId)));
    await tx
      .update(sessions)
      .set({ credentialsVersion: input.credentialsVersion })
      .where(eq(sessions.id, input.sessionId));
  }

  async purgeExpired(): Promise<number> {
    const idleCutoff = new Date(Date.now() - this.policy.idleMinutes * 60_000);
    const removed = await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleCutoff)))
      .returning({ id: sessions.id });
    return removed.length;
  }
}
