import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RegionStationCountsSchema,
  RegionTreeSchema,
  ReverseGeocodeQuerySchema,
  ReverseGeocodeResultSchema,
} from '@cmp/domain/stations/regions';
import { regionTreeWithTag, reverseGeocode, type RegionStationsService } from './regions.service.js';

const tags = ['regions'];
const NotModified = z.null().describe('the tree the caller holds (If-None-Match) is current');
/** The tree changes only with a release; a browser may keep it an hour and revalidate by ETag after. */
const TREE_CACHE_CONTROL = 'private, max-age=3600';

export const regionRoutes: FastifyPluginAsyncZod<{ regionStations: RegionStationsService }> = async (
  app,
  { regionStations },
) => {
  app.get(
    '/regions',
    {
      schema: { tags, summary: 'Get the region tree', response: { 200: RegionTreeSchema, 304: NotModified } },
    },
    async (request, reply) => {
      const { items, etag } = regionTreeWithTag();
      void reply.header('cache-control', TREE_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return { items };
    },
  );

  app.get(
    '/regions/station-counts',
    {
      schema: {
        tags,
        summary: 'Count stations per region',
        description:
          'Charge and swap stations of the network in each province, city and district; regions without stations are left out.',
        response: { 200: RegionStationCountsSchema },
      },
    },
    async () => ({ items: await regionStations.counts() }),
  );

  app.get(
    '/regions/reverse-geocode',
    {
      schema: {
        tags,
        summary: 'Find the region of a coordinate',
        querystring: ReverseGeocodeQuerySchema,
        response: { 200: ReverseGeocodeResultSchema },
      },
    },
    (request) => reverseGeocode(request.query.longitude, request.query.latitude),
  );
};
