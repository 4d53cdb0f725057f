import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChargeStationBasicInfo } from '@cmp/domain/stations/charge-station-info';
import { changeLanguage } from '../../../i18n';
import { fail, fakeApi, ok, staffUser, type FakeHandler } from '../../../test/fake-api';
import { findDialog } from '../../../test/find-dialog';
import { renderPortal } from '../../../test/render-portal';
import { replaceText, typeText } from './test-input';
import { chargeStationInfo, operatorInfo } from './test-stations';

// The detail forms make a large DOM, and checking every element's visibility for role queries (antd's many
// style sheets through jsdom's getComputedStyle) took minutes; these screens hide nothing the tests look for.
configure({ defaultHidden: true });

const PER_DAY: ChargeStationBasicInfo['businessHours'] = {
  timezone: 'UTC+08:00',
  openList: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
    dayOfWeek,
    isOpen: dayOfWeek !== 6,
    timeRanges:
      dayOfWeek === 7
        ? [
            { start: '00:00', end: '12:00' },
            { start: '12:00', end: '24:00' },
          ]
        : dayOfWeek === 6
          ? [{ start: '00:00', end: '24:00' }]
          : [{ start: '06:00', end: '22:00' }],
  })),
};

const me = staffUser([{ tenant: 'nio', role: 'operator' }]);
const PAGE = '/cmp-app/nio/resources/charge-station?resourceId=CS-1';
const BASIC_INFO = '/api/nio/stations/charge-stations/CS-1/basic-info';

function handlers(station: () => ChargeStationBasicInfo, more: Record<string, FakeHandler> = {}) {
  return {
    'GET /api/auth/me': () => ok(me),
    [`GET ${BASIC_INFO}`]: () => ok(station()),
    'GET /api/nio/stations/CS-1/infos': () => ok(operatorInfo('CS-1')),
    'GET /api/nio/regions': () =>
      ok({
        items: [
          {
            regionId: '310000',
            name: '上海市',
            children: [
              { regionId: '310100', name: '市辖区', children: [{ regionId: '310101', name: '黄浦区' }] },
            ],
          },
        ],
      }),
    'GET /api/nio/dictionaries': () =>
      ok({
        items: [{ dictId: 1, dictTypeId: 1, code: '2', name: '高速', status: 1, sort: 1, description: null }],
      }),
    'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
    'GET /api/nio/worksheets': () => ok({ items: [], total: 0 }),
    ...more,
  } satisfies Record<string, FakeHandler>;
}

/** The cells of a fee's table, row by row, header first. */
const feeRows = (fee: string) =>
  within(screen.getByRole('table', { name: fee }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
/** The Edit in a section's header, once the station is on screen. */
const editOf = async (section: string) =>
  within(await screen.findByRole('tabpanel')).findByRole('button', { name: `编辑${section}` });
const isRed = (element: HTMLElement) =>
  (element.closest('.ant-input-number, .ant-input') ?? element).className.includes('status-error');

describe('ChargeStationDetailPage', () => {
  beforeAll(() => import('./ChargeStationDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show the station, its hours and fees as text, the fees also as a table, and save only the changed fee', async () => {
    let stored = chargeStationInfo();
    const calls = fakeApi(
      handlers(() => stored, {
        [`PUT ${BASIC_INFO}`]: (request) => {
          stored = chargeStationInfo({
            electricityFee: [
              { start: '00:00', end: '08:00', fee: 0.66 },
              { start: '08:00', end: '24:00', fee: 1 },
            ],
            version: 4,
          });
          expect(request.body).toEqual({
            electricityFee: stored.electricityFee,
            version: 3,
          });
          return ok(stored);
        },
      }),
    );
    const { user } = renderPortal(PAGE);

    expect(await screen.findByRole('heading', { name: 'Lujiazui Charge Station' })).toBeInTheDocument();
    expect(screen.getByText('周一至周日 00:00~24:00')).toBeInTheDocument();
    expect(screen.getByText('电费:00:00~08:00:0.50,08:00~24:00:1.00')).toBeInTheDocument();
    expect(screen.getByText('服务费:00:00~24:00:0.40')).toBeInTheDocument();
    // Beside the spec's line, the periods as a table with the unit.
    expect(feeRows('电费')).toEqual([
      ['时段', '价格（元/度）'],
      ['00:00~08:00', '0.50'],
      ['08:00~24:00', '1.00'],
    ]);
    expect(feeRows('服务费')).toEqual([
      ['时段', '价格（元/度）'],
      ['00:00~24:00', '0.40'],
    ]);
    expect(screen.getByText('上海市/市辖区/黄浦区')).toBeInTheDocument();

    await user.click(await editOf('营业时间与费用'));
    const price = screen.getByLabelText('电费 1 价格');
    await replaceText(user, price, '0.66');
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(await screen.findByText('电费:00:00~08:00:0.66,08:00~24:00:1.00')).toBeInTheDocument();
    expect(feeRows('电费')[1]).toEqual(['00:00~08:00', '0.66']);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('should send a station set to no business scenes with its scenes as empty', async () => {
    let sent: unknown;
    fakeApi(
      handlers(() => chargeStationInfo({ bizScenes: [{ code: 2, desc: '高速' }] }), {
        [`PUT ${BASIC_INFO}`]: (request) => {
          sent = request.body;
          return ok(chargeStationInfo({ bizScenes: [], version: 4 }));
        },
      }),
    );
    const { user } = renderPortal(PAGE);

    await user.click(await editOf('基本信息'));
    await user.click(screen.getByLabelText('业务场景'));
    const none = await screen.findAllByTitle('无');
    await user.click(none.find((element) => element.classList.contains('ant-select-item-option'))!);
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(sent).toMatchObject({ bizScenes: [''] });
  });

  it('should pick payment methods from their dictionary, keep a name it lacks, and send them as one comma list', async () => {
    let sent: { payment?: string } | undefined;
    fakeApi(
      handlers(() => chargeStationInfo({ payment: 'APP,储值卡' }), {
        'GET /api/nio/dictionaries': (request) =>
          ok({
            items:
              request.query.get('dictTypeCode') === 'payment_method'
                ? [
                    {
                      dictId: 7,
                      dictTypeId: 3,
                      code: 'app',
                      name: 'APP',
                      nameEn: 'App',
                      status: 1,
                      sort: 1,
                      description: null,
                    },
                    {
                      dictId: 8,
                      dictTypeId: 3,
                      code: 'alipay',
                      name: '支付宝',
                      nameEn: 'Alipay',
                      status: 1,
                      sort: 2,
                      description: null,
                    },
                  ]
                : [],
          }),
        [`PUT ${BASIC_INFO}`]: (request) => {
          sent = request.body as typeof sent;
          return ok(chargeStationInfo({ payment: sent?.payment ?? null, version: 4 }));
        },
      }),
    );
    const { user } = renderPortal(PAGE);

    expect(await screen.findByText('APP,储值卡')).toBeInTheDocument();
    await user.click(await editOf('基本信息'));
    await user.click(screen.getByLabelText('支付方式'));
    const alipay = await screen.findAllByTitle('支付宝');
    await user.click(alipay.find((element) => element.classList.contains('ant-select-item-option'))!);
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(sent).toMatchObject({ payment: 'APP,储值卡,支付宝' });
    expect(await screen.findByText('APP,储值卡,支付宝')).toBeInTheDocument();

    // In English a name the dictionary knows reads in English; one it lacks stays as stored.
    await changeLanguage('en-US');
    expect(await screen.findByText('App, 储值卡, Alipay')).toBeInTheDocument();
  });

  it('should show the direction a service area serves in both languages, and check and save a new one', async () => {
    let sent: unknown;
    const calls = fakeApi(
      handlers(() => chargeStationInfo({ construction: 11, servedBearing: 185 }), {
        [`PUT ${BASIC_INFO}`]: (request) => {
          sent = request.body;
          return ok(chargeStationInfo({ construction: 11, servedBearing: 5, version: 4 }));
        },
      }),
    );
    const { user } = renderPortal(PAGE);
    expect(await screen.findByText('南行（185°）')).toBeInTheDocument();

    await user.click(await editOf('位置'));
    const bearing = screen.getByLabelText('服务行驶方向');
    await replaceText(user, bearing, '360');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('输入数字不能超过359')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await replaceText(user, bearing, '5');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sent).toEqual({ servedBearing: 5, version: 3 }));
    expect(await screen.findByText('北行（5°）')).toBeInTheDocument();

    await changeLanguage('en-US');
    expect(await screen.findByText('Northbound (5°)')).toBeInTheDocument();
  });

  it('should show a viewer the station without Edit or the offline actions', async () => {
    fakeApi({
      ...handlers(() => chargeStationInfo()),
      'GET /api/auth/me': () => ok(staffUser([{ tenant: 'nio', role: 'viewer' }])),
    });
    renderPortal(PAGE);

    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('基本信息')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^编辑/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '充电地图下线' })).not.toBeInTheDocument();
  });

  it('should edit hours whose days differ, and explain why fees priced as ranges cannot be edited', async () => {
    fakeApi(
      handlers(() =>
        chargeStationInfo({
          businessHours: PER_DAY,
          canModifyElectricityFee: false,
          electricityFee: [{ start: '00:00', end: '24:00', fee: 1, feeMin: 0.8, feeMax: 1.2 }],
        }),
      ),
    );
    const { user } = renderPortal(PAGE);
    await user.click(await editOf('营业时间与费用'));

    expect(screen.getByRole('switch', { name: '周一' })).toBeEnabled();
    expect(screen.getByLabelText('周日 2 开始时间')).toHaveValue('12:00');
    expect(screen.getByText('电费为区间价格，不支持在此修改')).toBeInTheDocument();
    expect(screen.getByLabelText('电费 1 价格')).toBeDisabled();
    expect(screen.getByText('区间 0.80~1.20')).toBeInTheDocument();
    // The service fee has single prices, so it stays editable.
    expect(screen.getByLabelText('服务费 1 价格')).toBeEnabled();
  });

  it('should save hours that differ by day, show them, and edit and save them again', async () => {
    let stored = chargeStationInfo();
    const saved: unknown[] = [];
    fakeApi(
      handlers(() => stored, {
        [`PUT ${BASIC_INFO}`]: (request) => {
          const body = request.body as { businessHours: ChargeStationBasicInfo['businessHours'] };
          saved.push(body);
          stored = { ...stored, businessHours: body.businessHours, version: stored.version + 1 };
          return ok(stored);
        },
      }),
    );
    const { user } = renderPortal(PAGE);

    // Monday to Friday 06:00~22:00, Saturday closed, Sunday two ranges.
    await user.click(await editOf('营业时间与费用'));
    for (const day of ['周一', '周二', '周三', '周四', '周五']) {
      await replaceText(user, screen.getByLabelText(`${day} 1 开始时间`), '06:00');
      await replaceText(user, screen.getByLabelText(`${day} 1 结束时间`), '22:00');
    }
    await user.click(screen.getByRole('switch', { name: '周六' }));
    await replaceText(user, screen.getByLabelText('周日 1 结束时间'), '12:00');
    // user-event's click on this button never returns under jsdom (it does in Chromium, see the browser
    // test); a plain click event adds the range the same way.
    fireEvent.click(screen.getByRole('button', { name: '周日 添加时段' }));
    await screen.findByLabelText('周日 2 开始时间');
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ businessHours: PER_DAY, version: 3 });
    expect(
      await screen.findByText(
        '周一 06:00~22:00; 周二 06:00~22:00; 周三 06:00~22:00; 周四 06:00~22:00; 周五 06:00~22:00; 周日 00:00~12:00,12:00~24:00',
      ),
    ).toBeInTheDocument();

    // The next Edit shows the same hours, day by day, and saves a change to them.
    await user.click(await editOf('营业时间与费用'));
    expect(screen.queryByText(/不支持在此修改/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('周一 1 开始时间')).toHaveValue('06:00');
    expect(screen.getByLabelText('周日 2 开始时间')).toHaveValue('12:00');
    expect(screen.getByRole('switch', { name: '周六' })).not.toBeChecked();
    await replaceText(user, screen.getByLabelText('周日 2 开始时间'), '14:00');
    await user.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ version: 4 });
    expect(await screen.findByText(/周日 00:00~12:00,14:00~24:00/)).toBeInTheDocument();
  });

  it('should ask before leaving with unsaved changes and stay when told to', async () => {
    fakeApi(handlers(() => chargeStationInfo()));
    const { user, router } = renderPortal(PAGE);
    await user.click(await editOf('基本信息'));
    await replaceText(user, screen.getByLabelText('场站名称'), 'Renamed');

    await router.navigate('/cmp-app/nio/resources');
    const dialog = await findDialog('放弃未保存的修改？');
    await user.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cmp-app/nio/resources/charge-station'));
    expect(screen.getByLabelText('场站名称')).toHaveValue('Renamed');
  });

  it('should refuse overlapping fee periods before sending anything', async () => {
    const calls = fakeApi(handlers(() => chargeStationInfo()));
    const { user } = renderPortal(PAGE);
    await user.click(await editOf('营业时间与费用'));
    const start = screen.getByLabelText('电费 2 开始');
    await replaceText(user, start, '07:00');

    expect(screen.getByText('时段2：时间段不能重叠')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请先修正费用时段中的问题')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // Only the overlapping period is marked, not every time and price of the form.
    expect(isRed(start)).toBe(true);
    expect(isRed(screen.getByLabelText('电费 1 开始'))).toBe(false);
    expect(isRed(screen.getByLabelText('服务费 1 价格'))).toBe(false);
    expect(isRed(screen.getByLabelText('周一 1 开始时间'))).toBe(false);
  });

  it('should put the server’s field errors beside their fields', async () => {
    fakeApi(
      handlers(() => chargeStationInfo(), {
        [`PUT ${BASIC_INFO}`]: () =>
          fail(400, 'validation_failed', 'body.serviceTel: 输入长度不能超过32个字符', [
            { path: 'body.serviceTel', message: '输入长度不能超过32个字符' },
          ]),
      }),
    );
    const { user } = renderPortal(PAGE);
    await user.click(await editOf('基本信息'));
    const tel = screen.getByLabelText('服务电话');
    await replaceText(user, tel, '021-1234');
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('输入长度不能超过32个字符')).toBeInTheDocument();
    expect(screen.getByText('部分内容有误，请按提示修改。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存' })).toBeEnabled();
  });

  it('should offer to reload after someone else changed the station', async () => {
    let version = 3;
    fakeApi(
      handlers(
        () => chargeStationInfo({ version, resourceName: version === 3 ? 'Old name' : 'Their name' }),
        {
          [`PUT ${BASIC_INFO}`]: () => {
            version = 4;
            return fail(409, 'conflict', '该场站已被他人修改，请刷新后重新修改');
          },
        },
      ),
    );
    const { user } = renderPortal(PAGE);
    await user.click(await editOf('基本信息'));
    const name = screen.getByLabelText('场站名称');
    await replaceText(user, name, 'My name');
    await user.click(screen.getByRole('button', { name: '保存' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('场站已被他人修改该场站已被他人修改，请刷新后重新修改');
    await user.click(within(dialog).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { name: 'Their name' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('场站名称')).not.toBeInTheDocument());
  });

  it('should take the station off the charging map after confirmation, with the reason', async () => {
    let stored = chargeStationInfo();
    const calls = fakeApi(
      handlers(() => stored, {
        'POST /api/nio/stations/charge-stations/CS-1/charging-map/offline': () => {
          stored = chargeStationInfo({ chargingMapOnline: false, version: 4 });
          return ok(stored);
        },
      }),
    );
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByRole('button', { name: '充电地图下线' }));
    const dialog = await screen.findByRole('dialog');
    await typeText(user, within(dialog).getByLabelText('原因（选填）'), 'closed for works');
    await user.click(within(dialog).getByRole('button', { name: '确定下线' }));

    await waitFor(() => expect(screen.getByRole('button', { name: '充电地图下线' })).toBeDisabled());
    expect(screen.getByRole('button', { name: '一键充电下线' })).toBeEnabled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'closed for works' });
  });

  it('should say when the station does not exist and link back to the list', async () => {
    fakeApi(handlers(() => chargeStationInfo(), { [`GET ${BASIC_INFO}`]: () => fail(404, 'not_found') }));
    renderPortal(PAGE);
    expect(await screen.findByText('场站不存在')).toBeInTheDocument();
    expect(screen.getByText('返回资源运营列表').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources',
    );
  });

  it('should open from the old portal link', async () => {
    fakeApi(handlers(() => chargeStationInfo()));
    const { router } = renderPortal('/charge-station-detail?resourceId=CS-1');
    expect(await screen.findByRole('heading', { name: 'Lujiazui Charge Station' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cmp-app/nio/resources/charge-station');
  });
});
