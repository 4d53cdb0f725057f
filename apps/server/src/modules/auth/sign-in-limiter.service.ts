import type { Db } from '../../platform/db/database.js';
import * as repo from './sign-in-attempts.repo.js';

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
    const counted = await repo.countAttempts(
      this.db,
      [userKey(userName), addressKey(ip)],
      this.limits.windowMinutes,
    );
    let wait = 0;
    for (const row of counted) {
      const limit = row.key.startsWith('user:') ? this.limits.perUserName : this.limits.perAddress;
      if (row.attempts > limit) wait = Math.max(wait, row.secondsLeft, 1);
    }
    return wait;
  }

  /** A success ends the user name's count, and does not count as the address's failure. */
  succeeded(userName: string, ip: string): Promise<void> {
    return repo.forgiveAttempts(this.db, userKey(userName), addressKey(ip));
  }

  /** Deletes the counts of windows that have ended; answers how many went. */
  purgeOld(): Promise<number> {
    return repo.deleteEndedWindows(this.db, this.limits.windowMinutes);
  }
}
