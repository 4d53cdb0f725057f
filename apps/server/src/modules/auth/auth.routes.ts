import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ChangePasswordRequest, CurrentUser, SignInRequest } from '@cmp/domain';
import { actorOf } from '../../platform/audit/audit.js';
import { SESSION_COOKIE } from '../../platform/auth/access-hook.js';
import type { StaffService } from '../staff/staff.service.js';
import type { AuthService } from './auth.service.js';

export interface AuthRouteOptions {
  auth: AuthService;
  staff: StaffService;
  cookieSecure: 'auto' | 'on' | 'off';
}

const tags = ['auth'];
const pending = { allowPendingPasswordChange: true } as const;

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (
  app,
  { auth, staff, cookieSecure },
) => {
  const secure = (request: FastifyRequest) =>
    cookieSecure === 'on' || (cookieSecure === 'auto' && request.protocol === 'https');
  const clearCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(request),
    });

  app.post(
    '/sign-in',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign in', body: SignInRequest, response: { 200: CurrentUser } },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await auth.signIn({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      void reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secure(request),
        expires: expiresAt,
      });
      return user;
    },
  );

  app.post(
    '/sign-out',
    { config: { access: 'public' }, schema: { tags, summary: 'Sign out', response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.auth) await auth.signOut(request.auth.sessionId);
      return clearCookie(request, reply).status(204).send(null);
    },
  );

  app.get(
    '/me',
    { config: pending, schema: { tags, summary: 'Get the signed-in user', response: { 200: CurrentUser } } },
    (request) => staff.currentUser(request.auth!.user.id),
  );

  app.post(
    '/password',
    {
      config: pending,
      schema: {
        tags,
        summary: 'Change own password',
        body: ChangePasswordRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await auth.changePassword({
        userId: request.auth!.user.id,
        sessionId: request.auth!.sessionId,
        ...request.body,
        ip: request.ip,
        actor: actorOf(request),
      });
      return reply.status(204).send(null);
    },
  );
};
