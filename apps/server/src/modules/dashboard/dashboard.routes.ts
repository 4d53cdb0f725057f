import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardSchema } from '@cmp/domain/dashboard/dashboard';
import type { DashboardService } from './dashboard.service.js';

/** The tenant's home dashboard, under /api/{tenant}: any role of the tenant reads it. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Read the home dashboard',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardSchema },
      },
    },
    (request) => dashboard.read(request.tenant!, request.query.todayStart),
  );
};
