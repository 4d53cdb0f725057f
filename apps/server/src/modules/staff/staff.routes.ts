import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CreateStaffUserRequest,
  CreatedStaffUser,
  PasswordIssued,
  ResetPasswordRequest,
  StaffUser,
  StaffUserListQuery,
  StaffUserPage,
  UpdateStaffUserRequest,
} from '@cmp/domain';
import { idParam } from '@cmp/domain/shared/input';
import { StaffUserFilter } from '@cmp/domain/staff/staff-export';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { ActingAdmin, StaffService } from './staff.service.js';

const UserParams = z.object({ userId: idParam() });
const tags = ['staff'];
const config = { access: 'staff-admin' } as const;

const acting = (request: FastifyRequest): ActingAdmin => ({
  user: request.auth!.user,
  actor: actorOf(request),
});

interface StaffRouteOptions {
  staff: StaffService;
  listExports: ListExports;
}

/** Staff administration under /api/admin, scoped by the staff service to the tenants the caller administers. */
export const staffRoutes: FastifyPluginAsyncZod<StaffRouteOptions> = async (app, { staff, listExports }) => {
  app.get(
    '/users',
    {
      config,
      schema: {
        tags,
        summary: 'List staff users',
        querystring: StaffUserListQuery,
        response: { 200: StaffUserPage },
      },
    },
    (request) => staff.list(request.query, acting(request)),
  );

  listExports.route(app, {
    url: '/users/export',
    tags,
    summary: 'Export staff users',
    config,
    filter: StaffUserFilter,
    list: staff.export,
    query: (filter, request) => staff.exportQuery(filter, acting(request)),
  });

  app.get(
    '/users/:userId',
    {
      config,
      schema: { tags, summary: 'Get a staff user', params: UserParams, response: { 200: StaffUser } },
    },
    (request) => staff.get(request.params.userId, acting(request)),
  );

  app.post(
    '/users',
    {
      config,
      schema: {
        tags,
        summary: 'Create a staff user',
        body: CreateStaffUserRequest,
        response: { 201: CreatedStaffUser },
      },
    },
    async (request, reply) => reply.status(201).send(await staff.create(request.body, acting(request))),
  );

  app.patch(
    '/users/:userId',
    {
      config,
      schema: {
        tags,
        summary: 'Update a staff user',
        params: UserParams,
        body: UpdateStaffUserRequest,
        response: { 200: StaffUser },
      },
    },
    (request) => staff.update(request.params.userId, request.body, acting(request)),
  );

  app.post(
    '/users/:userId/disable',
    {
      config,
      schema: { tags, summary: 'Disable a staff user', params: UserParams, response: { 200: StaffUser } },
    },
    (request) => staff.setDisabled(request.params.userId, true, acting(request)),
  );

  app.post(
    '/users/:userId/enable',
    {
      config,
      schema: { tags, summary: 'Enable a staff user', params: UserParams, response: { 200: StaffUser } },
    },
    (request) => staff.setDisabled(request.params.userId, false, acting(request)),
  );

  app.post(
    '/users/:userId/reset-password',
    {
      config,
      schema: {
        tags,
        summary: "Reset a staff user's password",
        params: UserParams,
        body: ResetPasswordRequest,
        response: { 200: PasswordIssued },
      },
    },
    async (request) => ({
      password: await staff.resetPassword(request.params.userId, request.body?.password, acting(request)),
    }),
  );
};
