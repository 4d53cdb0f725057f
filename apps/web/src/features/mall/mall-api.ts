import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  Order,
  OrderDetail,
  OrderPage,
  OrderRedeliver,
  OrderShip,
} from '@cmp/domain/mall/order-contracts';
import type { Product, ProductCreate, ProductPage, ProductUpdate } from '@cmp/domain/mall/product-contracts';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';

/** The lists' names for their saved layouts and their cached pages. */
export const PRODUCT_LIST = 'mallProducts';
export const ORDER_LIST = 'mallOrders';
export const PRODUCTS = '/mall/products';
export const ORDERS = '/mall/orders';

export const mallKeys = {
  product: (tenant: string, id: number) => ['mallProducts', tenant, id] as const,
  order: (tenant: string, id: number) => ['mallOrders', tenant, id] as const,
};

/** The mall calls of the tenant whose area the page is in. */
export function useMallApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      products: (query: Query, signal?: AbortSignal) => api.get<ProductPage>(PRODUCTS, { query, signal }),
      product: (id: number, signal?: AbortSignal) => api.get<Product>(`${PRODUCTS}/${id}`, { signal }),
      create: (body: ProductCreate) => api.post<Product>(PRODUCTS, body),
      update: (id: number, body: ProductUpdate) => api.put<Product>(`${PRODUCTS}/${id}`, body),
      display: (id: number, productDisplay: boolean, version: number) =>
        api.put<Product>(`${PRODUCTS}/${id}/display`, { productDisplay, version }),
      upload: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return api.post<{ jobId: number }>(`${PRODUCTS}/upload`, form);
      },
      orders: (query: Query, signal?: AbortSignal) => api.get<OrderPage>(ORDERS, { query, signal }),
      order: (id: number, signal?: AbortSignal) => api.get<OrderDetail>(`${ORDERS}/${id}`, { signal }),
      ship: (id: number, body: OrderShip) => api.post<Order>(`${ORDERS}/${id}/ship`, body),
      redeliver: (id: number, body: OrderRedeliver) =>
        api.post<{ jobId: number }>(`${ORDERS}/${id}/redeliver`, body),
    }),
    [api],
  );
}

export const productTemplateUrl = (tenant: string) => `/api/${tenant}${PRODUCTS}/upload-template`;

export function useProduct(id: number | undefined) {
  const tenant = useStationsTenant();
  const mall = useMallApi();
  return useQuery({
    queryKey: mallKeys.product(tenant, id ?? 0),
    queryFn: ({ signal }) => mall.product(id!, signal),
    enabled: id !== undefined,
  });
}

export function useOrder(id: number | undefined) {
  const tenant = useStationsTenant();
  const mall = useMallApi();
  return useQuery({
    queryKey: mallKeys.order(tenant, id ?? 0),
    queryFn: ({ signal }) => mall.order(id!, signal),
    enabled: id !== undefined,
  });
}

/** Cents as yuan with two decimals. */
export const yuan = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '-' : (cents / 100).toFixed(2);
