import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfigItemDeleteQuerySchema,
  ConfigItemParamsSchema,
  ConfigItemSaveSchema,
  ConfigItemsSchema,
  ConfigNamespaceListSchema,
  NamespaceCreateSchema,
  NamespaceParamsSchema,
  ReleaseCreateSchema,
  ReleaseDetailSchema,
  ReleaseDiffQuerySchema,
  ReleaseDiffSchema,
  ReleaseFilterSchema,
  ReleaseListQuerySchema,
  ReleaseListSchema,
  ReleaseParamsSchema,
  ReleaseSummarySchema,
  RollbackSchema,
} from '@cmp/domain/cloud-config/cloud-config';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { CloudConfigService } from './cloud-config.service.js';

const tags = ['cloud-config'];
/** A namespace is what every app of the tenant reads: only admins add one. */
const ADMIN = { access: { tenantRole: 'admin' as const } };
const NoContent = z.null().describe('No content');

/**
 * The tenant's configuration app under /api/{tenant}/cloud-config: viewers read, operators edit, release
 * and roll back (the access hook's default for changes).
 */
export const cloudConfigRoutes: FastifyPluginAsyncZod<{
  config: CloudConfigService;
  listExports: ListExports;
}> = async (app, { config, listExports }) => {
  app.get(
    '/cloud-config/namespaces',
    {
      schema: {
        tags,
        summary: "List the configuration app's namespaces",
        description:
          'Each with its item count, its changes since the latest release and its notification id.',
        response: { 200: ConfigNamespaceListSchema },
      },
    },
    (request) => config.namespaces(request.tenant!),
  );

  app.post(
    '/cloud-config/namespaces',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Add a namespace',
        description: '409 for a name the tenant has.',
        body: NamespaceCreateSchema,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await config.createNamespace(request.tenant!, request.body, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/cloud-config/namespaces/:namespaceName/items',
    {
      schema: {
        tags,
        summary: "Get a namespace's items",
        description:
          'The working items, each marked unchanged, added or changed since the latest release, and the ' +
          'released keys deleted since.',
        params: NamespaceParamsSchema,
        response: { 200: ConfigItemsSchema },
      },
    },
    (request) => config.items(request.tenant!, request.params.namespaceName),
  );

  app.put(
    '/cloud-config/namespaces/:namespaceName/items',
    {
      schema: {
        tags,
        summary: 'Save an item',
        description:
          'The value is JSON text checked against the shape its key expects (docs/decisions.md "Cloud ' +
          'configuration"): 400 with the place inside the value. A new key leaves out version (409 when the ' +
          'namespace has it); a saved one names the version read (409 when saved since). The editor is the ' +
          'signed-in user. The apps see the change once released.',
        params: NamespaceParamsSchema,
        body: ConfigItemSaveSchema,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await config.saveItem(request.tenant!, request.params.namespaceName, request.body, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/cloud-config/namespaces/:namespaceName/items/:key',
    {
      schema: {
        tags,
        summary: 'Delete an item',
        description: 'From the version read (409 when saved since); the apps keep it until the next release.',
        params: ConfigItemParamsSchema,
        querystring: ConfigItemDeleteQuerySchema,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const { namespaceName, key } = request.params;
      await config.deleteItem(request.tenant!, namespaceName, key, request.query.version, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/cloud-config/namespaces/:namespaceName/releases',
    {
      schema: {
        tags,
        summary: 'Release the namespace',
        description:
          'The working items become the next release, an immutable snapshot, and the apps long-polling the ' +
          'namespace are told at once. The releaser is the signed-in user. 409 when nothing changed since the ' +
          'latest release.',
        params: NamespaceParamsSchema,
        body: ReleaseCreateSchema,
        response: { 201: ReleaseSummarySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await config.release(request.tenant!, request.params.namespaceName, request.body, actorOf(request)),
        ),
  );

  app.get(
    '/cloud-config/namespaces/:namespaceName/releases',
    {
      schema: {
        tags,
        summary: "List a namespace's releases",
        params: NamespaceParamsSchema,
        querystring: ReleaseListQuerySchema,
        response: { 200: ReleaseListSchema },
      },
    },
    (request) => config.releases(request.tenant!, request.params.namespaceName, request.query),
  );

  listExports.route(app, {
    url: '/cloud-config/namespaces/:namespaceName/releases/export',
    tags,
    summary: "Export a namespace's releases",
    params: NamespaceParamsSchema,
    filter: ReleaseFilterSchema,
    list: config.export,
    query: (filter, request) => ({
      ...filter,
      tenant: request.tenant!,
      namespaceName: request.params.namespaceName,
    }),
  });

  app.get(
    '/cloud-config/namespaces/:namespaceName/diff',
    {
      schema: {
        tags,
        summary: 'Compare two releases',
        description:
          'The keys added, removed and changed from fromReleaseId to toReleaseId, with old and new values; ' +
          'without toReleaseId, to the working items.',
        params: NamespaceParamsSchema,
        querystring: ReleaseDiffQuerySchema,
        response: { 200: ReleaseDiffSchema },
      },
    },
    (request) => config.diff(request.tenant!, request.params.namespaceName, request.query),
  );

  app.get(
    '/cloud-config/namespaces/:namespaceName/releases/:releaseId',
    {
      schema: {
        tags,
        summary: 'Get a release with its items',
        params: ReleaseParamsSchema,
        response: { 200: ReleaseDetailSchema },
      },
    },
    (request) =>
      config.releaseDetail(request.tenant!, request.params.namespaceName, request.params.releaseId),
  );

  app.post(
    '/cloud-config/namespaces/:namespaceName/releases/:releaseId/rollback',
    {
      schema: {
        tags,
        summary: 'Roll back to a release',
        description:
          'A new release whose items equal that release, and the working items set to them (unreleased ' +
          'edits are overwritten; the audit keeps them). 409 when it is the latest release and the items ' +
          'equal it.',
        params: ReleaseParamsSchema,
        body: RollbackSchema,
        response: { 201: ReleaseSummarySchema },
      },
    },
    async (request, reply) => {
      const { namespaceName, releaseId } = request.params;
      return reply
        .status(201)
        .send(
          await config.rollback(request.tenant!, namespaceName, releaseId, request.body, actorOf(request)),
        );
    },
  );
};
