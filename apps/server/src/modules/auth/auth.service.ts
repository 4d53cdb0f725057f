import { ERROR_CODES, type CurrentUser } from '@cmp/domain';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { toCurrentUser, type StaffService } from '../staff/staff.service.js';
import type { SessionStore } from './sessions.service.js';
import type { SignInLimiter } from './sign-in-limiter.service.js';

export interface SignInInput {
  userName: string;
  password: string;
  ip: string;
  userAgent: string | null;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly staff: StaffService,
    private readonly sessions: SessionStore,
    private readonly limiter: SignInLimiter,
  ) {}

  async signIn(input: SignInInput): Promise<{ user: CurrentUser; token: string; expiresAt: Date }> {
    await this.takeAttempt(input.userName, input.ip);
    const user = await this.staff.account({ userName: input.userName });
    // Verify even when the user does not exist, so timing does not tell which user names exist.
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordOk) {
      throw new AppError(401, ERROR_CODES.invalidCredentials, 'wrong user name or password');
    }
    if (user.disabled) throw new AppError(403, ERROR_CODES.accountDisabled, 'this account is disabled');
    await this.limiter.succeeded(input.userName, input.ip);
    const actor: Actor = { userId: user.id, userName: user.userName, type: 'staff', requestId: null };
    const session = await this.db.transaction(async (tx) => {
      const created = await this.sessions.create(tx, {
        userId: user.id,
        credentialsVersion: user.credentialsVersion,
        ip: input.ip,
        userAgent: input.userAgent,
      });
      await this.staff.recordSignIn(tx, user.id);
      await writeAudit(tx, { actor, entityType: 'staff_user', entityId: user.id, action: 'SIGN_IN' });
      return created;
    });
    return { user: toCurrentUser(user), ...session };
  }

  /** Counts a password check against the sign-in limits; refuses with 429 once they are spent. */
  private async takeAttempt(userName: string, ip: string): Promise<void> {
    const retryAfter = await this.limiter.takeAttempt(userName, ip);
    if (retryAfter > 0) {
      throw new AppError(
        429,
        ERROR_CODES.tooManyAttempts,
        `too many failed password checks; try again in ${retryAfter} seconds`,
        { retryAfterSeconds: retryAfter },
        { 'retry-after': String(retryAfter) },
      );
    }
  }

  signOut(sessionId: string): Promise<void> {
    return this.sessions.revoke(sessionId);
  }

  /**
   * Ends every other session of the user; the one that made the change stays signed in. The current
   * password is checked under the sign-in limits (same user name and address counts), so a session left
   * open cannot be used to guess it faster than the sign-in page allows.
   */
  async changePassword(input: {
    userId: number;
    sessionId: string;
    currentPassword: string;
    newPassword: string;
    ip: string;
    actor: Actor;
  }): Promise<void> {
    const user = await this.staff.account({ id: input.userId });
    if (!user) throw AppError.notFound('staff user', input.userId);
    await this.takeAttempt(user.userName, input.ip);
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      throw AppError.rule('wrong_password', 'the current password is wrong');
    }
    await this.limiter.succeeded(user.userName, input.ip);
    if (input.currentPassword === input.newPassword) {
      throw AppError.rule('password_unchanged', 'the new password must differ from the current one');
    }
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await this.staff.setOwnPassword(tx, user.id, passwordHash);
      await this.sessions.keepOnly(tx, {
        userId: user.id,
        sessionId: input.sessionId,
        credentialsVersion: user.credentialsVersion + 1,
      });
      await writeAudit(tx, {
        actor: input.actor,
        entityType: 'staff_user',
        entityId: user.id,
        action: 'CHANGE_PASSWORD',
      });
    });
    this.sessions.forgetUser(user.id);
  }
}
