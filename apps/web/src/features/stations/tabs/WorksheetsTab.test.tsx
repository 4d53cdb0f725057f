import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Worksheet } from '@cmp/domain/stations/worksheets';
import { changeLanguage } from '../../../i18n';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderTab } from './render-tab';
import { WorksheetsTab } from './WorksheetsTab';

const worksheet = (worksheetId: number, overrides: Partial<Worksheet> = {}): Worksheet => ({
  worksheetId,
  resourceId: 'CS-1',
  resourceName: 'Station CS-1',
  resourceType: 'ChargeStation',
  tenant: 'nio',
  title: `Fix charger ${worksheetId}`,
  description: '',
  status: 'open',
  creatorName: 'Alice',
  closedByName: null,
  closeRemark: null,
  createTime: Date.parse('2026-03-01T10:00:00+08:00'),
  updateTime: Date.parse('2026-03-01T10:00:00+08:00'),
  closeTime: null,
  ...overrides,
});

const modalOf = (title: string) =>
  screen.getByText(title, { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement;

describe('WorksheetsTab', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it("should list the station's worksheets, newest first, each linked to its detail", async () => {
    const calls = fakeApi({
      'GET /api/nio/worksheets': () =>
        ok({ items: [worksheet(8), worksheet(5, { status: 'closed', closeTime: Date.now() })], total: 2 }),
    });
    renderTab(<WorksheetsTab resourceId="CS-1" />);
    const title = await screen.findByText('Fix charger 8');
    expect(title.closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/worksheets/detail?worksheetId=8',
    );
    expect(Object.fromEntries(calls[0]?.query ?? [])).toEqual({
      resourceId: 'CS-1',
      pageNo: '1',
      pageSize: '20',
      sort: 'worksheetId:desc',
    });
    // Only the open worksheet can be closed.
    expect(within(title.closest('tr') as HTMLElement).getByText('关闭')).toBeInTheDocument();
    expect(
      within(screen.getByText('Fix charger 5').closest('tr') as HTMLElement).queryByText('关闭'),
    ).toBeNull();
  });

  it('should create a worksheet for this station, refusing an empty title', async () => {
    let listed: Worksheet[] = [];
    const calls = fakeApi({
      'GET /api/nio/worksheets': () => ok({ items: listed, total: listed.length }),
      'POST /api/nio/worksheets': ({ body }) => {
        listed = [worksheet(9, body as Partial<Worksheet>)];
        return ok(listed[0], 201);
      },
    });
    const { user } = renderTab(<WorksheetsTab resourceId="CS-1" />);
    await screen.findByText('此站点还没有工单');
    await user.click(screen.getByText('新建工单', { selector: 'button span' }));
    const modal = modalOf('新建工单');
    expect(within(modal).getByRole('combobox', { name: '站点' })).toBeDisabled();
    expect(within(modal).getByText('CS-1')).toBeInTheDocument();

    await user.click(within(modal).getByText('创建'));
    expect(await within(modal).findByText('输入不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(modal).getByLabelText('标题'), 'Broken connector');
    await user.type(within(modal).getByLabelText('描述'), 'Gun 2 does not lock');
    await user.click(within(modal).getByText('创建'));
    expect(await screen.findByText('已创建工单 9')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      resourceId: 'CS-1',
      title: 'Broken connector',
      description: 'Gun 2 does not lock',
    });
    expect(await screen.findByText('Broken connector')).toBeInTheDocument();
  });

  it('should close a worksheet with its remark only after confirming', async () => {
    let current = worksheet(8);
    const calls = fakeApi({
      'GET /api/nio/worksheets': () => ok({ items: [current], total: 1 }),
      'POST /api/nio/worksheets/8/close': ({ body }) => {
        current = {
          ...current,
          status: 'closed',
          closeRemark: (body as { closeRemark: string }).closeRemark,
        };
        return ok(current);
      },
    });
    const { user } = renderTab(<WorksheetsTab resourceId="CS-1" />);
    await user.click(await screen.findByText('关闭'));
    const modal = modalOf('关闭工单 8');
    expect(within(modal).getByText('关闭后工单不能再打开，确定关闭吗？')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText('关闭备注'), 'Connector replaced');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(modal).getByText('确定关闭'));
    expect(await screen.findByText('已关闭工单 8')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ closeRemark: 'Connector replaced' });
    await waitFor(() =>
      expect(
        within(screen.getByText('Fix charger 8').closest('tr') as HTMLElement).getByText('已关闭'),
      ).toBeVisible(),
    );
  });
});
