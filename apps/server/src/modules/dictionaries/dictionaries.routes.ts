import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DictEntriesSchema,
  DictEntryCreateSchema,
  DictEntryEditSchema,
  DictEntryParamsSchema,
  DictEntrySchema,
  DictQuerySchema,
  DictTypeParamsSchema,
  DictTypesSchema,
} from '@cmp/domain/stations/dictionaries';
import { tenantActing } from '../../platform/audit/audit.js';
import type { DictionaryService } from './dictionaries.service.js';

const tags = ['dictionaries'];
/** Dictionaries are shared by every tenant and feed every station editor: only admins change them. */
const ADMIN = { access: { tenantRole: 'admin' as const } };

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

  app.get(
    '/dictionary-types',
    {
      schema: {
        tags,
        summary: 'List dictionary types',
        description: 'Every dictionary with how many entries it has and how many of them are enabled.',
        response: { 200: DictTypesSchema },
      },
    },
    async () => ({ items: await dictionaries.types() }),
  );

  app.post(
    '/dictionary-types/:dictTypeCode/entries',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Add a dictionary entry',
        description:
          'A code the dictionary has is refused (409 `dictionary.codeTaken`); business scene codes are whole numbers.',
        params: DictTypeParamsSchema,
        body: DictEntryCreateSchema,
        response: { 201: DictEntrySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await dictionaries.createEntry(request.params.dictTypeCode, request.body, tenantActing(request)),
        ),
  );

  app.put(
    '/dictionary-entries/:dictId',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Update a dictionary entry',
        description:
          'Labels, order, description and status. Entries are not deleted: disabling one (status 0) stops it being offered while data holding its code keeps its label.',
        params: DictEntryParamsSchema,
        body: DictEntryEditSchema,
        response: { 200: DictEntrySchema },
      },
    },
    (request) => dictionaries.updateEntry(request.params.dictId, request.body, tenantActing(request)),
  );
};
