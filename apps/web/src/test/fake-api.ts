import { vi } from 'vitest';
import type { CurrentUser, TenantRole } from '@cmp/domain';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> };
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export const ok = (body: unknown, status = 200): FakeAnswer => ({ status, body });
export const noContent = (): FakeAnswer => ({ status: 204 });
export const fail = (status: number, code: string, message = code, details?: unknown): FakeAnswer => ({
  status,
  body: { error: { code, message, ...(details === undefined ? {} : { details }) } },
});

/**
 * Replaces fetch with handlers keyed `METHOD /api/path`; an unknown call fails the test loudly instead of
 * hanging. Returns the calls made, for assertions.
 */
export function fakeApi(handlers: Record<string, FakeHandler>): FakeRequest[] {
  const calls: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://portal.test');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      const request: FakeRequest = { method, path: url.pathname, query: url.searchParams, body };
      calls.push(request);
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler) throw new Error(`Unexpected call ${method} ${url.pathname}`);
      const answer = await handler(request);
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}

export function staffUser(roles: TenantRole[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    userId: 7,
    userName: 'alice',
    displayName: 'Alice Wang',
    outerUserId: null,
    mail: null,
    mobilePhoneNumber: null,
    roles,
    tenants: roles.map((r) => r.tenant),
    mustChangePassword: false,
    systemAdmin: false,
    ...overrides,
  };
}
