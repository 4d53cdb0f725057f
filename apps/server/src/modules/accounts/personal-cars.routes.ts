import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Job } from '@cmp/domain';
import {
  PersonalCarExportQuerySchema,
  PersonalCarListQuerySchema,
  PersonalCarPageSchema,
} from '@cmp/domain/accounts/car-contracts';
import type { Db } from '../../platform/db/database.js';
import { answerExport } from '../../platform/export/export-route.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { PersonalCarsService } from './personal-cars.service.js';

const tags = ['accounts'];

interface PersonalCarRouteOptions {
  cars: PersonalCarsService;
  db: Db;
  jobs: Jobs;
  exportStreamLimit: number;
}

/** The personal car list under /api/{tenant}/personal-cars, and its export. */
export const personalCarRoutes: FastifyPluginAsyncZod<PersonalCarRouteOptions> = async (
  app,
  { cars, db, jobs, exportStreamLimit },
) => {
  app.get(
    '/personal-cars',
    {
      schema: {
        tags,
        description:
          "The tenant's personal cars by account, plate (its beginning), binding status and model.",
        querystring: PersonalCarListQuerySchema,
        response: { 200: PersonalCarPageSchema },
      },
    },
    (request) => cars.list(request.tenant!, request.query),
  );

  app.get(
    '/personal-cars/export',
    {
      schema: {
        tags,
        description: 'The file at once (200) up to the stream limit of rows, else an export job (202).',
        querystring: PersonalCarExportQuerySchema,
        response: { 202: Job },
      },
    },
    async (request, reply) => {
      const { format, columns, timeZone, ...filter } = request.query;
      return answerExport(
        request,
        reply,
        { query: { ...filter, tenant: request.tenant! }, format, columns, timeZone },
        { db, jobs, list: cars.export, streamLimit: exportStreamLimit },
      );
    },
  );
};
