import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { checkTagValue, type TagGroupInput } from './tag-values.js';

const group = (input: Partial<TagGroupInput> & Pick<TagGroupInput, 'inputType'>): TagGroupInput => ({
  groupName: '最大充电电流',
  min: null,
  max: null,
  tooltip: null,
  ...input,
});
const zh = (
  inputType: TagGroupInput['inputType'],
  value: string | undefined,
  more: Partial<TagGroupInput> = {},
) => {
  const problem = checkTagValue(group({ inputType, ...more }), value);
  return problem && formatMessage('zh-CN', problem);
};

describe('checkTagValue', () => {
  it('should take no value for a choice or a yes/no', () => {
    expect(zh('select', undefined)).toBeUndefined();
    expect(zh('yes_no', '')).toBeUndefined();
    expect(zh('select', '3', { groupName: '开放情况' })).toBe('标签组开放情况不需要输入值');
  });

  it('should need a value for busy hours, numbers and the fault ratio', () => {
    expect(zh('occupy_time', ' ', { groupName: '占用时段' })).toBe('请输入占用时段的值');
    expect(zh('number', undefined)).toBe('请输入最大充电电流的值');
  });

  it('should check busy hours with the format, order and overlap rules', () => {
    expect(zh('occupy_time', '08:30~11:30,17:00~19:00')).toBeUndefined();
    expect(zh('occupy_time', '8:30-11:30')).toBe('请输入正确的占用时间，格式：08:30~11:30,12:30~14:30');
    expect(zh('occupy_time', '11:30~08:30')).toBe('结束时间必须大于开始时间');
    expect(zh('occupy_time', '08:30~11:30,10:00~12:00')).toBe('时间段不能重叠');
  });

  it('should hold the charging speed to 1–350 A with the group named below the minimum', () => {
    const speed = { min: 1, max: 350 };
    expect(zh('number', '350', speed)).toBeUndefined();
    expect(zh('number', '0', speed)).toBe('最大充电电流输入值不能小于1');
    expect(zh('number', '351', speed)).toBe('输入值不能大于350');
    expect(zh('number', 'fast', speed)).toBe('输入必须为数字');
  });

  it('should read the fault ratio as a ratio of two decimals, limited in percent by its tooltip', () => {
    const faultRatio = { groupName: '故障率', tooltip: '近30天充电失败次数占比，请输入0~30之间的百分数' };
    expect(zh('fault_ratio', '0.3', faultRatio)).toBeUndefined();
    expect(zh('fault_ratio', '0.05', faultRatio)).toBeUndefined();
    expect(zh('fault_ratio', '0.31', faultRatio)).toBe('输入值不能大于30');
    expect(zh('fault_ratio', '0.055', faultRatio)).toBe('故障率最多保留两位小数');
  });
});
