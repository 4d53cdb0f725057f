import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { migrationStatus } from '../../platform/db/migration-status.js';

const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.object({ applied: z.number(), expected: z.number(), current: z.boolean() }).nullable(),
});

/** GET /api/health: 200 when the database answers and every migration is applied, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], summary: 'Check health', response: { 200: Health, 503: Health } },
    },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        const migrations = await migrationStatus(db);
        const healthy = migrations.current;
        return reply
          .status(healthy ? 200 : 503)
          .send({ status: healthy ? 'ok' : 'unavailable', database: 'ok', migrations });
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable', migrations: null });
      }
    },
  );
};
