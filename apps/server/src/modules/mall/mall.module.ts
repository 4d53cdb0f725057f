import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { mallAppRoutes } from './mall-app.routes.js';
import { mallDeliveryJobKind } from './mall-delivery.job.js';
import { unpaidCloseSweep } from './mall-unpaid-close.sweep.js';
import { mallRoutes } from './mall.routes.js';
import { OrdersService } from './orders.service.js';
import { productUploadJobKind } from './product-upload.job.js';
import { ProductUploadService } from './product-upload.service.js';
import { ProductsService } from './products.service.js';

/**
 * The mall (marketing spec §3 "Mall", §4, §7 "Mall"): products with their spreadsheet upload, the orders
 * the apps' back end places and pays, their coupon items issued by the delivery job and their goods
 * shipped by staff, and unpaid orders closed by a sweep. Coupon batches and operators are read through
 * their modules' views; coupons are issued through the coupons module's issue service.
 */
export function mallModule({ db, jobs, storage, listExports, config }: SharedDeps): PortalModule & {
  products: ProductsService;
  orders: OrdersService;
} {
  const products = new ProductsService(db);
  const uploads = new ProductUploadService(db, jobs, storage);
  const orders = new OrdersService(db, jobs, config.mallUnpaidCloseMinutes);
  return {
    products,
    orders,
    jobKinds: [productUploadJobKind(), mallDeliveryJobKind((...args) => orders.settle(...args))],
    sweeps: [unpaidCloseSweep(db, config.mallUnpaidCloseMinutes)],
    api: async (scope) => {
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) => signed.register(mallAppRoutes, { orders })),
      );
    },
    tenant: async (scope) => scope.register(mallRoutes, { products, uploads, orders, listExports }),
  };
}
