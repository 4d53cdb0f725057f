import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Job } from '@cmp/domain';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { markJobsSeen } from './last-seen-jobs';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const LOOKED_AT = Date.parse('2026-03-02T01:00:00.000Z');

const job = (jobId: number, overrides: Partial<Job>): Job => ({
  jobId,
  kind: 'coupons.recipient-import',
  tenant: 'nio',
  createdBy: { userId: 7, userName: 'alice' },
  params: {},
  state: 'succeeded',
  progress: { done: 0, total: null, message: null },
  result: { counts: {}, files: [] },
  error: null,
  attempts: 0,
  cancelRequested: false,
  createdAt: '2026-03-02T01:30:00.000Z',
  startedAt: '2026-03-02T01:30:00.000Z',
  finishedAt: '2026-03-02T01:30:04.000Z',
  updatedAt: '2026-03-02T01:30:04.000Z',
  ...overrides,
});

// A refused import (its sheet named in both languages), a callback, an export that ended before the user last looked.
const JOBS: Job[] = [
  job(3, {
    progress: { done: 0, total: null, message: '3 行数据有误，未发放任何优惠券，请下载表格查看原因' },
    result: {
      counts: { rows: 5, invalid: 3, sent: 0 },
      files: [
        {
          name: '优惠券导入错误.xlsx',
          names: { 'zh-CN': '优惠券导入错误.xlsx', 'en-US': 'coupon-import-errors.xlsx' },
          size: 100,
          contentType: 'application/xlsx',
        },
      ],
      withErrors: true,
    },
  }),
  job(2, { kind: 'comment-callback' }),
  job(1, {
    kind: 'export.comments.list',
    progress: { done: 20, total: 20, message: null },
    finishedAt: '2026-03-02T00:30:00.000Z',
  }),
];

describe('the task center', () => {
  beforeEach(() => {
    changeLanguage('zh-CN');
    markJobsSeen('nio', LOOKED_AT);
  });

  it('should say a refused import ended with errors and why, name every kind, and give the time it took', async () => {
    fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/nio/jobs': () => ok({ items: JOBS, total: 3 }),
    });
    const { user } = renderPortal('/cmp-app/nio');

    // Two jobs ended since the user last looked.
    const badge = await screen.findByTestId('task-center-badge');
    await waitFor(() => expect(badge).toHaveTextContent('2'));
    await user.click(screen.getByTestId('task-center'));

    const refused = await screen.findByTestId('job-3');
    expect(within(refused).getByText('优惠券名单导入发放')).toBeInTheDocument();
    expect(within(refused).getByText('已结束，有错误')).toBeInTheDocument();
    expect(within(refused).queryByText('已完成')).not.toBeInTheDocument();
    expect(
      within(refused).getByText('3 行数据有误，未发放任何优惠券，请下载表格查看原因'),
    ).toBeInTheDocument();
    expect(within(refused).getByText(/用时 4 秒/)).toBeInTheDocument();
    expect(within(refused).queryByText(/^0$/)).not.toBeInTheDocument();
    expect(within(screen.getByTestId('job-2')).getByText('评论回调通知')).toBeInTheDocument();
    expect(within(screen.getByTestId('job-1')).getByText('评论列表导出')).toBeInTheDocument();
    expect(within(screen.getByTestId('job-1')).getByText('已完成')).toBeInTheDocument();
    // Looked at: nothing is new any more.
    await waitFor(() => expect(screen.getByTestId('task-center-badge')).not.toHaveTextContent('2'));
  });

  it('should name the sheet and the outcome in English', async () => {
    changeLanguage('en-US');
    fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/nio/jobs': () => ok({ items: JOBS, total: 3 }),
    });
    const { user } = renderPortal('/cmp-app/nio');
    await user.click(await screen.findByTestId('task-center'));

    const refused = await screen.findByTestId('job-3');
    expect(within(refused).getByText('Ended with errors')).toBeInTheDocument();
    expect(within(refused).getByText(/Took 4 s/)).toBeInTheDocument();
    const download = within(refused).getByRole('link', { name: /coupon-import-errors\.xlsx/ });
    expect(download).toHaveAttribute('download', 'coupon-import-errors.xlsx');
    expect(within(screen.getByTestId('job-2')).getByText('Comment callback')).toBeInTheDocument();
  });
});
