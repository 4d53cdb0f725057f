import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CatalogueFilterSchema,
  CatalogueGroupPageSchema,
  CatalogueGroupSchema,
  CatalogueQuerySchema,
  TagCatalogueOptionsSchema,
  TagCodeParamSchema,
  TagCreateSchema,
  TagGroupCodeParamSchema,
  TagGroupCreateSchema,
  TagGroupUpdateSchema,
  TagHolderPageSchema,
  TagHolderQuerySchema,
  TagOfGroupParamSchema,
  TagTooltipSaveSchema,
  TagUpdateSchema,
} from '@cmp/domain/tags/tag-catalogue-editing';
import { tenantActing } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { TagCatalogueService } from './tag-catalogue.service.js';

const tags = ['tag catalogue'];
/** The catalogue is shared by every tenant's station editors: only a tenant's administrators change it. */
const admin = { access: { tenantRole: 'admin' as const } };

export const tagCatalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: TagCatalogueService;
  listExports: ListExports;
}> = async (app, { catalogue, listExports }) => {
  app.get(
    '/tag-catalogue/options',
    {
      schema: {
        tags,
        summary: 'List tag categories and providers',
        response: { 200: TagCatalogueOptionsSchema },
      },
    },
    () => catalogue.options(),
  );

  app.get(
    '/tag-catalogue/groups',
    {
      schema: {
        tags,
        summary: 'List the tag catalogue',
        description: 'Tag groups with their tags (each with how many stations hold it) and tooltips',
        querystring: CatalogueQuerySchema,
        response: { 200: CatalogueGroupPageSchema },
      },
    },
    (request) => catalogue.list(request.query),
  );

  listExports.route(app, {
    url: '/tag-catalogue/export',
    tags,
    summary: 'Export the tag catalogue',
    filter: CatalogueFilterSchema,
    list: catalogue.export,
    query: (filter) => filter,
  });

  app.post(
    '/tag-catalogue/groups',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a tag group',
        body: TagGroupCreateSchema,
        response: { 201: CatalogueGroupSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await catalogue.createGroup(request.body, tenantActing(request))),
  );

  app.put(
    '/tag-catalogue/groups/:tagGroupCode',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Update a tag group',
        params: TagGroupCodeParamSchema,
        body: TagGroupUpdateSchema,
        response: { 200: CatalogueGroupSchema },
      },
    },
    (request) => catalogue.updateGroup(request.params.tagGroupCode, request.body, tenantActing(request)),
  );

  app.put(
    '/tag-catalogue/groups/:tagGroupCode/tooltip',
    {
      config: admin,
      schema: {
        tags,
        summary: "Set a tag group's tooltip",
        description: 'An empty text removes the tooltip',
        params: TagGroupCodeParamSchema,
        body: TagTooltipSaveSchema,
        response: { 200: CatalogueGroupSchema },
      },
    },
    (request) =>
      catalogue.saveTooltip(request.params.tagGroupCode, request.body.tooltipText, tenantActing(request)),
  );

  app.post(
    '/tag-catalogue/groups/:tagGroupCode/tags',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a tag to a group',
        params: TagGroupCodeParamSchema,
        body: TagCreateSchema,
        response: { 201: CatalogueGroupSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await catalogue.createTag(request.params.tagGroupCode, request.body, tenantActing(request))),
  );

  app.put(
    '/tag-catalogue/groups/:tagGroupCode/tags/:tagCode',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Update a tag of a group',
        params: TagOfGroupParamSchema,
        body: TagUpdateSchema,
        response: { 200: CatalogueGroupSchema },
      },
    },
    (request) =>
      catalogue.updateTag(
        request.params.tagGroupCode,
        request.params.tagCode,
        request.body,
        tenantActing(request),
      ),
  );

  app.delete(
    '/tag-catalogue/groups/:tagGroupCode/tags/:tagCode',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a tag of a group',
        description: 'Refused (409) while stations hold the tag, saying how many',
        params: TagOfGroupParamSchema,
        response: { 200: CatalogueGroupSchema },
      },
    },
    (request) =>
      catalogue.deleteTag(request.params.tagGroupCode, request.params.tagCode, tenantActing(request)),
  );

  app.get(
    '/tag-catalogue/tags/:tagCode/stations',
    {
      schema: {
        tags,
        summary: 'List the stations holding a tag',
        params: TagCodeParamSchema,
        querystring: TagHolderQuerySchema,
        response: { 200: TagHolderPageSchema },
      },
    },
    (request) => catalogue.holders(request.params.tagCode, request.query.pageNo, request.query.pageSize),
  );
};
