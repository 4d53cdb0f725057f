import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppOrderCreateSchema,
  AppPaymentReportSchema,
  OrderParamsSchema,
  OrderSchema,
} from '@cmp/domain/mall/order-contracts';
import { appActor, type OrdersService } from './orders.service.js';

const tags = ['app: mall'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
  "is the client's.";

/** The apps' mall calls under /api/app/mall, registered through `signedRoutes(APP_BACKEND_CLIENT)`. */
export const mallAppRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/app/mall/orders',
    {
      schema: {
        tags,
        summary: 'Place an order',
        description:
          `${SIGNED} A user (a live account of the tenant, 422 user_not_found otherwise) orders a product on ` +
          "display (404 for an unknown product, 409 mall_product_hidden). The order keeps the product's name, " +
          'price (cents) and items as they are now; created (1), unpaid (1), not shipped (1).',
        body: AppOrderCreateSchema,
        response: { 201: OrderSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await orders.place(
            request.signedClient!.tenant,
            request.body,
            appActor(request.signedClient!.clientId, request.id),
          ),
        ),
  );

  app.get(
    '/app/mall/orders/:orderId',
    {
      schema: {
        tags,
        summary: 'Read an order',
        description: `${SIGNED} The order with its delivery content (the coupons each coupon item gave).`,
        params: OrderParamsSchema,
        response: { 200: OrderSchema },
      },
    },
    (request) => orders.get(request.signedClient!.tenant, request.params.orderId, true),
  );

  app.post(
    '/app/mall/orders/:orderId/payments',
    {
      schema: {
        tags,
        summary: 'Report a payment of an order',
        description:
          `${SIGNED} paymentId and amount (cents). Paying the order's price moves it to paid (2) and to be ` +
          'shipped (2), and its coupon items are issued by themselves; the same report again answers the order. ' +
          'Refused and kept for review: another amount (422 mall_payment_amount_mismatch), an order closed ' +
          'unpaid (409 mall_order_closed), another payment of a paid order (409 mall_order_paid).',
        params: OrderParamsSchema,
        body: AppPaymentReportSchema,
        response: { 200: OrderSchema },
      },
    },
    (request) =>
      orders.reportPayment(
        request.signedClient!.tenant,
        request.params.orderId,
        request.body,
        appActor(request.signedClient!.clientId, request.id),
      ),
  );
};
