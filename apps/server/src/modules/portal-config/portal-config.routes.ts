import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PortalConfigSchema, type PortalConfig } from '@cmp/domain/platform/portal-config';
import type { Config } from '../../config.js';

export const portalConfigOf = (config: Config): PortalConfig => ({
  tileUrl: config.tileUrl,
  tileAttribution: config.tileUrl === null ? null : config.tileAttribution,
});

/** Not tenant-scoped: the map looks the same in every area; any signed-in user may read it. */
export const portalConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const answer = portalConfigOf(config);
  app.get(
    '/portal-config',
    { schema: { tags: ['portal'], response: { 200: PortalConfigSchema } } },
    async () => answer,
  );
};
