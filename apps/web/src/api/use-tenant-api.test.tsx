import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { fakeApi, ok } from '../test/fake-api';
import { useTenantApi } from './use-tenant-api';

const at =
  (path: string) =>
  ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;

describe('useTenantApi', () => {
  it("should send calls to the API of the page's tenant", async () => {
    const calls = fakeApi({ 'GET /api/rsc/things': () => ok([]) });
    const { result } = renderHook(() => useTenantApi(), { wrapper: at('/cmp-app/rsc/things?x=1') });
    await result.current.get('/things');
    expect(calls.map((c) => c.path)).toEqual(['/api/rsc/things']);
  });

  it('should refuse to guess a tenant outside any tenant area', () => {
    // React reports the thrown error on the console as well; the assertion is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useTenantApi(), { wrapper: at('/cmp-app') })).toThrow(
      /outside a tenant area/,
    );
  });
});
