import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StationOperationRecord } from '@cmp/domain/stations/operation-records';
import { changeLanguage } from '../../../i18n';
import { fakeApi, ok } from '../../../test/fake-api';
import { fieldChanges } from './history-diff';
import { HistoryTab } from './HistoryTab';
import { renderTab } from './render-tab';

const record = (
  recordId: number,
  overrides: Partial<StationOperationRecord> = {},
): StationOperationRecord => ({
  recordId,
  resourceId: 'CS-1',
  action: 'CHARGE_STATION_BASIC_INFO_UPDATE',
  userId: 7,
  userName: 'alice',
  userType: 'staff',
  operationTime: Date.parse('2026-03-01T10:00:00+08:00') + recordId * 60_000,
  before: null,
  after: null,
  result: 'success',
  extData: null,
  ...overrides,
});

const PATH = '/api/nio/stations/CS-1/operation-records';

describe('fieldChanges', () => {
  it('should pair the fields of both sides, a field missing on one side counting as changed', () => {
    expect(fieldChanges({ serviceTel: '1', remark: 'a' }, { serviceTel: '2', guide: 'left' })).toEqual([
      { field: 'serviceTel', before: '1', after: '2', changed: true },
      { field: 'remark', before: 'a', after: undefined, changed: true },
      { field: 'guide', before: undefined, after: 'left', changed: true },
    ]);
  });

  it('should put the ids that name the changed thing first', () => {
    expect(fieldChanges(null, { url: 'https://a', notificationId: 3 }).map((c) => c.field)).toEqual([
      'notificationId',
      'url',
    ]);
  });

  it('should keep a field with equal values as unchanged and compare lists by value', () => {
    expect(fieldChanges({ bizScenes: [1, 2] }, { bizScenes: [1, 2] })).toEqual([
      { field: 'bizScenes', before: [1, 2], after: [1, 2], changed: false },
    ]);
  });

  it('should show a bare value as one unnamed field', () => {
    expect(fieldChanges(null, 'created')).toEqual([
      { field: '', before: undefined, after: 'created', changed: true },
    ]);
  });
});

describe('HistoryTab', { timeout: 60_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show each change side by side and load older records after the last one shown', async () => {
    const calls = fakeApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('lastRecordId') === null
          ? ok({
              items: [
                record(12, {
                  before: { serviceTel: '021-1', parkFeeModify: false },
                  after: { serviceTel: '021-2', parkFeeModify: true },
                  extData: { worksheet_id: 31 },
                }),
              ],
              nextRecordId: 12,
            })
          : ok({
              items: [
                record(4, {
                  action: 'WORKSHEET_CLOSE',
                  before: { status: 'open' },
                  after: { status: 'closed', closeRemark: 'Replaced' },
                }),
              ],
              nextRecordId: null,
            }),
    });
    const { user } = renderTab(<HistoryTab resourceId="CS-1" />);

    const card = (await screen.findByTestId('history-12')) as HTMLElement;
    expect(within(card).getByText('修改充电站基础信息')).toBeInTheDocument();
    const tel = within(card).getByText('服务电话').closest('tr') as HTMLElement;
    expect(Array.from(tel.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['021-1', '021-2']);
    const fee = within(card).getByText('停车费修改').closest('tr') as HTMLElement;
    expect(Array.from(fee.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['否', '是']);
    expect(within(card).getByText('关联工单 31').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/worksheet?worksheetId=31',
    );

    await user.click(screen.getByText('加载更多'));
    const older = await screen.findByTestId('history-4');
    expect(within(older).getByText('关闭工单')).toBeInTheDocument();
    const status = within(older).getByText('状态').closest('tr') as HTMLElement;
    expect(Array.from(status.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      '处理中',
      '已关闭',
    ]);
    expect(screen.getByText('没有更多记录了')).toBeInTheDocument();
    expect(calls.map((c) => c.query.get('lastRecordId'))).toEqual([null, '12']);
    expect(calls[0]?.query.get('pageSize')).toBe('20');
  });

  it('should ask only for the chosen actions', async () => {
    const calls = fakeApi({ [`GET ${PATH}`]: () => ok({ items: [], nextRecordId: null }) });
    const { user } = renderTab(<HistoryTab resourceId="CS-1" />);
    await screen.findByText('没有符合条件的操作记录');
    await user.click(screen.getByLabelText('操作类型'));
    await user.click(await screen.findByText('一键充电下线'));
    await user.click(await screen.findByText('充电地图下线'));
    await screen.findByText('没有符合条件的操作记录');
    expect(calls.at(-1)?.query.get('actions')).toBe('ONE_KEY_CHARGING_OFFLINE,CHARGE_MAP_OFFLINE');
  });
});
