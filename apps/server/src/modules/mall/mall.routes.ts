import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import {
  OrderDetailSchema,
  OrderFilterSchema,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderParamsSchema,
  OrderSchema,
  OrderRedeliverSchema,
  OrderShipSchema,
} from '@cmp/domain/mall/order-contracts';
import {
  ProductCreateSchema,
  ProductDisplaySchema,
  ProductFilterSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductParamsSchema,
  ProductSchema,
  ProductUpdateSchema,
} from '@cmp/domain/mall/product-contracts';
import { actorOf } from '../../platform/audit/audit.js';
import { revealsMobiles } from '../../platform/auth/mobile-reveal.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { contentDisposition } from '../../platform/export/list-export.js';
import { CONTENT_TYPES } from '../../platform/export/table-file.js';
import { localeOf } from '../../platform/http/error-handler.js';
import { readUploadForm } from '../../platform/http/upload-form.js';
import type { OrdersService } from './orders.service.js';
import type { ProductUploadService } from './product-upload.service.js';
import type { ProductsService } from './products.service.js';

const tags = ['mall'];

/**
 * The tenant's mall under /api/{tenant} (the spec's aurora v1, docs/decisions.md "Mall"): GET products/list
 * is `GET /mall/products`, POST products/upload `POST /mall/products/upload`, GET order/list
 * `GET /mall/orders`; one product is created, read, edited and put on or off display under
 * `/mall/products/{productId}`, and an order is read and shipped under `/mall/orders/{orderId}`.
 */
export const mallRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  uploads: ProductUploadService;
  orders: OrdersService;
  listExports: ListExports;
}> = async (app, { products, uploads, orders, listExports }) => {
  app.get(
    '/mall/products',
    {
      schema: {
        tags,
        summary: 'List products',
        description: 'Filter by groupId and operatorId (spec M3.9.2), name and display; 20 a page.',
        querystring: ProductListQuerySchema,
        response: { 200: ProductPageSchema },
      },
    },
    (request) => products.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/mall/products/export',
    tags,
    summary: 'Export products',
    filter: ProductFilterSchema,
    list: products.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.get(
    '/mall/products/upload-template',
    {
      schema: {
        tags,
        summary: 'Download the product upload template',
        description:
          "An .xlsx with the upload's columns in the reader's language, formatted as text, and one example row.",
        produces: [CONTENT_TYPES.xlsx],
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', CONTENT_TYPES.xlsx)
        .header(
          'content-disposition',
          contentDisposition({
            name: `${formatMessage(localeOf(request), ruleMessage('mall.template'))}.xlsx`,
            ascii: 'product-upload-template.xlsx',
          }),
        )
        .send(await uploads.template(localeOf(request))),
  );

  app.post(
    '/mall/products/upload',
    {
      config: { upload: { file: 'file' } },
      schema: {
        tags,
        summary: 'Add the products of a sheet',
        description:
          "multipart/form-data: `file` (.xlsx in the template's columns, at most 10,000 products). A durable job " +
          '(202) checks every row; any wrong row adds nothing and the job ends with the sheet, each row marked, ' +
          'as its file. 415 for a file that is not a spreadsheet. Rules: docs/decisions.md "Mall".',
        response: { 202: z.object({ jobId: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const { file } = await readUploadForm(request);
      const accepted = await uploads.start(request.tenant!, file, actorOf(request), localeOf(request));
      return reply.status(202).send(accepted);
    },
  );

  app.get(
    '/mall/products/:productId',
    {
      schema: {
        tags,
        summary: 'Get a product',
        description: '404 for a product the tenant does not have.',
        params: ProductParamsSchema,
        response: { 200: ProductSchema },
      },
    },
    (request) => products.get(request.tenant!, request.params.productId),
  );

  app.post(
    '/mall/products',
    {
      schema: {
        tags,
        summary: 'Create a product',
        description:
          "Prices in cents. 422 for a name the tenant has, a coupon item whose batch is not the tenant's, an " +
          'operator that does not exist.',
        body: ProductCreateSchema,
        response: { 201: ProductSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await products.create(request.tenant!, request.body, actorOf(request))),
  );

  app.put(
    '/mall/products/:productId',
    {
      schema: {
        tags,
        summary: 'Update a product',
        description:
          'Replaces the fields from the version read (409 when saved since); the checks of create. Orders ' +
          'placed keep the name, price and items they were placed with.',
        params: ProductParamsSchema,
        body: ProductUpdateSchema,
        response: { 200: ProductSchema },
      },
    },
    (request) => products.update(request.tenant!, request.params.productId, request.body, actorOf(request)),
  );

  app.put(
    '/mall/products/:productId/display',
    {
      schema: {
        tags,
        summary: 'Put a product on or off display',
        description: 'From the version read: 409 when saved since. Only products on display can be ordered.',
        params: ProductParamsSchema,
        body: ProductDisplaySchema,
        response: { 200: ProductSchema },
      },
    },
    (request) =>
      products.setDisplay(request.tenant!, request.params.productId, request.body, actorOf(request)),
  );

  app.get(
    '/mall/orders',
    {
      schema: {
        tags,
        summary: 'List product orders',
        description:
          'Filter (spec M3.9.4): id, mobile (part of it), userId, orderStatus, paymentStatus, deliveryStatus, ' +
          'closed, createTimeRange as `from,to` epoch milliseconds; 20 a page, the latest first. Mobiles are ' +
          'masked for viewers.',
        querystring: OrderListQuerySchema,
        response: { 200: OrderPageSchema },
      },
    },
    (request) => orders.list(request.tenant!, request.query, revealsMobiles(request)),
  );

  listExports.route(app, {
    url: '/mall/orders/export',
    tags,
    summary: 'Export product orders',
    filter: OrderFilterSchema,
    list: orders.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant!, reveal: revealsMobiles(request) }),
  });

  app.get(
    '/mall/orders/:orderId',
    {
      schema: {
        tags,
        summary: 'Get a product order',
        description:
          'The order with its items and what each gave (delivery content), every payment reported for it ' +
          '(refused ones included) and its history.',
        params: OrderParamsSchema,
        response: { 200: OrderDetailSchema },
      },
    },
    (request) => orders.detail(request.tenant!, request.params.orderId, revealsMobiles(request)),
  );

  app.post(
    '/mall/orders/:orderId/ship',
    {
      schema: {
        tags,
        summary: 'Ship goods items of an order',
        description:
          'Each goods item waiting, with what was sent (carrier, tracking number), from the version read. ' +
          '409 mall_order_unpaid, mall_order_completed, mall_item_not_waiting, or conflict when saved since. ' +
          'The order completes once everything is delivered.',
        params: OrderParamsSchema,
        body: OrderShipSchema,
        response: { 200: OrderSchema },
      },
    },
    (request) =>
      orders.ship(
        request.tenant!,
        request.params.orderId,
        request.body,
        actorOf(request),
        revealsMobiles(request),
      ),
  );

  app.post(
    '/mall/orders/:orderId/redeliver',
    {
      schema: {
        tags,
        summary: 'Deliver refused coupon items again',
        description:
          "Queues a delivery job of the order (in the caller's task center) that issues each coupon item its " +
          'batch refused before (stock, limit per user, closed) and still waiting, once. 409 ' +
          'mall_order_unpaid, mall_order_completed, mall_nothing_to_redeliver, or conflict when saved since.',
        params: OrderParamsSchema,
        body: OrderRedeliverSchema,
        response: { 202: z.object({ jobId: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const queued = await orders.redeliver(
        request.tenant!,
        request.params.orderId,
        request.body,
        actorOf(request),
      );
      return reply.code(202).send(queued);
    },
  );
};
