import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@cmp/domain';
import { AppError } from './app-error.js';
import { isSafeMethod } from '../auth/access-hook.js';

/**
 * Rejects state-changing requests a browser sends from another site. SameSite=Lax already keeps
 * the session cookie off cross-site POSTs; this also covers same-site subdomains and old browsers.
 * Requests without Origin or Sec-Fetch-Site (scripts, curl) are not browsers acting for a user.
 */
export function registerSameOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (isSafeMethod(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        throw new AppError(403, ERROR_CODES.crossOrigin, 'malformed Origin header');
      }
      if (originHost !== request.host) {
        throw new AppError(403, ERROR_CODES.crossOrigin, 'requests from another site are not accepted');
      }
      return;
    }
    if (origin === 'null' || request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError(403, ERROR_CODES.crossOrigin, 'requests from another site are not accepted');
    }
  });
}
