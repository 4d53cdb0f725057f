import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, type FakeRequest } from '../../test/fake-api';
import { renderTab } from '../stations/tabs/render-tab';
import { FOLLOW_MS } from './remote-operations-api';
import { RemoteOperationsTab } from './RemoteOperationsTab';
import { operationLog } from './test-remote-operations';

const LIST = 'GET /api/nio/remote-operations';
const queries = (calls: FakeRequest[]) =>
  calls.filter((c) => c.path === '/api/nio/remote-operations').map((c) => Object.fromEntries(c.query));
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('RemoteOperationsTab', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it("should list the station's unfinished operations with their labels, progress and reason", async () => {
    const calls = fakeApi({
      [LIST]: () =>
        ok({
          total: 2,
          items: [
            operationLog(2, {
              operationType: 'UPDATE_FIRMWARE',
              operatorType: 'system',
              operator: '升级任务 3',
              command: 'UpdateFirmware',
              status: 3,
              progress: 'Downloaded',
              percentage: 50,
              upgradeInfo: {
                upgradePackageId: 1,
                version: '2.5.0',
                campaignId: 3,
                firmwareStatus: 'Downloaded',
              },
            }),
            operationLog(1, { status: 0, chargeSessionId: '41', connectorNo: 2 }),
          ],
        }),
    });
    renderTab(<RemoteOperationsTab resourceId="CS-1" />);

    const upgrade = await rowOf('固件升级');
    for (const text of ['系统 · 升级任务 3', '执行中', '已下载', '50%'])
      expect(within(upgrade).getByText(text)).toBeInTheDocument();
    const reset = await rowOf('软重启');
    for (const text of ['员工 · alice', '已下发', 'CS-1-E1 #2', '41'])
      expect(within(reset).getByText(text)).toBeInTheDocument();
    expect(queries(calls)[0]).toEqual({ resource_id: 'CS-1', status: '0,3', pageNo: '1', pageSize: '20' });
    expect(screen.getByRole('link', { name: '在远程操作列表中查看' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/remote-operations?resource_id=CS-1',
    );
  });

  it('should read again while an operation runs, until the charger finished it', async () => {
    // The poll's interval runs on a clock the test moves; everything else keeps real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let reads = 0;
      fakeApi({
        [LIST]: () => {
          reads += 1;
          return ok({ total: 1, items: [operationLog(5, { status: reads === 1 ? 0 : 1 })] });
        },
      });
      renderTab(<RemoteOperationsTab resourceId="CS-1" />);
      expect(await screen.findByText('已下发', { selector: '.ant-tag' })).toBeInTheDocument();
      expect(reads).toBe(1);

      await vi.advanceTimersByTimeAsync(FOLLOW_MS);
      expect(await screen.findByText('成功', { selector: '.ant-tag' })).toBeInTheDocument();
      expect(reads).toBe(2);

      // Finished: however long the tab stays open, it reads no more.
      await vi.advanceTimersByTimeAsync(FOLLOW_MS * 10);
      expect(reads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should ask for every status, or one, when the user picks it', async () => {
    const calls = fakeApi({
      [LIST]: () => ok({ total: 1, items: [operationLog(1, { status: 2, reason: 'offline' })] }),
    });
    const { user } = renderTab(<RemoteOperationsTab resourceId="CS-1" />);
    expect(within(await rowOf('软重启')).getByText('充电桩不在线')).toBeInTheDocument();

    await user.click(screen.getByText('全部'));
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ status: '0,1,2,3' }));
    await user.click(screen.getByText('失败', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ status: '2', pageNo: '1' }));
  });
});
