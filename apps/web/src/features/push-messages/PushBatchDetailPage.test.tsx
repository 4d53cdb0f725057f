import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PushBatchDetail, PushRecipient } from '@cmp/domain/push-messages/push-messages';
import { changeLanguage } from '../../i18n';
import { fakeApi, fail, ok, staffUser } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const ONE = '/api/nio/push-batches/7';
const AT = Date.parse('2026-11-01T10:00:00+08:00');
const batch = (overrides: Partial<PushBatchDetail> = {}): PushBatchDetail => ({
  batchId: 7,
  title: '充电优惠',
  content: '本周末充电打八折',
  landingPage: 'https://example.com/offer',
  targetClients: ['nio_app'],
  ratePerSecond: 500,
  status: 'pushed',
  pushAt: null,
  jobId: null,
  recipients: 3,
  creator: 'nio-operator',
  updater: null,
  createdAt: AT,
  updatedAt: AT,
  version: 4,
  counts: { total: 3, pending: 1, sent: 1, acknowledged: 0, failed: 1, duplicates: 2 },
  ...overrides,
});
const recipient = (
  accountId: string,
  state: PushRecipient['state'],
  extra: Partial<PushRecipient> = {},
): PushRecipient => ({
  accountId,
  nickname: `用户${accountId}`,
  mobile: '139****0001',
  state,
  channel: state === 'pending' ? null : 'mqtt',
  attempts: state === 'pending' ? 0 : 1,
  duplicates: 0,
  lastError: null,
  addedAt: AT,
  sentAt: state === 'sent' ? AT : null,
  acknowledgedAt: null,
  ...extra,
});
const handlers = (user = operator) => ({
  'GET /api/auth/me': () => ok(user),
  [`GET ${ONE}`]: () => ok(batch()),
  [`GET ${ONE}/recipients`]: () =>
    ok({
      items: [
        recipient('U1', 'sent', { duplicates: 2 }),
        recipient('U2', 'failed', { attempts: 4, lastError: 'no PUBACK from the broker in 10000 ms' }),
        recipient('U3', 'pending'),
      ],
      total: 3,
    }),
});

describe('PushBatchDetailPage', () => {
  beforeAll(() => import('./PushBatchDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show each recipient’s delivery and push to all only once confirmed with how many it reaches', async () => {
    const calls = fakeApi({
      ...handlers(),
      [`POST ${ONE}/push-all`]: () => ok({ jobId: 31, recipients: 1 }, 202),
      'GET /api/nio/jobs/31': () => fail(404, 'not_found', 'gone'),
    });
    renderPortal('/cmp-app/nio/push-messages/detail?id=7');
    const user = userEvent.setup();

    const list = (await screen.findByText('接收人（3）')).closest('.ant-card') as HTMLElement;
    expect(await within(list).findByText('用户U2')).toBeInTheDocument();
    expect(within(list).getByText('no PUBACK from the broker in 10000 ms')).toBeInTheDocument();
    expect(within(list).getAllByText('失败').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: /全部推送/ }));
    const dialog = await findDialog('推送给全部待推送的接收人？');
    expect(within(dialog).getByText('将推送给 1 个接收人，推送开始后不能撤回。')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '确认推送' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ version: 4 }));
    expect(await screen.findByText('已开始推送给 1 个接收人')).toBeInTheDocument();
  });

  it('should retry the failed recipients with their count, and say why an account cannot be added', async () => {
    const calls = fakeApi({
      ...handlers(),
      [`POST ${ONE}/retry`]: () => ok({ jobId: 32, recipients: 1 }, 202),
      'GET /api/nio/jobs/32': () => fail(404, 'not_found', 'gone'),
      [`POST ${ONE}/recipients`]: () =>
        fail(422, 'rule_violation', '账号 X9 在本租户不存在', {
          key: 'pushMessages.unknownAccount',
          params: { accountId: 'X9' },
        }),
    });
    renderPortal('/cmp-app/nio/push-messages/detail?id=7');
    const user = userEvent.setup();
    await screen.findByText('用户U2');

    await user.click(screen.getByRole('button', { name: /重试失败/ }));
    const dialog = await findDialog('重新推送失败的接收人？');
    expect(within(dialog).getByText('将重新推送给 1 个失败的接收人。')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确认重试' }));
    await waitFor(() => expect(calls.find((c) => c.path === `${ONE}/retry`)?.body).toEqual({ version: 4 }));

    await user.type(screen.getByRole('textbox', { name: '账号' }), 'X9');
    await user.click(screen.getByRole('button', { name: /添\s?加/ }));
    expect(await screen.findByText('账号 X9 在本租户不存在')).toBeInTheDocument();
  });

  it('should empty the recipients only once confirmed with their number', async () => {
    const calls = fakeApi({
      ...handlers(),
      [`POST ${ONE}/recipients/empty`]: () => ok(batch({ recipients: 0 })),
    });
    renderPortal('/cmp-app/nio/push-messages/detail?id=7');
    const user = userEvent.setup();
    await screen.findByText('用户U2');
    await user.click(screen.getByRole('button', { name: '清空接收人' }));
    const dialog = await findDialog('清空全部接收人？');
    expect(within(dialog).getByText('将移除全部 3 个接收人及其推送记录。')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /清\s?空/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${ONE}/recipients/empty`)?.body).toEqual({ version: 4 }),
    );
  });

  it('should offer a viewer the deliveries but no action', async () => {
    fakeApi(handlers(viewer));
    renderPortal('/cmp-app/nio/push-messages/detail?id=7');
    await screen.findByText('用户U2');
    expect(screen.queryByRole('button', { name: /全部推送/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '清空接收人' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '账号' })).not.toBeInTheDocument();
  });
});
