import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ResourceNotification } from '@cmp/domain/stations/resource-notification';
import { changeLanguage } from '../../../i18n';
import { fakeApi, ok } from '../../../test/fake-api';
import { NotificationsTab } from './NotificationsTab';
import { TEST_OPERATOR } from '../../../components/test-utils';
import { renderTab } from './render-tab';

const DAY = 86_400_000;

const notification = (
  notificationId: number,
  overrides: Partial<ResourceNotification> = {},
): ResourceNotification => ({
  notificationId,
  resourceId: 'CS-1',
  notification: `Notice ${notificationId}`,
  showTimeBegin: Date.now() - DAY,
  showTimeEnd: Date.now() + DAY,
  range: null,
  url: null,
  type: 'NOTICE',
  createTime: Date.now() - DAY,
  updateTime: Date.now() - DAY,
  active: true,
  ...overrides,
});

const modalOf = (title: string) =>
  screen.getByText(title, { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement;

describe('NotificationsTab', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should list the notifications with their type and whether they show now', async () => {
    fakeApi({
      'GET /api/nio/stations/CS-1/notifications': () =>
        ok({
          items: [
            notification(1, { type: 'MAINTENANCE' }),
            notification(2, {
              active: false,
              showTimeBegin: Date.now() + DAY,
              showTimeEnd: Date.now() + 2 * DAY,
            }),
          ],
          total: 2,
        }),
    });
    renderTab(<NotificationsTab resourceId="CS-1" />);
    const first = (await screen.findByText('Notice 1')).closest('tr') as HTMLElement;
    expect(within(first).getByText('维护')).toBeInTheDocument();
    expect(within(first).getByText('展示中')).toBeInTheDocument();
    expect(
      within(screen.getByText('Notice 2').closest('tr') as HTMLElement).getByText('未开始'),
    ).toBeInTheDocument();
  });

  it('should read the notifications a page at a time from the server', async () => {
    const calls = fakeApi({
      'GET /api/nio/stations/CS-1/notifications': ({ query }) =>
        ok({ items: [notification(query.get('pageNo') === '2' ? 21 : 1)], total: 21 }),
    });
    const { user } = renderTab(<NotificationsTab resourceId="CS-1" />);
    expect(await screen.findByText('Notice 1')).toBeInTheDocument();

    await user.click(screen.getByTitle('2'));

    expect(await screen.findByText('Notice 21')).toBeInTheDocument();
    expect(calls.map((c) => [c.query.get('pageNo'), c.query.get('pageSize')])).toEqual([
      ['1', '20'],
      ['2', '20'],
    ]);
  });

  it('should let a viewer read the notifications without offering to add or edit', async () => {
    fakeApi({
      'GET /api/nio/stations/CS-1/notifications': () => ok({ items: [notification(1)], total: 1 }),
    });
    renderTab(<NotificationsTab resourceId="CS-1" />, undefined, {
      ...TEST_OPERATOR,
      roles: [{ tenant: 'nio', role: 'viewer' }],
    });

    expect(await screen.findByText('Notice 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增公告|编辑/ })).not.toBeInTheDocument();
  });

  it("should refuse an empty notification in the contract's words", async () => {
    const calls = fakeApi({
      'GET /api/nio/stations/CS-1/notifications': () => ok({ items: [], total: 0 }),
    });
    const { user } = renderTab(<NotificationsTab resourceId="CS-1" />);
    await screen.findByText('此站点还没有公告');
    await user.click(screen.getByText('新增公告', { selector: 'button span' }));
    const modal = modalOf('新增公告');
    await user.type(within(modal).getByLabelText('链接'), 'ftp://example.com');
    await user.click(within(modal).getByText('创建'));
    // Notification text and show time are both required.
    // findAll answers on the first message; both fields' messages render in separate passes.
    await waitFor(() => expect(within(modal).getAllByText('输入不能为空')).toHaveLength(2));
    expect(within(modal).getByText('链接必须以 http:// 或 https:// 开头')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('should save an edit with the type written as the service knows it', async () => {
    const saved = notification(3, { type: 'v2g', notification: 'V2G session tonight' });
    const calls = fakeApi({
      'GET /api/nio/stations/CS-1/notifications': () => ok({ items: [saved], total: 1 }),
      'PUT /api/nio/stations/notifications/3': ({ body }) => ok({ ...saved, ...(body as object) }),
    });
    const { user } = renderTab(<NotificationsTab resourceId="CS-1" />);
    await user.click(await screen.findByText('编辑'));
    const modal = modalOf('编辑公告');
    await user.type(within(modal).getByLabelText('链接'), 'https://example.com/v2g');
    await user.click(within(modal).getByText('保存'));
    expect(await screen.findByText('公告已保存')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      resourceId: 'CS-1',
      notification: 'V2G session tonight',
      showTimeBegin: saved.showTimeBegin,
      showTimeEnd: saved.showTimeEnd,
      range: null,
      url: 'https://example.com/v2g',
      type: 'V2G',
    });
  });
});
