import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PersonalCarFilterSchema,
  PersonalCarListQuerySchema,
  PersonalCarPageSchema,
} from '@cmp/domain/accounts/car-contracts';
import type { ListExports } from '../../platform/export/export-route.js';
import type { PersonalCarsService } from './personal-cars.service.js';

const tags = ['accounts'];

interface PersonalCarRouteOptions {
  cars: PersonalCarsService;
  listExports: ListExports;
}

/** The personal car list under /api/{tenant}/personal-cars, and its export. */
export const personalCarRoutes: FastifyPluginAsyncZod<PersonalCarRouteOptions> = async (
  app,
  { cars, listExports },
) => {
  app.get(
    '/personal-cars',
    {
      schema: {
        tags,
        summary: 'List personal cars',
        description:
          "The tenant's personal cars by account, plate (its beginning), binding status and model.",
        querystring: PersonalCarListQuerySchema,
        response: { 200: PersonalCarPageSchema },
      },
    },
    (request) => cars.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/personal-cars/export',
    tags,
    summary: 'Export personal cars',
    filter: PersonalCarFilterSchema,
    list: cars.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });
};
