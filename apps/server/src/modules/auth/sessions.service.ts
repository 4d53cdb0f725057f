import { createHash, randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { SessionCache } from '../../platform/auth/session-cache.js';
import type { AuthenticatedUser, RequestAuth } from '../../platform/http/route-access.js';
import * as repo from './sessions.repo.js';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/** Only the hash is stored; the token itself lives in the user's cookie. */
const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

// Writing last_seen_at on every request would turn every read into a write.
const TOUCH_AFTER_MS = 60_000;
/**
 * How long this process answers a session from memory. Changes made here take effect at once; a sign-out,
 * a role change or a disabled account in another process sharing the database takes up to this long.
 */
export const SESSION_CACHE_MS = 5_000;
// A few megabytes at most; beyond it the oldest entries go.
const SESSION_CACHE_ENTRIES = 10_000;

export class SessionStore {
  private readonly lookup: ReturnType<typeof repo.prepareSessionLookup>;
  private readonly cache = new SessionCache<RequestAuth>(SESSION_CACHE_ENTRIES);

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {
    this.lookup = repo.prepareSessionLookup(db);
  }

  async create(
    tx: DbOrTx,
    input: { userId: number; credentialsVersion: number; ip: string | null; userAgent: string | null },
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.policy.maxHours * 3_600_000);
    await repo.insertSession(tx, { id: hashToken(token), ...input, expiresAt });
    return { token, expiresAt };
  }

  /**
   * The session's user if the session is alive: not expired, not idle too long, user enabled and credentials
   * unchanged. Answered from memory for up to SESSION_CACHE_MS, never past the moment the session would
   * expire, go idle or be due to be touched.
   */
  async resolve(token: string): Promise<RequestAuth | null> {
    const id = hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(id, now);
    if (cached) return cached;
    const started = this.cache.begin();
    const [row] = await this.lookup.execute({
      id,
      now: new Date(now),
      idleCutoff: new Date(now - this.policy.idleMinutes * 60_000),
    });
    if (!row) return null;
    let lastSeen = row.lastSeenAt.getTime();
    if (Date.now() - lastSeen > TOUCH_AFTER_MS) {
      lastSeen = Date.now();
      await repo.touchSession(this.db, id, new Date(lastSeen));
    }
    // Shared by the requests the cache answers: frozen, so none can change another's user.
    const resolved: RequestAuth = Object.freeze({
      sessionId: id,
      user: Object.freeze({
        id: row.userId,
        userName: row.userName,
        displayName: row.displayName,
        mustChangePassword: row.mustChangePassword,
        systemAdmin: row.systemAdmin,
        roles: Object.freeze(row.roles) as AuthenticatedUser['roles'],
      }),
    });
    const until = Math.min(
      now + SESSION_CACHE_MS,
      row.expiresAt.getTime(),
      lastSeen + this.policy.idleMinutes * 60_000,
      lastSeen + TOUCH_AFTER_MS,
    );
    this.cache.set(id, { value: resolved, userId: row.userId, until }, started);
    return resolved;
  }

  /** After a change to a user made by this process (roles, profile, state, password): read again at once. */
  forgetUser(userId: number): void {
    this.cache.forgetUser(userId);
  }

  async revoke(sessionId: string): Promise<void> {
    await repo.deleteSession(this.db, sessionId);
    this.cache.forget(sessionId);
  }

  /**
   * After a password change: ends every other session of the user and carries the one that made the
   * change over to the new credentials version, so it stays signed in. The caller calls `forgetUser`
   * once the transaction is committed.
   */
  async keepOnly(
    tx: DbOrTx,
    input: { userId: number; sessionId: string; credentialsVersion: number },
  ): Promise<void> {
    await repo.keepOnlySession(tx, input);
  }

  async purgeExpired(): Promise<number> {
    return repo.deleteEndedSessions(this.db, new Date(Date.now() - this.policy.idleMinutes * 60_000));
  }
}
