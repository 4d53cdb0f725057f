import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { carItem } from './test-accounts';

const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const LIST = '/api/nio/personal-cars';

describe('PersonalCarListPage', () => {
  beforeAll(() => import('./PersonalCarListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it('should list the cars with the filter from the URL, binding status and owner labelled', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      [`GET ${LIST}`]: () =>
        ok({
          items: [carItem('VIN-1'), carItem('VIN-2', { plateNumber: '京AF00001', bindingStatus: 'unbound' })],
          total: 2,
        }),
    });
    renderPortal('/cmp-app/nio/personal-cars?userId=ACC100001&bindingStatus=unbound&plateNumber=%E6%B2%AA');
    const row = (await screen.findByText('沪AD12345')).closest('tr') as HTMLElement;
    expect(Object.fromEntries(calls.filter((c) => c.path === LIST).at(-1)!.query)).toEqual({
      userId: 'ACC100001',
      plateNumber: '沪',
      bindingStatus: 'unbound',
      pageNo: '1',
      pageSize: '20',
    });
    expect(within(row).getByRole('link', { name: '换电达人 / 张伟' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/accounts/detail?accountId=ACC100001',
    );
    expect(within(row).getByText('已绑定')).toBeInTheDocument();
    expect(within(row).getByText('NIO ES6 NT2')).toBeInTheDocument();
    expect(
      within(screen.getByText('京AF00001').closest('tr') as HTMLElement).getByText('已解绑'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
  });
});
