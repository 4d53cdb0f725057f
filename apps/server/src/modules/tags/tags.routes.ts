import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResourceIdParam } from '@cmp/domain/stations/contract-fields';
import {
  ResourceTagDetailRequestSchema,
  ResourceTagItemListSchema,
  StationTagGroupParamSchema,
  StationTagsSchema,
  TagGroupListSchema,
  TagGroupSetSchema,
  TagMetadataQuerySchema,
  TagTooltipListSchema,
  TagTooltipQuerySchema,
} from '@cmp/domain/tags/tag-contracts';
import { TagOperationUpdateSchema } from '@cmp/domain/tags/tag-updates';
import { localeOf } from '../../platform/http/error-handler.js';
import { tenantActing } from '../../platform/audit/audit.js';
import type { TagsService } from './tags.service.js';

const routeTags = ['tags'];

export const tagRoutes: FastifyPluginAsyncZod<{ tags: TagsService }> = async (app, { tags }) => {
  app.get(
    '/tags/metadata',
    {
      schema: {
        tags: routeTags,
        summary: 'List tag groups with their tags',
        description: 'Tag groups with their tags, a page of at most 100 from offset 0 unless told',
        querystring: TagMetadataQuerySchema,
        response: { 200: TagGroupListSchema },
      },
    },
    async (request) => tags.metadata(request.query),
  );

  app.get(
    '/tags/tooltip',
    {
      schema: {
        tags: routeTags,
        summary: 'Get tag group explanations',
        description: "The explanations of the tag groups of a station's type",
        querystring: TagTooltipQuerySchema,
        response: { 200: TagTooltipListSchema },
      },
    },
    async (request) => ({ items: await tags.tooltips(request.query.resource_id) }),
  );

  app.post(
    '/tags/detail',
    {
      // A read sent as a body (the details call of the spec): viewers may ask it.
      config: { access: { tenantRole: 'viewer' } },
      schema: {
        tags: routeTags,
        summary: 'Query station tags',
        description: 'The tags a station holds, narrowed by provider, group or tag',
        body: ResourceTagDetailRequestSchema,
        response: { 200: ResourceTagItemListSchema },
      },
    },
    async (request) => ({ items: await tags.details(request.body) }),
  );

  app.post(
    '/tags/operation_update',
    {
      schema: {
        tags: routeTags,
        summary: 'Update station tags in bulk',
        description:
          'Adds, updates and deletes tags of stations, all or none, each station’s change in its history',
        body: TagOperationUpdateSchema,
        response: { 200: ResourceTagItemListSchema },
      },
    },
    async (request) => ({ items: await tags.operationUpdate(request.body.items, tenantActing(request)) }),
  );

  app.get(
    '/stations/:resourceId/tags',
    {
      schema: {
        tags: routeTags,
        summary: "Get a station's tag groups",
        description: "A station's tag groups as the tag editor shows them",
        params: ResourceIdParam,
        response: { 200: StationTagsSchema },
      },
    },
    async (request) => tags.stationTags(request.params.resourceId, localeOf(request), request.tenant!),
  );

  app.put(
    '/stations/:resourceId/tags/:tagGroupCode',
    {
      schema: {
        tags: routeTags,
        summary: "Set a station's tag group",
        description: 'Sets one tag group of a station: another tag, another value, none, or yes/no',
        params: StationTagGroupParamSchema,
        body: TagGroupSetSchema,
        response: { 200: StationTagsSchema },
      },
    },
    async (request) =>
      tags.setGroup(
        request.params.resourceId,
        request.params.tagGroupCode,
        request.body,
        tenantActing(request),
        localeOf(request),
      ),
  );
};
