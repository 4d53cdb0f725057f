import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { signInAttempts } from './auth.tables.js';

export interface SignInLimits {
  windowMinutes: number;
  /** Passwords checked per user name and window. */
  perUserName: number;
  /** Failed sign-ins per address and window, whatever the user names. */
  perAddress: number;
}

/**
 * Five guesses per account and quarter hour stop guessing one account's password. The address limit
 * stops spraying guesses over many user names, and is high because everyone behind one office NAT or
 * an untrusted proxy shares an address: twenty mistyped or random names must not lock them all out.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { windowMinutes: 15, perUserName: 5, perAddress: 100 };

const userKey = (userName: string) => `user:${userName.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Counts sign-in attempts in the database (not in memory), so the limits hold across several server
 * processes. An attempt is counted before its password is checked, in one atomic upsert per key, so
 * however many arrive at once, at most `perUserName` of them are ever checked in a window.
 */
export class SignInLimiter {
  constructor(
    private readonly db: Db,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  /**
   * Counts one attempt for the user name and the address. Answers 0 when the password may be checked,
   * otherwise the seconds until the window that refused it ends.
   */
  async takeAttempt(userName: string, ip: string): Promise<number> {
    const windowEnded = sql`${signInAttempts.windowStartedAt} <= now() - make_interval(mins => ${this.limits.windowMinutes})`;
    const counted = await this.db
      .insert(signInAttempts)
      .values([
        { key: userKey(userName), windowStartedAt: sql`now()`, attempts: 1 },
        { key: addressKey(ip), windowStartedAt: sql`now()`, attempts: 1 },
      ])
      .onConflictDoUpdate({
        target: signInAttempts.key,
        set: {
          attempts: sql`case when ${windowEnded} then 1 else ${signInAttempts.attempts} + 1 end`,
          windowStartedAt: sql`case when ${windowEnded} then now() else ${signInAttempts.windowStartedAt} end`,
        },
      })
      .returning({
        key: signInAttempts.key,
        attempts: signInAttempts.attempts,
        secondsLeft:
          sql<number>`ceil(extract(epoch from ${signInAttempts.windowStartedAt} + make_interval(mins => ${this.limits.windowMinutes}) - now()))`.mapWith(
            Number,
          ),
      });
    let wait = 0;
    for (const row of counted) {
      const limit = row.key.startsWith('user:') ? this.limits.perUserName : this.limits.perAddress;
      if (row.attempts > limit) wait = Math.max(wait, row.secondsLeft, 1);
    }
    return wait;
  }

  /** A success ends the user name's count, and does not count as the address's failure. */
  async succeeded(userName: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(signInAttempts).where(eq(signInAttempts.key, userKey(userName)));
      await tx
        .update(signInAttempts)
        .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
        .where(eq(signInAttempts.key, addressKey(ip)));
    });
  }

  /** Deletes the counts of windows that have ended; answers how many went. */
  async purgeOld(): Promise<number> {
    const removed = await this.db
      .delete(signInAttempts)
      .where(
        lte(signInAttempts.windowStartedAt, sql`now() - make_interval(mins => ${this.limits.windowMinutes})`),
      )
      .returning({ key: signInAttempts.key });
    return removed.length;
  }
}
