import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TagGroupListSchema,
  TagMetadataQuerySchema,
  TagTooltipListSchema,
  TagTooltipQuerySchema,
} from '@cmp/domain/tags/tag-contracts';
import type { TagsService } from './tags.service.js';

const routeTags = ['tags'];

export const tagRoutes: FastifyPluginAsyncZod<{ tags: TagsService }> = async (app, { tags }) => {
  app.get(
    '/tags/metadata',
    {
      schema: {
        tags: routeTags,
        summary: 'Tag groups with their tags, a page of at most 100 from offset 0 unless told',
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
        summary: "The explanations of the tag groups of a station's type",
        querystring: TagTooltipQuerySchema,
        response: { 200: TagTooltipListSchema },
      },
    },
    async (request) => ({ items: await tags.tooltips(request.query.resource_id) }),
  );
};
