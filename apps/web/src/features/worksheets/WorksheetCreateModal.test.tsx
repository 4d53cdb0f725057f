import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OperationListItem } from '@cmp/domain/stations/operation-list-item';
import type { Worksheet } from '@cmp/domain/stations/worksheets';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { renderTab } from '../stations/tabs/render-tab';
import { WorksheetCreateModal } from './WorksheetCreateModal';

const station = (resourceId: string, resourceName: string): Partial<OperationListItem> => ({
  resourceId,
  resourceName,
  resourceType: resourceId.startsWith('PS') ? 'PowerSwap' : 'ChargeStation',
});

const STATIONS = [station('CS-1001', '虹桥枢纽充电站'), station('PS-2002', '虹桥天地换电站')];

describe('WorksheetCreateModal', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should find the station by name, then create the worksheet for its id', async () => {
    const onCreated = vi.fn();
    const calls = fakeApi({
      'GET /api/nio/stations': ({ query }) => {
        const name = query.get('resourceName');
        const id = query.get('resourceId');
        const items = STATIONS.filter(
          (s) => (name && s.resourceName?.includes(name)) || (id && s.resourceId?.includes(id)),
        );
        return ok({ items, total: items.length });
      },
      'POST /api/nio/worksheets': ({ body }) =>
        ok({ worksheetId: 12, ...(body as object) } as Partial<Worksheet>, 201),
    });
    const { user } = renderTab(<WorksheetCreateModal open onClose={() => {}} onCreated={onCreated} />);
    const dialog = await screen.findByRole('dialog', { name: '新建工单' });
    // The footer as antd puts it: Cancel, then the primary Create at the right.
    const buttons = within(dialog)
      .getAllByRole('button')
      .filter((button) => button.closest('.ant-modal-footer'));
    expect(buttons.map((button) => button.textContent?.replace(/\s/g, ''))).toEqual(['取消', '创建']);
    expect(buttons[1]).toHaveClass('ant-btn-primary');

    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    // findAll answers on the first message; both fields' messages render in separate passes.
    await waitFor(() => expect(within(dialog).getAllByText('输入不能为空')).toHaveLength(2));

    await user.type(within(dialog).getByRole('combobox', { name: '站点' }), '虹桥');
    const option = await screen.findByText('虹桥天地换电站', { selector: '.ant-select-dropdown *' });
    expect(screen.getAllByText('PS-2002', { selector: '.ant-select-item-option *' })).toHaveLength(1);
    expect(
      [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map(
        (o) => o.textContent,
      ),
    ).toHaveLength(2);
    await user.click(option);
    await user.type(within(dialog).getByLabelText('标题'), '2 号枪无法锁止');
    await user.click(within(dialog).getByRole('button', { name: '创建' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      resourceId: 'PS-2002',
      title: '2 号枪无法锁止',
    });
    // Both fields were asked: a part of a name or of an id finds the station.
    const searches = calls.filter((c) => c.path === '/api/nio/stations');
    expect(searches.some((c) => c.query.get('resourceName') === '虹桥')).toBe(true);
    expect(searches.some((c) => c.query.get('resourceId') === '虹桥')).toBe(true);
  });
});
