import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountByMobileQuerySchema,
  AccountIdSchema,
  AccountIdsLookupSchema,
  AccountMobilesLookupSchema,
  AccountProfileSearchQuerySchema,
  AccountSearchPageSchema,
  AccountSearchQuerySchema,
  PlatformAccountListSchema,
  PlatformAccountSchema,
  SimpleAccountListSchema,
} from '@cmp/domain/accounts/account-contracts';
import { PersonalCarListSchema } from '@cmp/domain/accounts/car-contracts';
import { actorOf } from '../../platform/audit/audit.js';
import type { AccountReader, AccountsService } from './accounts.service.js';
import { revealsMobiles } from '../../platform/auth/mobile-reveal.js';

const AccountParams = z.object({ accountId: AccountIdSchema });
const tags = ['accounts'];
/** Batch look-ups take their ids in a body (10,000 ids do not fit a query string): a viewer may make them. */
const READING = { access: { tenantRole: 'viewer' as const } };

const readerOf = (request: FastifyRequest): AccountReader => ({
  reveal: revealsMobiles(request),
  actor: actorOf(request),
});

/** The tenant's platform accounts under /api/{tenant}/accounts (core §7 "Session and users"). */
export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  app.get(
    '/accounts',
    {
      schema: {
        tags,
        summary: 'Search accounts',
        description: 'The user search: nickname (its beginning unless strict), app id, mobile, account id.',
        querystring: AccountSearchQuerySchema,
        response: { 200: AccountSearchPageSchema },
      },
    },
    (request) => accounts.list(request.tenant!, request.query, readerOf(request)),
  );

  app.post(
    '/accounts/by-ids',
    {
      config: READING,
      schema: {
        tags,
        summary: 'Look up accounts by ids',
        description:
          'query_by_account_ids: up to 10,000 ids, looked up in chunks of 100 at once and answered in the ' +
          'order asked; 404 user_not_found with details.missing when any id is unknown.',
        body: AccountIdsLookupSchema,
        response: { 200: SimpleAccountListSchema },
      },
    },
    async (request) => ({
      items: await accounts.byIds(request.tenant!, request.body.accountIds, readerOf(request)),
    }),
  );

  app.post(
    '/accounts/by-mobiles',
    {
      config: READING,
      schema: {
        tags,
        summary: 'Look up accounts by mobiles',
        description:
          'query_by_mobiles: the live account of each mobile, in chunks of 100; 404 user_not_found with ' +
          'details.missing when any mobile has none.',
        body: AccountMobilesLookupSchema,
        response: { 200: SimpleAccountListSchema },
      },
    },
    async (request) => ({
      items: await accounts.byMobiles(
        request.tenant!,
        request.body.countryCode,
        request.body.mobiles,
        readerOf(request),
      ),
    }),
  );

  app.get(
    '/accounts/by-mobile',
    {
      schema: {
        tags,
        summary: 'Look up an account by mobile',
        description: "query_by_mobile: country code '86' unless given.",
        querystring: AccountByMobileQuerySchema,
        response: { 200: PlatformAccountSchema },
      },
    },
    (request) =>
      accounts.byMobile(request.tenant!, request.query.country_code, request.query.mobile, readerOf(request)),
  );

  app.get(
    '/accounts/search',
    {
      schema: {
        tags,
        summary: 'Search account profiles by nickname or mobile',
        description: 'account/profile/by_nickname and by_mobile: 20 matches unless count says otherwise.',
        querystring: AccountProfileSearchQuerySchema,
        response: { 200: PlatformAccountListSchema },
      },
    },
    async (request) => ({ items: await accounts.search(request.tenant!, request.query, readerOf(request)) }),
  );

  app.get(
    '/accounts/:accountId',
    {
      schema: {
        tags,
        summary: 'Get an account',
        params: AccountParams,
        response: { 200: PlatformAccountSchema },
      },
    },
    (request) => accounts.byId(request.tenant!, request.params.accountId, readerOf(request)),
  );

  app.get(
    '/accounts/:accountId/cars',
    {
      schema: {
        tags,
        summary: "List an account's cars",
        description: 'vehicle users/{id}/my-cars: bound cars first.',
        params: AccountParams,
        response: { 200: PersonalCarListSchema },
      },
    },
    async (request) => ({ items: await accounts.cars(request.tenant!, request.params.accountId) }),
  );
};
