import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';
import { activity, activityStation, job, signedIn } from './test-activities';

const ONE = '/api/nio/activities/5';
const STATIONS = '/api/nio/activity-stations';
const PAGE = '/cmp-app/nio/activities/detail?activityId=5';
const activityPage = {
  [`GET ${ONE}`]: () => ok(activity(5)),
  'GET /api/nio/regions': () => ok({ items: [] }),
  [`GET ${STATIONS}`]: () => ok({ items: [], total: 0 }),
};

const rowOf = (resourceId: string) =>
  screen.getByRole('link', { name: resourceId }).closest('tr') as HTMLElement;

describe('ActivityDetailPage stations', () => {
  beforeAll(() => import('./ActivityDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should list the activity stations as active or not and deactivate one at once', async () => {
    let s1Active = true;
    const calls = fakeApi({
      ...signedIn(),
      ...activityPage,
      [`GET ${STATIONS}`]: () =>
        ok({
          items: [
            activityStation('S1', 5, { active: s1Active }),
            activityStation('S2', 5, { active: false, resourceType: 'PowerSwap' }),
          ],
          total: 2,
        }),
      [`POST ${ONE}/stations/S1/inactive`]: () => {
        s1Active = false;
        return ok({ resourceId: 'S1', active: false });
      },
    });
    const { user } = renderPortal(PAGE);
    expect(await screen.findByRole('link', { name: 'S1' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=S1',
    );
    expect(within(rowOf('S1')).getByText('生效')).toBeInTheDocument();
    expect(within(rowOf('S1')).getByText('充电站')).toBeInTheDocument();
    expect(within(rowOf('S2')).getByText('未生效')).toBeInTheDocument();
    expect(within(rowOf('S2')).getByText('换电站')).toBeInTheDocument();
    expect(within(rowOf('S2')).getByRole('button', { name: /启\s?用/ })).toBeInTheDocument();
    const listed = calls.find((c) => c.path === STATIONS)!;
    expect(Object.fromEntries(listed.query)).toEqual({ pageNo: '1', pageSize: '20', activityId: '5' });
    const activityReads = calls.filter((c) => c.path === ONE).length;

    await user.click(within(rowOf('S1')).getByRole('button', { name: /停\s?用/ }));
    expect(await screen.findByText('已在活动中停用站点 S1')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('S1')).getByText('未生效')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `${ONE}/stations/S1/inactive`,
    ]);
    // The activity counts its stations: it is read again too.
    await waitFor(() => expect(calls.filter((c) => c.path === ONE).length).toBeGreaterThan(activityReads));
  });

  it('should check the pasted ids, send them trimmed and once each, and say what became of them', async () => {
    const calls = fakeApi({
      ...signedIn(),
      ...activityPage,
      [`POST ${ONE}/stations`]: () =>
        ok({ added: ['S1'], alreadyIn: ['S2'], unknown: ['S9', 'S8'], outOfScope: [], inactive: [] }),
    });
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByRole('button', { name: /添加站点/ }));
    const dialog = await findDialog('添加站点到 活动 5');
    await user.click(within(dialog).getByRole('button', { name: /^添\s?加$/ }));
    expect(await within(dialog).findByText('请输入站点 ID')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('textbox', { name: '站点 ID' }));
    await user.paste(' S1, S2\nS1  S9，S8 \n');
    await user.click(within(dialog).getByRole('button', { name: /^添\s?加$/ }));

    expect(await within(dialog).findByText('共 4 个站点 ID，已添加 1 个')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ resourceIds: ['S1', 'S2', 'S9', 'S8'] });
    const result = within(dialog).getByTestId('added-stations');
    expect(within(result).getByText('已添加 1 个')).toBeInTheDocument();
    expect(within(result).getByText('已在活动中 1 个')).toBeInTheDocument();
    expect(within(result).getByText('站点不存在 2 个')).toBeInTheDocument();
    expect(within(result).getByText('S9, S8')).toBeInTheDocument();
    expect(within(result).queryByText(/不属于活动的生效运营商/)).toBeNull();
  });

  it('should upload the sheet as its file and follow the job to its marked sheet', async () => {
    const calls = fakeApi({
      ...signedIn(),
      ...activityPage,
      [`POST ${ONE}/stations/upload`]: () => ok({ jobId: 9 }, 202),
      'GET /api/nio/jobs/9': () =>
        ok(
          job(9, {
            state: 'succeeded',
            progress: { done: 0, total: null, message: '2 行有误' },
            result: {
              counts: { rows: 3, invalid: 2, added: 0 },
              files: [{ name: '活动站点导入错误.xlsx', size: 100, contentType: 'application/xlsx' }],
              withErrors: true,
            },
          }),
        ),
    });
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByRole('button', { name: /添加站点/ }));
    const dialog = await findDialog('添加站点到 活动 5');
    await user.click(within(dialog).getByRole('tab', { name: '表格导入' }));
    expect(within(dialog).getByRole('link', { name: /下载模板/ })).toHaveAttribute(
      'href',
      '/api/nio/activity-stations/import-template',
    );
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.xlsx');
    await user.upload(input, new File([new Uint8Array(16)], 'stations.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: /开始导入/ }));

    expect(await within(dialog).findByText('表格有错误，未添加任何站点')).toBeInTheDocument();
    expect(within(dialog).getByText('2 行有误')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /下载标注错误的表格/ })).toHaveAttribute(
      'href',
      '/api/nio/jobs/9/files/0',
    );
    expect(within(dialog).getByRole('button', { name: '在任务中心查看' })).toBeInTheDocument();
    const form = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect((form.get('file') as File).name).toBe('stations.xlsx');
  });

  it('should offer no station changes once the activity finished', async () => {
    fakeApi({
      ...signedIn(),
      ...activityPage,
      [`GET ${ONE}`]: () => ok(activity(5, { activityStatus: 'finished' })),
      [`GET ${STATIONS}`]: () => ok({ items: [activityStation('S1', 5)], total: 1 }),
    });
    renderPortal(PAGE);
    expect(await screen.findByRole('link', { name: 'S1' })).toBeInTheDocument();
    expect(within(rowOf('S1')).getByText('生效')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /添加站点/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /停\s?用/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /移\s?除/ })).toBeNull();
  });
});
