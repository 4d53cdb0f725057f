import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { SwapStationBasicInfo } from '@cmp/domain/stations/swap-station-info';
import { changeLanguage } from '../../../i18n';
import { fail, fakeApi, ok, staffUser, type FakeHandler } from '../../../test/fake-api';
import { renderPortal } from '../../../test/render-portal';
import { replaceText, typeText } from './test-input';
import { operatorInfo, swapStationInfo } from './test-stations';

// The detail forms make a large DOM, and checking every element's visibility for role queries (antd's many
// style sheets through jsdom's getComputedStyle) took minutes; these screens hide nothing the tests look for.
configure({ defaultHidden: true });

const me = staffUser([{ tenant: 'nio', role: 'operator' }]);
const PAGE = '/cmp-app/nio/resources/swap-station?resourceId=PS-1';
const STATION = '/api/nio/stations/swap-stations/PS-1';

function handlers(station: () => SwapStationBasicInfo, more: Record<string, FakeHandler> = {}) {
  return {
    'GET /api/auth/me': () => ok(me),
    [`GET ${STATION}/basic-info`]: () => ok(station()),
    'GET /api/nio/stations/PS-1/infos': () => ok(operatorInfo('PS-1')),
    'GET /api/nio/regions': () => ok({ items: [] }),
    'GET /api/nio/dictionaries': () => ok({ items: [] }),
    'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
    'GET /api/nio/worksheets': () => ok({ items: [], total: 0 }),
    ...more,
  } satisfies Record<string, FakeHandler>;
}

const editOf = (section: string) => screen.findByRole('button', { name: `编辑${section}` });

describe('SwapStationDetailPage', () => {
  beforeAll(() => import('./SwapStationDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should refuse more than 300 chargers and a work line change without a reason, then save each', async () => {
    let stored = swapStationInfo();
    const calls = fakeApi(
      handlers(() => stored, {
        [`PUT ${STATION}/basic-info`]: (request) => {
          stored = {
            ...stored,
            ...(request.body as Partial<SwapStationBasicInfo>),
            version: stored.version + 1,
          };
          return ok(stored);
        },
      }),
    );
    const { user } = renderPortal(PAGE);
    expect(await screen.findByRole('heading', { name: 'Hongqiao Swap Station' })).toBeInTheDocument();
    expect(screen.getByText('han.mei')).toBeInTheDocument();

    await user.click(await editOf('充电桩'));
    const ac = screen.getByLabelText('交流桩总数');
    await replaceText(user, ac, '301');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('输入数字不能超过300')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await replaceText(user, ac, '12');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ version: 7, chargerTotalNumberAc: 12 });
    await waitFor(() => expect(screen.queryByLabelText('交流桩总数')).not.toBeInTheDocument());

    await user.click(await editOf('运营'));
    await replaceText(user, screen.getByLabelText('作业线'), 'Line B');
    await screen.findByLabelText('作业线修改原因');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('输入不能为空')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    await typeText(user, screen.getByLabelText('作业线修改原因'), 'moved to line B');
    await user.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({
      version: 8,
      workLine: 'Line B',
      workLineUpdateReason: 'moved to line B',
    });
  });

  it('should refuse a minimum power above the maximum', async () => {
    fakeApi(handlers(() => swapStationInfo()));
    const { user } = renderPortal(PAGE);
    await screen.findByRole('heading', { name: 'Hongqiao Swap Station' });
    await user.click(await editOf('充电桩'));
    const min = screen.getByLabelText('最小可用功率(kW)');
    await replaceText(user, min, '150');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('最小功率不能大于最大功率')).toBeInTheDocument();
  });

  it('should show a rule the server refused (422) above the buttons', async () => {
    fakeApi(
      handlers(() => swapStationInfo(), {
        [`PUT ${STATION}/basic-info`]: () => fail(422, 'rule_violated', '修改作业线时请填写原因'),
      }),
    );
    const { user } = renderPortal(PAGE);
    await screen.findByRole('heading', { name: 'Hongqiao Swap Station' });
    await user.click(await editOf('运营'));
    await typeText(user, screen.getByLabelText('设备供应商'), 'CATL');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('修改作业线时请填写原因')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存' })).toBeEnabled();
  });

  it('should adjust the swap queue, keeping it within two hours either way', async () => {
    let stored = swapStationInfo();
    const calls = fakeApi(
      handlers(() => stored, {
        [`PUT ${STATION}/queue-adjust`]: () => {
          stored = swapStationInfo({ swapQueueAdjust: -30, version: 8 });
          return ok(stored);
        },
      }),
    );
    const { user } = renderPortal(PAGE);
    await screen.findByRole('heading', { name: 'Hongqiao Swap Station' });
    const queueCard = screen
      .getByText('排队时间调整', { selector: '.ant-card-head-title' })
      .closest('.ant-card') as HTMLElement;
    await user.click(within(queueCard).getByRole('button', { name: '编辑排队时间调整' }));
    const minutes = within(queueCard).getByLabelText('排队时间调整(分钟)');
    await replaceText(user, minutes, '-121');
    await user.tab();
    expect(minutes).toHaveValue('-120');

    await replaceText(user, minutes, '-30');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await within(queueCard).findByText('-30');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ swapQueueAdjust: -30, version: 7 });
  });

  it('should save the parking info with the version the other forms left', async () => {
    let stored = swapStationInfo({ version: 9 });
    const calls = fakeApi(
      handlers(() => stored, {
        [`PUT ${STATION}/parking-info`]: () => {
          stored = swapStationInfo({ parkNo: 'B2-20', version: 10 });
          return ok(stored);
        },
      }),
    );
    const { user } = renderPortal(PAGE);
    await screen.findByRole('heading', { name: 'Hongqiao Swap Station' });
    const parkingCard = screen
      .getByText('停车信息', { selector: '.ant-card-head-title' })
      .closest('.ant-card') as HTMLElement;
    await user.click(within(parkingCard).getByRole('button', { name: '编辑停车信息' }));
    const parkNo = within(parkingCard).getByLabelText('车位号');
    await replaceText(user, parkNo, 'B2-20');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await within(parkingCard).findByText('B2-20');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ parkNo: 'B2-20', version: 9 });
  });

  it('should say that a link without resourceId names no station', async () => {
    fakeApi(handlers(() => swapStationInfo()));
    renderPortal('/cmp-app/nio/resources/swap-station');
    expect(await screen.findByText('未指定场站')).toBeInTheDocument();
  });
});
