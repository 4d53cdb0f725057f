import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CommentVendorListSchema,
  CommentVendorSaveSchema,
  CommentVendorSchema,
  CommentVendorSecretSchema,
} from '@cmp/domain/comments/comment-vendors';
import { text } from '@cmp/domain/shared/input';
import { actorOf } from '../../platform/audit/audit.js';
import type { CommentVendorsService } from './comment-vendors.service.js';

const VendorParams = z.object({ applicationId: text(64).min(1) });
const tags = ['comment vendors'];
/** Vendors hold keys into the portal: only the tenant's admins see and change them. */
const ADMIN = { access: { tenantRole: 'admin' as const } };

/** Comment vendors of the tenant under /api/{tenant}/comment-vendors. */
export const commentVendorRoutes: FastifyPluginAsyncZod<{ vendors: CommentVendorsService }> = async (
  app,
  { vendors },
) => {
  app.get(
    '/comment-vendors',
    {
      config: ADMIN,
      schema: { tags, summary: 'List comment vendors', response: { 200: CommentVendorListSchema } },
    },
    async (request) => ({ items: await vendors.list(request.tenant!) }),
  );

  app.post(
    '/comment-vendors',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Create a comment vendor',
        description: 'Answers the secret code once; it is not stored and cannot be read again.',
        body: CommentVendorSaveSchema,
        response: { 201: CommentVendorSecretSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await vendors.create(request.tenant!, request.body, actorOf(request))),
  );

  app.put(
    '/comment-vendors/:applicationId',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Update a comment vendor',
        params: VendorParams,
        body: CommentVendorSaveSchema,
        response: { 200: CommentVendorSchema },
      },
    },
    (request) =>
      vendors.update(request.tenant!, request.params.applicationId, request.body, actorOf(request)),
  );

  app.delete(
    '/comment-vendors/:applicationId',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Delete a comment vendor',
        description: 'Only a vendor that never sent a comment; 422 otherwise (disable it instead).',
        params: VendorParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await vendors.remove(request.tenant!, request.params.applicationId, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/comment-vendors/:applicationId/rotate-secret',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Rotate a comment vendor secret',
        description: 'A new secret code, answered once; the old one stops working at once.',
        params: VendorParams,
        response: { 200: CommentVendorSecretSchema },
      },
    },
    (request) => vendors.rotateSecret(request.tenant!, request.params.applicationId, actorOf(request)),
  );
};
