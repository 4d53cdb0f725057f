import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountIdBodySchema,
  ChargerBindByMobileSchema,
  MobileBodySchema,
  ReporterAccountSchema,
} from '@cmp/domain/accounts/user-chargers';
import { actorOf } from '../../platform/audit/audit.js';
import type { AccountReader } from '../accounts/accounts.service.js';
import { revealsMobiles } from '../../platform/auth/mobile-reveal.js';
import type { ReporterLookupsService } from './reporter-lookups.service.js';

const tags = ['reported stations'];
/** The spec's look-ups take a mobile or an id in a body; they only read, so a viewer may make them. */
const READING = { access: { tenantRole: 'viewer' as const } };
const PLACEHOLDER =
  "{ accountId: 'notfound' } when no live account of the tenant matches or the look-up fails; the mobile " +
  'is whole for operators (recorded) and masked for viewers.';

const readerOf = (request: FastifyRequest): AccountReader => ({
  reveal: revealsMobiles(request),
  actor: actorOf(request),
});

/** The reporter look-ups of the reported-station screens under /api/{tenant} (spec C7.7.6–C7.7.8). */
export const reporterLookupRoutes: FastifyPluginAsyncZod<{ lookups: ReporterLookupsService }> = async (
  app,
  { lookups },
) => {
  app.post(
    '/reporter-accounts/by-mobile',
    {
      config: READING,
      schema: {
        tags,
        summary: 'Look up a reporter account by mobile',
        description: `/vpc/account/by_mobile: the account holding the mobile; ${PLACEHOLDER}`,
        body: MobileBodySchema,
        response: { 200: ReporterAccountSchema },
      },
    },
    (request) => lookups.byMobile(request.tenant!, request.body.mobile, readerOf(request)),
  );

  app.post(
    '/reporter-accounts/profile',
    {
      config: READING,
      schema: {
        tags,
        summary: 'Look up a reporter account by id',
        description: `/vpc/account/profile: the account of the id; ${PLACEHOLDER}`,
        body: AccountIdBodySchema,
        response: { 200: ReporterAccountSchema },
      },
    },
    (request) => lookups.profile(request.tenant!, request.body.account_id, readerOf(request)),
  );

  app.post(
    '/power-chargers/charger-bind-by-mobile',
    {
      config: READING,
      schema: {
        tags,
        summary: "Find a user's home chargers by mobile",
        description:
          '/powerChargers/searchChargerBindByMobile: the user holding the mobile and their home chargers, ' +
          `the latest changed first; no chargers and the placeholder message ${PLACEHOLDER}`,
        body: MobileBodySchema,
        response: { 200: ChargerBindByMobileSchema },
      },
    },
    (request) => lookups.chargerBindByMobile(request.tenant!, request.body.mobile, readerOf(request)),
  );
};
