import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';
import { signedIn } from '../activities/test-activities';
import { pointRecord } from './test-rewards';

const LIST = '/api/nio/point-records';
const FROM = Date.parse('2026-04-01T00:00:00+08:00');
const TO = Date.parse('2026-04-30T23:59:59+08:00');

const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;

describe('PointRecordListPage', () => {
  beforeAll(() => import('./PointRecordListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should send the filter and reissue a failed record as brand points', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${LIST}`]: () =>
        ok({
          items: [
            pointRecord(61),
            pointRecord(62, { rewardState: 2, failReason: 'point_service_down', rewardTime: null }),
          ],
          total: 2,
        }),
      'POST /api/nio/reward-records/reissue': () => ok({ recordId: 62, rewardState: 3, couponIds: [] }),
    });
    const { user } = renderPortal(
      `/cmp-app/nio/point-records?createTimeBegin=${FROM}&createTimeEnd=${TO}` +
        '&searchInputSelect=resourceName&searchInput=张江&rewardState=2',
    );
    await waitFor(() => expect(rowOf(62)).not.toBeNull());
    expect(Object.fromEntries(calls.filter((c) => c.path === LIST).at(-1)!.query)).toEqual({
      pageNo: '1',
      pageSize: '20',
      sort: 'createTime:desc',
      createTimeBegin: String(FROM),
      createTimeEnd: String(TO),
      searchInputSelect: 'resourceName',
      searchInput: '张江',
      rewardState: '2',
    });
    // A point reward's name is what it was given for; its type, always brand points here, starts hidden.
    expect(within(rowOf(61)).getByText('充电红包')).toBeInTheDocument();
    expect(within(rowOf(61)).getByText('成功')).toBeInTheDocument();
    expect(within(rowOf(61)).queryByRole('button', { name: /补\s?发/ })).toBeNull();
    // A reason the coupon catalogue does not know is shown as it came.
    expect(within(rowOf(62)).getByText('point_service_down')).toBeInTheDocument();

    await user.click(within(rowOf(62)).getByRole('button', { name: /补\s?发/ }));
    const dialog = await findDialog('补发奖励（记录 62）');
    expect(within(dialog).queryByLabelText('优惠券批次')).toBeNull();
    expect(within(dialog).getByLabelText('积分数量')).toHaveValue('50');
    const name = within(dialog).getByLabelText('奖励名称').closest('.ant-form-item') as HTMLElement;
    expect(within(name).getByText('充电红包')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('补发说明'), '积分服务恢复后补发');
    await user.click(within(dialog).getByRole('button', { name: /补\s?发/ }));

    expect(await screen.findByText('已补发记录 62 的奖励')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      recordId: 62,
      rewardType: 'nio_point',
      rewardCode: null,
      rewardUnits: 50,
      rewardName: 'red_packet',
      reissueDesc: '积分服务恢复后补发',
    });
  });

  it('should ask for a coupon batch once the reward type is switched to coupons', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${LIST}`]: () => ok({ items: [pointRecord(62, { rewardState: 2 })], total: 1 }),
    });
    const { user } = renderPortal('/cmp-app/nio/point-records');
    await user.click(await screen.findByRole('button', { name: /补\s?发/ }));
    const dialog = await findDialog('补发奖励（记录 62）');
    await user.click(within(dialog).getByLabelText('奖励类型'));
    await user.click(await screen.findByText('优惠券', { selector: '.ant-select-item-option-content' }));
    await user.click(within(dialog).getByRole('button', { name: /补\s?发/ }));
    const batch = within(dialog).getByLabelText('优惠券批次').closest('.ant-form-item') as HTMLElement;
    expect(await within(batch).findByText('输入不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('should show readers no reissue', async () => {
    fakeApi({
      ...signedIn('nio', 'viewer'),
      [`GET ${LIST}`]: () => ok({ items: [pointRecord(62, { rewardState: 2 })], total: 1 }),
    });
    renderPortal('/cmp-app/nio/point-records');
    await waitFor(() => expect(rowOf(62)).not.toBeNull());
    expect(within(rowOf(62)).getByText('失败')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /补\s?发/ })).toBeNull();
  });
});
