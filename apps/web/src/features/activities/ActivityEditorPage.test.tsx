import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, ok } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { activity, signedIn } from './test-activities';

const LIST = '/api/nio/activities';
const OPTION = '.ant-select-item-option-content';

/** The name and the window every activity needs. */
async function fillCommon(user: UserEvent) {
  await user.type(await screen.findByLabelText('活动名称'), '春季活动');
  await user.type(screen.getByLabelText('开始时间'), '2026-04-01 00:00:00{Enter}');
  await user.type(screen.getByLabelText('结束时间'), '2026-04-30 23:59:59{Enter}');
}

const slot = (n: number, part: string) => screen.getByLabelText(`规则 1 第${n}个时间段 ${part}`);
/** A slot of one of rule 1's part lists, e.g. `partSlot('电费分时价格', 1, '优惠价')`. */
const partSlot = (list: string, n: number, part: string) =>
  screen.getByLabelText(`规则 1 ${list} 第${n}个时间段 ${part}`);
const partItem = (list: string) =>
  screen.getByRole('button', { name: `规则 1 ${list} 添加时间段` }).closest('.ant-form-item') as HTMLElement;

describe('ActivityEditorPage', () => {
  beforeAll(() => import('./ActivityEditorPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should send a percent discount as ratios over slots tiling the day, and refuse a gap unsent', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`POST ${LIST}`]: () => ok(activity(9, { activityType: 'charging_discount' }), 201),
      [`GET ${LIST}/9`]: () => ok(activity(9, { activityType: 'charging_discount' })),
    });
    const { user, router } = renderPortal('/cmp-app/nio/activities/new?activityType=charging_discount');
    await fillCommon(user);
    await user.click(screen.getByRole('radio', { name: '折扣' }));
    await user.clear(slot(1, '结束'));
    await user.type(slot(1, '结束'), '12:00');
    await user.type(slot(1, '折扣'), '85');
    await user.click(screen.getByRole('button', { name: '规则 1 添加时间段' }));
    // The new slot starts where the last one ends.
    expect(slot(2, '开始')).toHaveValue('12:00');
    expect(slot(2, '结束')).toHaveValue('24:00');
    await user.type(slot(2, '折扣'), '90');

    await user.clear(slot(2, '开始'));
    await user.type(slot(2, '开始'), '13:00');
    expect(await screen.findByText('第2个时间段必须从上一个时间段的结束时间开始')).toBeInTheDocument();
    await user.click(screen.getByText(/^创\s?建$/));
    expect(await screen.findByText('请按提示修改时间段')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(slot(2, '开始'));
    await user.type(slot(2, '开始'), '12:00');
    await waitFor(() => expect(screen.queryByText('第2个时间段必须从上一个时间段的结束时间开始')).toBeNull());
    await user.click(screen.getByText(/^创\s?建$/));

    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/activities/detail?activityId=9'));
    const sent = calls.find((c) => c.method === 'POST')!.body;
    expect(sent).toMatchObject({
      activityType: 'charging_discount',
      activityName: '春季活动',
      // Typed in the reader's own zone.
      beginTime: dayjs('2026-04-01 00:00:00').valueOf(),
      endTime: dayjs('2026-04-30 23:59:59').valueOf(),
      activityRules: [],
      chargingDiscountRules: [
        {
          userRole: 'default',
          discountType: 2,
          timesharing: [
            { start: '00:00', end: '12:00', discount: 0.85 },
            { start: '12:00', end: '24:00', discount: 0.9 },
          ],
        },
      ],
    });
  });

  it('should offer the pe tenant only ordinary users, one rule', async () => {
    fakeApi(signedIn('pe'));
    const { user } = renderPortal('/cmp-app/pe/activities/new?activityType=charging_discount');
    await user.click(await screen.findByLabelText('规则 1 用户角色'));
    const options = await screen.findAllByText(/./, { selector: OPTION });
    expect(options.map((o) => o.textContent)).toEqual(['普通用户']);
    expect(screen.getByRole('button', { name: /添加优惠规则/ })).toBeDisabled();
  });

  it('should offer each new rule only the roles at or after the rule above, widest first', async () => {
    fakeApi(signedIn());
    const { user } = renderPortal('/cmp-app/nio/activities/new?activityType=charging_discount');
    await user.click(await screen.findByLabelText('规则 1 用户角色'));
    await user.click(await screen.findByTitle('定金车主及以上'));
    await user.click(screen.getByRole('button', { name: /添加优惠规则/ }));
    await user.click(await screen.findByLabelText('规则 2 用户角色'));
    // The second rule targets owners only: neither the wider audiences nor the first rule's own role.
    await waitFor(() =>
      expect(screen.getAllByText(/./, { selector: OPTION }).map((o) => o.textContent)).toContain('仅车主'),
    );
    // The dropdown opened last is the second rule's (the first rule's stays in the document, closed).
    const dropdowns = document.querySelectorAll('.ant-select-dropdown');
    const listed = [...dropdowns[dropdowns.length - 1]!.querySelectorAll(OPTION)].map((o) => o.textContent);
    expect(listed).toEqual(['仅车主']);
    // Every narrower role is taken now.
    expect(screen.getByRole('button', { name: /添加优惠规则/ })).toBeDisabled();
  });

  it('should refuse a red packet activity missing a required rule beside its field', async () => {
    const calls = fakeApi(signedIn());
    const { user } = renderPortal('/cmp-app/nio/activities/new?activityType=charger_red_packet');
    await fillCommon(user);
    await user.type(screen.getByLabelText('每站点组红包数'), '5');
    await user.type(screen.getByLabelText('最多生效站点组数'), '10');
    await user.click(screen.getByText(/^创\s?建$/));

    const field = screen.getByLabelText('基础积分').closest('.ant-form-item') as HTMLElement;
    expect(await within(field).findByText('输入不能为空')).toBeInTheDocument();
    const frequency = screen.getByLabelText('个人领取频次').closest('.ant-form-item') as HTMLElement;
    expect(within(frequency).getByText('输入不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('should show the server complaint about a rule on that rule field', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`POST ${LIST}`]: () =>
        fail(400, 'validation_error', 'invalid', [
          {
            path: 'body.activityRules.1.ruleValue',
            message: 'too big',
            key: 'form.maxNumber',
            params: { max: 9 },
          },
        ]),
    });
    const { user } = renderPortal('/cmp-app/nio/activities/new?activityType=charger_red_packet');
    await fillCommon(user);
    await user.type(screen.getByLabelText('基础积分'), '100');
    await user.type(screen.getByLabelText('每站点组红包数'), '5');
    await user.type(screen.getByLabelText('最多生效站点组数'), '10');
    await user.click(screen.getByLabelText('个人领取频次'));
    await user.click(await screen.findByText('每天一次', { selector: OPTION }));
    await user.click(screen.getByText(/^创\s?建$/));

    expect(await screen.findByText('请按提示修改标红的字段')).toBeInTheDocument();
    const field = screen.getByLabelText('每站点组红包数').closest('.ant-form-item') as HTMLElement;
    expect(within(field).getByText('输入数字不能超过9')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      activityRules: [
        { ruleKey: 'basic_point', ruleValue: '100' },
        { ruleKey: 'reward_number_per_resource', ruleValue: '5' },
        { ruleKey: 'max_active_resource_number', ruleValue: '10' },
        { ruleKey: 'individual_claim_frequency', ruleValue: 'once_per_day' },
      ],
    });
  });

  it('should edit a saved discount in percent and save it as ratios from the version read', async () => {
    const saved = activity(5, {
      activityType: 'charging_discount',
      activityStatus: 'in_progress',
      chargingDiscountRules: [
        {
          userRole: 'vehicle_owner',
          discountType: 2,
          discountActCostShare: 30,
          timesharing: [{ start: '00:00', end: '24:00', discount: 0.85 }],
        },
      ],
    });
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${LIST}/5`]: () => ok(saved),
      [`PUT ${LIST}/5`]: () => ok({ ...saved, activityName: '夏季活动', version: 5 }),
    });
    const { user, router } = renderPortal('/cmp-app/nio/activities/edit?activityId=5');
    const percent = await screen.findByLabelText('规则 1 第1个时间段 折扣');
    await waitFor(() => expect(percent).toHaveValue('85'));
    const name = screen.getByLabelText('活动名称');
    await user.clear(name);
    await user.type(name, '夏季活动');
    await user.click(screen.getByText(/^保\s?存$/));

    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/activities/detail?activityId=5'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      version: 4,
      activityName: '夏季活动',
      chargingDiscountRules: [
        {
          userRole: 'vehicle_owner',
          discountType: 2,
          discountActCostShare: 30,
          timesharing: [{ start: '00:00', end: '24:00', discount: 0.85 }],
        },
      ],
    });
  });
  it('should send the part slot lists filled in, percents as ratios, and leave the empty ones out', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`POST ${LIST}`]: () => ok(activity(9, { activityType: 'charging_discount' }), 201),
      [`GET ${LIST}/9`]: () => ok(activity(9, { activityType: 'charging_discount' })),
    });
    const { user, router } = renderPortal('/cmp-app/nio/activities/new?activityType=charging_discount');
    await fillCommon(user);
    await user.type(slot(1, '优惠价'), '1.2');
    await user.click(screen.getByText('分项时段（按电费/服务费分项设置）'));

    await user.click(screen.getByRole('button', { name: '规则 1 电费分时价格 添加时间段' }));
    expect(partSlot('电费分时价格', 1, '开始')).toHaveValue('00:00');
    expect(partSlot('电费分时价格', 1, '结束')).toHaveValue('24:00');
    await user.type(partSlot('电费分时价格', 1, '优惠价'), '0.8');

    await user.click(screen.getByRole('button', { name: '规则 1 服务费分时折扣 添加时间段' }));
    await user.clear(partSlot('服务费分时折扣', 1, '结束'));
    await user.type(partSlot('服务费分时折扣', 1, '结束'), '08:00');
    await user.type(partSlot('服务费分时折扣', 1, '折扣'), '85');
    await user.click(screen.getByRole('button', { name: '规则 1 服务费分时折扣 添加时间段' }));
    expect(partSlot('服务费分时折扣', 2, '开始')).toHaveValue('08:00');
    await user.type(partSlot('服务费分时折扣', 2, '折扣'), '90');
    // A list started and emptied again is no list.
    await user.click(screen.getByRole('button', { name: '规则 1 电费分时折扣 添加时间段' }));
    await user.click(screen.getByRole('button', { name: '规则 1 电费分时折扣 第1个时间段 删除' }));
    await user.click(screen.getByText(/^创\s?建$/));

    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/activities/detail?activityId=9'));
    const sent = calls.find((c) => c.method === 'POST')!.body as {
      chargingDiscountRules: Record<string, unknown>[];
    };
    expect(sent.chargingDiscountRules).toEqual([
      {
        userRole: 'default',
        discountType: 1,
        timesharing: [{ start: '00:00', end: '24:00', price: 1.2 }],
        timesharingElecPrice: [{ start: '00:00', end: '24:00', price: 0.8 }],
        timesharingServiceDiscount: [
          { start: '00:00', end: '08:00', discount: 0.85 },
          { start: '08:00', end: '24:00', discount: 0.9 },
        ],
      },
    ]);
    expect(sent.chargingDiscountRules[0]).not.toHaveProperty('timesharingElecDiscount');
    expect(sent.chargingDiscountRules[0]).not.toHaveProperty('timesharingServicePrice');
  });

  it('should show a part list chain error beside that list, found by the server or before sending', async () => {
    const saved = activity(5, {
      activityType: 'charging_discount',
      chargingDiscountRules: [
        {
          userRole: 'default',
          discountType: 1,
          timesharing: [{ start: '00:00', end: '24:00', price: 1.2 }],
          timesharingElecPrice: [
            { start: '00:00', end: '12:00', price: 0.8 },
            { start: '12:00', end: '24:00', price: 1 },
          ],
          timesharingElecDiscount: [{ start: '00:00', end: '24:00', discount: 0.95 }],
        },
      ],
    });
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${LIST}/5`]: () => ok(saved),
      [`PUT ${LIST}/5`]: () =>
        fail(400, 'validation_error', 'invalid', [
          {
            path: 'body.chargingDiscountRules.0.timesharingElecPrice.1',
            message: 'not continuous',
            key: 'timeSharing.notContinuous',
            params: { range: 2 },
          },
        ]),
    });
    const { user } = renderPortal('/cmp-app/nio/activities/edit?activityId=5');
    // Folded, it says how many lists are set; the discount list is edited in percent.
    expect(await screen.findByText('已设置 2 项')).toBeInTheDocument();
    await waitFor(() => expect(partSlot('电费分时折扣', 1, '折扣')).toHaveValue('95'));
    expect(partSlot('电费分时价格', 2, '开始')).not.toBeVisible();
    await user.click(screen.getByText(/^保\s?存$/));

    // The server's path names the list and its slot: the fold opens on the message under that list only.
    expect(await screen.findByText('请按提示修改标红的字段')).toBeInTheDocument();
    const elec = partItem('电费分时价格');
    const message = '第2个时间段必须从上一个时间段的结束时间开始';
    await waitFor(() => expect(within(elec).getByText(message)).toBeVisible());
    expect(within(partItem('服务费分时价格')).queryByText(message)).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      chargingDiscountRules: [
        {
          timesharingElecPrice: [
            { start: '00:00', end: '12:00', price: 0.8 },
            { start: '12:00', end: '24:00', price: 1 },
          ],
          timesharingElecDiscount: [{ start: '00:00', end: '24:00', discount: 0.95 }],
        },
      ],
    });

    // The domain's own check finds a gap as it is typed, beside the same list, and nothing more is sent.
    await user.clear(partSlot('电费分时价格', 2, '开始'));
    await user.type(partSlot('电费分时价格', 2, '开始'), '13:00');
    expect(within(elec).getByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByText(/^保\s?存$/));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
