import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PortalConfigSchema, type PortalConfig } from '@cmp/domain/platform/portal-config';
import type { Config } from '../../config.js';

export const portalConfigOf = (config: Config): PortalConfig => ({
  tileUrl: config.tileUrl,
  tileAttribution: config.tileUrl === null ? null : config.tileAttribution,
  uploadMaxBytes: config.uploadMaxMb * 1024 * 1024,
  routeArrivalReservePercent: config.routeArrivalReservePercent,
});

/**
 * Not tenant-scoped: the map looks the same in every area. Public, because the road book's mobile view for
 * end users draws the same tiles without a staff session; it holds nothing but the tile source, the
 * upload limit, which the server announces in its answers to a too-large upload anyway, and the route
 * planner's default arrival reserve, which every plan shows.
 */
export const portalConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const answer = portalConfigOf(config);
  app.get(
    '/portal-config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['portal'],
        summary: 'Get the portal configuration',
        response: { 200: PortalConfigSchema },
      },
    },
    async () => answer,
  );
};
