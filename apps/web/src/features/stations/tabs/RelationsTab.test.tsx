import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../i18n';
import { findDialog } from '../../../test/find-dialog';
import { fail, fakeApi, ok, staffUser } from '../../../test/fake-api';
import { relation } from '../../relations/test-relations';
import { formatTime } from '../../../components/format';
import { RelationsTab } from './RelationsTab';
import { renderTab } from './render-tab';

const SEARCH = 'POST /api/nio/relations/search';
const searchBodies = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((c) => c.path === '/api/nio/relations/search').map((c) => c.body);
const rowOf = (cell: HTMLElement) => cell.closest('tr') as HTMLElement;

describe('RelationsTab', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it("should list the station's users with name, nickname, mobile, type and state labels", async () => {
    const calls = fakeApi({
      [SEARCH]: () =>
        ok({
          items: [
            relation(1, { relationType: 'discoverer', source: 'virtual_station' }),
            relation(2, {
              state: 'unbind',
              unbindReason: '站点已下线',
              unbindTime: Date.parse('2026-03-05T10:00:00+08:00'),
              name: null,
              nickname: null,
            }),
          ],
          total: 2,
        }),
    });
    renderTab(<RelationsTab resourceId="CS-1" />);

    const first = await screen.findByText('王1');
    expect(searchBodies(calls)[0]).toEqual({
      resource_id: 'CS-1',
      pageNo: 1,
      pageSize: 20,
      sort: 'bindTime:desc',
    });
    const row = first.closest('tr') as HTMLElement;
    expect(within(row).getByText('Nick 1')).toBeInTheDocument();
    expect(within(row).getByText('ACC100001')).toBeInTheDocument();
    expect(within(row).getByText('13800000000')).toBeInTheDocument();
    expect(within(row).getByText('发现者')).toBeInTheDocument();
    expect(within(row).getByText('已绑定')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '解绑' })).toBeInTheDocument();
    // Every row is the station's own: no station column.
    expect(screen.queryByText('Station CS-1')).toBeNull();

    const unbound = rowOf(screen.getByText('站点已下线'));
    expect(within(unbound).getByText('已解绑')).toBeInTheDocument();
    expect(
      within(unbound).getByText(formatTime(Date.parse('2026-03-05T10:00:00+08:00'))),
    ).toBeInTheDocument();
    expect(within(unbound).getByText('（平台暂无该账户资料）')).toBeInTheDocument();
    expect(within(unbound).queryByRole('button', { name: '解绑' })).toBeNull();
    expect(screen.getByText('在关系列表中查看').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/relations?resource_id=CS-1',
    );
  });

  it('should bind a user with a type and a required reason, then list the station again', async () => {
    let bound = false;
    const calls = fakeApi({
      [SEARCH]: () =>
        ok(bound ? { items: [relation(7, { accountId: 'ACC100777' })], total: 1 } : { items: [], total: 0 }),
      'POST /api/nio/relations/bind': () => {
        bound = true;
        return ok(relation(7, { accountId: 'ACC100777' }), 201);
      },
    });
    const { user } = renderTab(<RelationsTab resourceId="CS-1" />);
    expect(await screen.findByText('该站点暂无关联用户')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /绑定用户/ }));
    const dialog = await findDialog('绑定用户与站点');
    await user.type(within(dialog).getByLabelText('账户 ID'), ' ACC100777 ');
    fireEvent.mouseDown(within(dialog).getByLabelText('关系类型'));
    fireEvent.click(await screen.findByTitle('维护者'));
    await user.click(within(dialog).getByRole('button', { name: '绑定' }));
    // The reason is required: nothing is sent without it.
    expect(await within(dialog).findByText('输入不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/nio/relations/bind')).toBe(false);

    await user.type(within(dialog).getByLabelText('绑定原因'), '车主社群站长');
    await user.click(within(dialog).getByRole('button', { name: '绑定' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/nio/relations/bind')?.body).toEqual({
        resource_id: 'CS-1',
        account_id: 'ACC100777',
        relation_type: 'maintainer',
        bind_reason: '车主社群站长',
      }),
    );
    expect(await screen.findByText('已绑定用户 ACC100777')).toBeInTheDocument();
    expect(await screen.findByText('王7')).toBeInTheDocument();
  });

  it('should say so when the account is not the area’s or is bound that way already', async () => {
    let answer = fail(404, 'user_not_found', 'account NOBODY not found');
    fakeApi({
      [SEARCH]: () => ok({ items: [], total: 0 }),
      'POST /api/nio/relations/bind': () => answer,
    });
    const { user } = renderTab(<RelationsTab resourceId="CS-1" />);
    await user.click(await screen.findByRole('button', { name: /绑定用户/ }));
    const dialog = await findDialog('绑定用户与站点');
    await user.type(within(dialog).getByLabelText('账户 ID'), 'NOBODY');
    await user.type(within(dialog).getByLabelText('绑定原因'), 'test');
    await user.click(within(dialog).getByRole('button', { name: '绑定' }));
    expect(await within(dialog).findByText('该区域没有此账户，请核对账户 ID')).toBeInTheDocument();

    answer = fail(409, 'conflict', 'relation.alreadyBound');
    await user.click(within(dialog).getByRole('button', { name: '绑定' }));
    expect(await within(dialog).findByText('该用户已以此关系类型绑定此站点')).toBeInTheDocument();
  });

  it('should unbind only after a confirmation that carries a reason', async () => {
    let unbound = false;
    const calls = fakeApi({
      [SEARCH]: () =>
        ok({
          items: [relation(3, unbound ? { state: 'unbind', unbindReason: '用户申请解除关系' } : {})],
          total: 1,
        }),
      'POST /api/nio/relations/unbind': () => {
        unbound = true;
        return ok(relation(3, { state: 'unbind', unbindReason: '用户申请解除关系' }));
      },
    });
    const { user } = renderTab(<RelationsTab resourceId="CS-1" />);
    await user.click(
      await within(rowOf(await screen.findByText('王3'))).findByRole('button', { name: '解绑' }),
    );

    const dialog = await findDialog('解绑用户 王3？');
    expect(within(dialog).getByText(/贡献者关系结束/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: '解绑' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('解绑原因'), '   ');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('解绑原因'), '用户申请解除关系');
    await user.click(confirm);

    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/nio/relations/unbind')?.body).toEqual({
        relation_id: 3,
        unbind_reason: '用户申请解除关系',
      }),
    );
    expect(await screen.findByText('已解绑关系 3')).toBeInTheDocument();
    expect(await screen.findByText('已解绑')).toBeInTheDocument();
  });

  it('should offer a viewer neither bind nor unbind, and show masked mobiles as sent', async () => {
    fakeApi({ [SEARCH]: () => ok({ items: [relation(4, { mobile: '138****0000' })], total: 1 }) });
    renderTab(<RelationsTab resourceId="CS-1" />, undefined, staffUser([{ tenant: 'nio', role: 'viewer' }]));
    expect(await screen.findByText('138****0000')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /绑定用户/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '解绑' })).toBeNull();
  });

  it('should speak English with English labels', async () => {
    await changeLanguage('en-US');
    fakeApi({ [SEARCH]: () => ok({ items: [relation(5, { relationType: 'maintainer' })], total: 1 }) });
    renderTab(<RelationsTab resourceId="CS-1" />);
    const row = rowOf(await screen.findByText('王5'));
    expect(within(row).getByText('Maintainer')).toBeInTheDocument();
    expect(within(row).getByText('Bound')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Bind a user/ })).toBeInTheDocument();
  });
});
