import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';
import { couponBatch, job, signedIn, viewer } from './test-coupons';

const BATCH = '/api/nio/coupon-batches/1';
const PAGE = '/cmp-app/nio/coupon-batches/detail?id=1';
const batchPage = {
  [`GET ${BATCH}`]: () => ok(couponBatch(1)),
  'GET /api/nio/coupon-generate-records': () => ok({ items: [], total: 0 }),
};

describe('CouponBatchDetailPage send dialog', () => {
  beforeAll(() => import('./CouponBatchDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should say nothing was sent and offer the error sheet when the import refuses the list', async () => {
    const calls = fakeApi({
      ...signedIn(),
      ...batchPage,
      'POST /api/nio/coupons/recipient-imports': () => ok({ jobId: 9 }, 202),
      'GET /api/nio/jobs/9': () =>
        ok(
          job(9, {
            state: 'succeeded',
            progress: { done: 0, total: null, message: '1 行有误' },
            result: {
              counts: { rows: 3, invalid: 1, sent: 0 },
              files: [{ name: '错误.xlsx', size: 100, contentType: 'application/xlsx' }],
            },
          }),
        ),
    });
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByRole('button', { name: /发放优惠券/ }));
    const dialog = await findDialog('表格导入');
    expect(within(dialog).getByRole('textbox', { name: '用户' })).toHaveAttribute(
      'placeholder',
      '手机号，如 13800138000',
    );
    await user.click(within(dialog).getByText('表格导入'));
    // Both templates the import reads, ready to fill in.
    expect(within(dialog).getByRole('link', { name: /下载手机号模板/ })).toHaveAttribute(
      'href',
      '/api/nio/coupons/recipient-imports/template?idType=mobile',
    );
    expect(within(dialog).getByRole('link', { name: /下载账号模板/ })).toHaveAttribute(
      'href',
      '/api/nio/coupons/recipient-imports/template?idType=accountId',
    );
    const file = new File([new Uint8Array(16)], 'recipients.xlsx');
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
    await user.click(within(dialog).getByRole('button', { name: /^发\s?放$/ }));

    expect(await within(dialog).findByText('名单有错误，未发放任何优惠券')).toBeInTheDocument();
    expect(within(dialog).getByText(/1 行有误/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /下载错误表格/ })).toHaveAttribute(
      'href',
      '/api/nio/jobs/9/files/0',
    );
    const form = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(form.get('couponBatchId')).toBe('1');
    expect(form.get('amount')).toBe('1');
    expect((form.get('file') as File).name).toBe('recipients.xlsx');
  });

  it('should show viewers the counters and the code download but no write buttons', async () => {
    fakeApi({ ...signedIn(viewer), ...batchPage });
    renderPortal(PAGE);
    expect(await screen.findByRole('button', { name: /下载券码/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('暂无生成记录')).toBeInTheDocument());
    for (const name of [/生成优惠券/, /发放优惠券/, /作废批次/])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
