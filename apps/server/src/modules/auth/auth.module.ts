import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import type { StaffService } from '../staff/staff.service.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { SessionStore } from './sessions.service.js';
import { SignInLimiter, type SignInLimits } from './sign-in-limiter.service.js';

export function authModule(
  { db, config }: SharedDeps,
  needs: { staff: StaffService; signInLimits?: SignInLimits },
): PortalModule & { sessions: SessionStore } {
  const sessions = new SessionStore(db, {
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
  });
  needs.staff.onUserChanged((userId) => sessions.forgetUser(userId));
  const limiter = new SignInLimiter(db, needs.signInLimits);
  const auth = new AuthService(db, needs.staff, sessions, limiter);
  return {
    sessions,
    api: async (scope) =>
      scope.register(authRoutes, {
        prefix: '/auth',
        auth,
        staff: needs.staff,
        cookieSecure: config.cookieSecure,
      }),
    sweeps: [
      { name: 'ended sessions', run: () => sessions.purgeExpired() },
      { name: 'sign-in attempts', run: () => limiter.purgeOld() },
    ],
  };
}
