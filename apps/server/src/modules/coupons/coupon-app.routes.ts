import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CouponCheckResultSchema,
  CouponCheckSchema,
  CouponClaimSchema,
  CouponUserListQuerySchema,
  CouponUserListSchema,
} from '@cmp/domain/coupons/coupon-claims';
import { CouponSchema, couponStatusesOf } from '@cmp/domain/coupons/coupon-records';
import type { CouponClaimsService } from './coupon-claims.service.js';
import type { CouponUseService } from './coupon-use.service.js';

const tags = ['app: coupons'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
  "is the client's. Refusals answer the coupon failure catalogue's code (spec §8) with its label.";

export interface CouponAppRouteOptions {
  claims: CouponClaimsService;
  use: CouponUseService;
}

/** The apps' coupon calls under /api/app/coupons, registered through `signedRoutes(APP_BACKEND_CLIENT)`. */
export const couponAppRoutes: FastifyPluginAsyncZod<CouponAppRouteOptions> = async (app, { claims, use }) => {
  app.post(
    '/app/coupons/claim',
    {
      schema: {
        tags,
        summary: 'Claim coupons for a user',
        description:
          `${SIGNED} A user claims a code waiting to be claimed (couponCode) or one coupon from a generate ` +
          "record's token (couponToken, amount 1). 404 user_not_found for an account the tenant does not " +
          'have, invalid_coupon_code, coupon_received, duplicate_coupon_receive, coupon_used, ' +
          'coupon_unavailable, coupon_expired, coupon_ineffective, coupon_invalid_issue_amount, ' +
          'coupon_batch_amount_limit, coupon_batch_stock_not_enough and the generate record failures.',
        body: CouponClaimSchema,
        response: { 200: z.object({ coupons: z.array(CouponSchema) }) },
      },
    },
    async (request) => ({
      coupons: await claims.claim(request.signedClient!.tenant, request.body, request.signedClient!.clientId),
    }),
  );

  app.get(
    '/app/coupons',
    {
      schema: {
        tags,
        summary: "List a user's coupons",
        description:
          `${SIGNED} The user's coupons, newest bound first (at most 1,000); status takes comma-joined ` +
          'statuses. 404 user_not_found for an account the tenant does not have.',
        querystring: CouponUserListQuerySchema,
        response: { 200: CouponUserListSchema },
      },
    },
    async (request) => ({
      list: await claims.listOf(
        request.signedClient!.tenant,
        request.query.accountId,
        couponStatusesOf(request.query.status),
      ),
    }),
  );

  app.post(
    '/app/coupons/check',
    {
      schema: {
        tags,
        summary: 'Price a coupon on an order',
        description:
          `${SIGNED} Prices the user's coupon on an order (cents): the discount and what is left to pay. ` +
          'coupon_rule_mismatch_error when the batch rules or use range refuse the order.',
        body: CouponCheckSchema,
        response: { 200: CouponCheckResultSchema },
      },
    },
    (request) => use.check(request.signedClient!.tenant, request.body),
  );

  app.post(
    '/app/coupons/consume',
    {
      schema: {
        tags,
        summary: 'Use a coupon on an order',
        description:
          `${SIGNED} Uses the coupon on the order, as check prices it. The same coupon and order again ` +
          'answer the same result; 409 coupon_order_taken for an order that used another coupon.',
        body: CouponCheckSchema,
        response: { 200: CouponCheckResultSchema },
      },
    },
    (request) => use.consume(request.signedClient!.tenant, request.body),
  );
};
