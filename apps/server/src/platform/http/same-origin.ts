import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@cmp/domain';
import { AppError } from './app-error.js';
import { isSafeMethod } from '../auth/access-hook.js';
import { isSignedClientAccess } from './route-access.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public route devices call with a secret link, never a browser with a session. */
    deviceLink?: boolean;
  }
}

/**
 * Accepts a state-changing request only when a browser says it comes from the portal's own origin:
 * an `Origin` equal in scheme, host and port to the address the request reached, or, where a browser
 * sends no `Origin`, `Sec-Fetch-Site: same-origin`. SameSite=Lax already keeps the session cookie off
 * cross-site POSTs; this also covers same-site subdomains, sign-in forged from another page, and old
 * browsers. Clients that are not browsers are not callers of this portal's staff API.
 * Behind a proxy that terminates HTTPS the request's scheme and host come from X-Forwarded-* only
 * with TRUST_PROXY=on (docs/operations.md).
 */
export function registerSameOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    // Registered clients are servers, not browsers: their signature, not an Origin, vouches for them.
    if (isSafeMethod(request.method) || isSignedClientAccess(request.routeOptions.config.access)) return;
    // No route: the request changes nothing and answers 404 as it is (a wrong path or method under
    // /api/app is an integrator's mistake to be told as such, not a cross-site request).
    if (request.routeOptions.url === undefined) return;
    // Devices posting to a link they were given (a charger's diagnostics upload): the link's token is the
    // only key, no cookie rides along, so there is nothing for a forged request to borrow.
    if (request.routeOptions.config.deviceLink) return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'same-origin') return;
      throw refused('a state-changing request must carry an Origin header');
    }
    const from = originOf(origin);
    if (from === null || from !== ownOrigin(request)) {
      throw refused('requests from another site are not accepted');
    }
  });
}

const refused = (message: string) => new AppError(403, ERROR_CODES.crossOrigin, message);

/** `scheme://host:port` with the default port spelled out, or null for `null` and malformed values. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return null;
  }
}

const ownOrigin = (request: FastifyRequest): string | null =>
  originOf(`${request.protocol}://${request.host}`);
