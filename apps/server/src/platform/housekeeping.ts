import type { FastifyInstance } from 'fastify';
import type { SessionStore } from './auth/sessions.js';
import type { SignInLimiter } from '../modules/auth/sign-in-limiter.js';

const EVERY_MS = 15 * 60_000;

/** Deletes ended sessions and sign-in failures that no longer count, so the tables stay small. */
export function registerHousekeeping(
  app: FastifyInstance,
  work: { sessions: SessionStore; limiter: SignInLimiter },
): void {
  const run = async () => {
    try {
      const removed = await work.sessions.purgeExpired();
      await work.limiter.purgeOld();
      if (removed > 0) app.log.info({ removed }, 'ended sessions purged');
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping failed; retrying at the next interval');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
