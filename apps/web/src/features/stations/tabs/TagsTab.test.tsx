import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StationTagGroup, StationTags } from '@cmp/domain/tags/tag-contracts';
import { changeLanguage } from '../../../i18n';
import { TEST_OPERATOR } from '../../../components/test-utils';
import { findDialog } from '../../../test/find-dialog';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderTab } from './render-tab';
import { TagsTab } from './TagsTab';

const URL = '/api/nio/stations/CS-1/tags';

const group = (
  overrides: Partial<StationTagGroup> & Pick<StationTagGroup, 'tagGroupCode' | 'tagGroupName'>,
) =>
  ({
    resourceId: 'CS-1',
    operatorId: 'OP-1',
    tagGroupId: 1,
    tagProviderCode: 'cmo',
    tooltip: null,
    inputType: 'select',
    unit: null,
    min: null,
    max: null,
    readonly: false,
    manualUpdateAllowed: true,
    disabled: false,
    disabledReason: null,
    tagCode: null,
    tagName: null,
    tagValue: null,
    source: null,
    updateTime: null,
    expire: false,
    expireReason: null,
    placeholder: null,
    algorithmTagCode: null,
    algorithmTagName: null,
    algorithmTagValue: null,
    cmoTagCode: null,
    cmoTagName: null,
    cmoTagValue: null,
    cmoUpdateTime: null,
    cmoExpire: false,
    cmoExpireReason: null,
    cmoTenantKey: null,
    remark: null,
    recommendationTag: false,
    recommendationText: null,
    tagList: [],
    ...overrides,
  }) satisfies StationTagGroup;

const speed = group({
  tagGroupCode: 'max_charging_speed_tag',
  tagGroupName: '最大充电电流',
  tagProviderCode: 'algorithm',
  inputType: 'number',
  unit: 'A',
  min: 1,
  max: 350,
  tooltip: '场站实测的最大充电电流，单位 A，范围 1~350',
  tagList: [
    {
      tagCode: 'max_charging_speed',
      tagName: '最大充电电流',
      tagPriority: 1,
      description: null,
      createTime: 1,
    },
  ],
});
const faultRatio = group({
  tagGroupCode: 'resource_succ_info',
  tagGroupName: '故障率',
  inputType: 'fault_ratio',
  unit: '%',
  tooltip: '近30天充电失败次数占比，请输入0~30之间的百分数',
  tagCode: 'fault_ratio',
  tagName: '故障率',
  tagValue: '0.05',
  source: 'cmo',
  updateTime: Date.UTC(2026, 10, 1),
  cmoTagCode: 'fault_ratio',
  cmoTagName: '故障率',
  cmoTagValue: '0.05',
  tagList: [{ tagCode: 'fault_ratio', tagName: '故障率', tagPriority: 1, description: null, createTime: 1 }],
});
const nioCharging = group({
  tagGroupCode: 'nio_charging_tag',
  tagGroupName: '蔚来充电标签',
  tagProviderCode: 'algorithm',
  readonly: true,
  disabled: true,
  disabledReason: '该标签为只读',
  tagCode: 'nio_fast_charging',
  tagName: '蔚来快充',
  source: 'algorithm',
});
const tags: StationTags = {
  overallScore: null,
  overallLevel: null,
  tagList: [faultRatio, nioCharging, speed],
};
const rowOf = (name: string) => screen.getByText(name, { selector: 'td' }).closest('tr') as HTMLElement;

describe('TagsTab', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show each group with its current value, who set it, and why a locked one cannot change', async () => {
    fakeApi({ [`GET ${URL}`]: () => ok(tags) });
    renderTab(<TagsTab resourceId="CS-1" />);

    await screen.findByText('故障率', { selector: 'td' });
    expect(within(rowOf('故障率')).getByText('5%')).toBeInTheDocument();
    expect(within(rowOf('故障率')).getByText('运营')).toBeInTheDocument();
    expect(within(rowOf('蔚来充电标签')).getByText('蔚来快充')).toBeInTheDocument();
    expect(within(rowOf('蔚来充电标签')).getByText('该标签为只读')).toBeInTheDocument();
    expect(within(rowOf('蔚来充电标签')).queryByRole('button', { name: /修改/ })).toBeNull();
    expect(within(rowOf('最大充电电流')).getByText('未设置')).toBeInTheDocument();
  });

  it("should show the overall score, both layers of a group and staff's expired value", async () => {
    const success = group({
      tagGroupCode: 'succ_prob_tag',
      tagGroupName: '充电成功率',
      tagCode: 'succ_prob_high',
      tagName: '成功率高',
      source: 'algorithm',
      algorithmTagCode: 'succ_prob_high',
      algorithmTagName: '成功率高',
      cmoTagCode: 'succ_prob_low',
      cmoTagName: '成功率低',
      cmoExpire: true,
      cmoExpireReason: '超过 90 天未更新',
    });
    fakeApi({
      [`GET ${URL}`]: () => ok({ overallScore: 4.3, overallLevel: 'good', tagList: [success] }),
    });
    renderTab(<TagsTab resourceId="CS-1" />);

    await screen.findByText('充电成功率', { selector: 'td' });
    expect(screen.getByText('4.3')).toBeInTheDocument();
    expect(screen.getByText('良好')).toBeInTheDocument();
    const row = within(rowOf('充电成功率'));
    expect(row.getByText('算法值：成功率高；运营值：成功率低')).toBeInTheDocument();
    expect(row.getByText('运营值已过期')).toBeInTheDocument();
    expect(row.getByText('超过 90 天未更新')).toBeInTheDocument();
    expect(row.getByText('算法')).toBeInTheDocument();
  });

  it('should refuse a charging speed out of range before sending, then save one in range', async () => {
    const calls = fakeApi({
      [`GET ${URL}`]: () => ok(tags),
      [`PUT ${URL}/max_charging_speed_tag`]: () =>
        ok({
          tagList: [
            faultRatio,
            nioCharging,
            { ...speed, tagCode: 'max_charging_speed', tagValue: '250', source: 'cmo' },
          ],
        }),
    });
    renderTab(<TagsTab resourceId="CS-1" />);
    fireEvent.click(await screen.findByRole('button', { name: '修改最大充电电流' }));
    const dialog = await findDialog('修改最大充电电流');
    const input = within(dialog).getByLabelText('值');

    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('最大充电电流输入值不能小于1')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(input, { target: { value: '250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        tagCode: 'max_charging_speed',
        tagValue: '250',
      }),
    );
    expect(await within(rowOf('最大充电电流')).findByText('250 A')).toBeInTheDocument();
  });

  it('should send the fault ratio typed in percent as a ratio with two decimals', async () => {
    const calls = fakeApi({
      [`GET ${URL}`]: () => ok(tags),
      [`PUT ${URL}/resource_succ_info`]: () => ok(tags),
    });
    renderTab(<TagsTab resourceId="CS-1" />);
    fireEvent.click(await screen.findByRole('button', { name: '修改故障率' }));
    const dialog = await findDialog('修改故障率');
    const input = within(dialog).getByLabelText('值');
    expect(input).toHaveValue('5');

    fireEvent.change(input, { target: { value: '31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('输入值不能大于30')).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        tagCode: 'fault_ratio',
        tagValue: '0.12',
      }),
    );
  });

  it('should let a viewer read the tags without offering to edit', async () => {
    fakeApi({ [`GET ${URL}`]: () => ok(tags) });
    renderTab(<TagsTab resourceId="CS-1" />, undefined, {
      ...TEST_OPERATOR,
      roles: [{ tenant: 'nio', role: 'viewer' }],
    });

    await screen.findByText('故障率', { selector: 'td' });
    expect(screen.queryByRole('button', { name: /修改/ })).toBeNull();
  });
});
