import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DictEntriesSchema, DictQuerySchema } from '@cmp/domain/stations/dictionaries';
import type { DictionaryService } from './dictionaries.service.js';

const tags = ['dictionaries'];

export const dictionaryRoutes: FastifyPluginAsyncZod<{ dictionaries: DictionaryService }> = async (
  app,
  { dictionaries },
) => {
  app.get(
    '/dictionaries',
    {
      schema: {
        tags,
        summary: 'List dictionary entries',
        querystring: DictQuerySchema,
        response: { 200: DictEntriesSchema },
      },
    },
    async (request) => ({ items: await dictionaries.entries(request.query.dictTypeCode) }),
  );
};
