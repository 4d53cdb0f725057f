import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { signInFailures } from './auth.tables.js';

export interface SignInLimits {
  windowMinutes: number;
  perUserName: number;
  perAddress: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { windowMinutes: 15, perUserName: 5, perAddress: 20 };

const userKey = (userName: string) => `user:${userName.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Counts failed sign-ins in the database (not in memory) so the limit holds across several server
 * processes. A user name is limited tighter than an address: guessing one account's password is
 * the attack; an office behind one address has many honest users.
 */
export class SignInLimiter {
  constructor(
    private readonly db: Db,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  async retryAfterSeconds(userName: string, ip: string): Promise<number> {
    const since = new Date(Date.now() - this.limits.windowMinutes * 60_000);
    const checks: [string, number][] = [
      [userKey(userName), this.limits.perUserName],
      [addressKey(ip), this.limits.perAddress],
    ];
    let wait = 0;
    for (const [key, limit] of checks) {
      const rows = await this.db
        .select({ failedAt: signInFailures.failedAt })
        .from(signInFailures)
        .where(and(eq(signInFailures.key, key), gt(signInFailures.failedAt, since)))
        .orderBy(asc(signInFailures.failedAt));
      if (rows.length >= limit) {
        // The window frees a slot when the oldest failure that still counts falls out of it.
        const oldest = rows[rows.length - limit]!.failedAt.getTime();
        wait = Math.max(wait, Math.ceil((oldest + this.limits.windowMinutes * 60_000 - Date.now()) / 1000));
      }
    }
    return Math.max(wait, 0);
  }

  async recordFailure(userName: string, ip: string): Promise<void> {
    await this.db.insert(signInFailures).values([{ key: userKey(userName) }, { key: addressKey(ip) }]);
  }

  async clearUser(userName: string): Promise<void> {
    await this.db.delete(signInFailures).where(inArray(signInFailures.key, [userKey(userName)]));
  }

  async purgeOld(): Promise<void> {
    await this.db
      .delete(signInFailures)
      .where(lt(signInFailures.failedAt, sql`now() - make_interval(mins => ${this.limits.windowMinutes})`));
  }
}
