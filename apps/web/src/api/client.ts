import { readErrorBody, type Tenant } from '@cmp/domain';

/** A failed API call, carrying the server's stable error code so screens can say what went wrong. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Seconds the server asks to wait (Retry-After), when it sent one. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** The ApiError a failed response stands for, in the server's words when it answered with its error shape. */
export async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = Number(response.headers.get('Retry-After') ?? NaN);
  const seconds = Number.isFinite(retryAfter) ? retryAfter : undefined;
  const error = readErrorBody(await response.json().catch(() => undefined));
  if (error) return new ApiError(response.status, error.code, error.message, error.details, seconds);
  // A proxy or a crashed server answers without our error shape.
  return new ApiError(
    response.status,
    'http_error',
    response.statusText || `HTTP ${response.status}`,
    undefined,
    seconds,
  );
}

async function request<T>(method: Method, url: string, options: RequestOptions = {}): Promise<T> {
  const { body, query, signal } = options;
  const isForm = body instanceof FormData;
  // The server renders rule messages in the portal's language, which can differ from the browser's.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': document.documentElement.lang || 'zh-CN',
  };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(withQuery(url, query), {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    // The server refuses cross-origin mutations and keeps the session in an httpOnly cookie.
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export interface ApiClient {
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

function clientAt(base: string): ApiClient {
  return {
    get: (path, options) => request('GET', base + path, options),
    post: (path, body, options) => request('POST', base + path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', base + path, { ...options, body }),
    put: (path, body, options) => request('PUT', base + path, { ...options, body }),
    delete: (path, options) => request('DELETE', base + path, options),
  };
}

/** Calls outside any tenant: sign-in, the session, staff administration. */
export const api = clientAt('/api');

const tenantClients = new Map<Tenant, ApiClient>();

/** Calls of one tenant's data, all under `/api/{tenant}`. */
export function tenantApi(tenant: Tenant): ApiClient {
  let client = tenantClients.get(tenant);
  if (!client) {
    client = clientAt(`/api/${tenant}`);
    tenantClients.set(tenant, client);
  }
  return client;
}
