import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { renderTab } from '../stations/tabs/render-tab';
import { AccountRelations } from './AccountRelations';
import { relation } from './test-relations';

describe('AccountRelations', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it("should list the account's stations with type, state and reasons, and link to the full list", async () => {
    const calls = fakeApi({
      'POST /api/nio/relations/search': () =>
        ok({
          items: [
            relation(1, { accountId: 'ACC100001' }),
            relation(2, {
              accountId: 'ACC100001',
              resourceId: 'PS-1',
              resourceName: 'Swap PS-1',
              resourceType: 'PowerSwap',
              relationType: 'discoverer',
            }),
          ],
          total: 2,
        }),
    });
    renderTab(<AccountRelations accountId="ACC100001" />, '/cmp-app/nio/accounts/detail?accountId=ACC100001');

    const swap = await screen.findByText('Swap PS-1');
    expect(calls[0]?.body).toEqual({
      account_id: 'ACC100001',
      pageNo: 1,
      pageSize: 20,
      sort: 'bindTime:desc',
    });
    expect(swap.closest('a')).toHaveAttribute('href', '/cmp-app/nio/resources/swap-station?resourceId=PS-1');
    expect(within(swap.closest('tr') as HTMLElement).getByText('发现者')).toBeInTheDocument();
    expect(screen.getByText('Reason 1: new pictures')).toBeInTheDocument();
    // Every row is the account's own: neither the user nor the mobile is repeated.
    expect(screen.queryByText('王1')).toBeNull();
    expect(screen.queryByText('13800000000')).toBeNull();
    expect(screen.getByText('在关系列表中查看').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/relations?account_id=ACC100001',
    );
  });

  it('should say when the account is tied to no station', async () => {
    fakeApi({ 'POST /api/nio/relations/search': () => ok({ items: [], total: 0 }) });
    renderTab(<AccountRelations accountId="ACC9" />, '/cmp-app/nio/accounts/detail?accountId=ACC9');
    expect(await screen.findByText('该用户暂无关联站点')).toBeInTheDocument();
  });
});
