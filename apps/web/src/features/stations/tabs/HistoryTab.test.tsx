import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ChargeStationBasicInfoSaveSchema } from '@cmp/domain/stations/charge-station-info';
import type { StationOperationRecord } from '@cmp/domain/stations/operation-records';
import {
  SwapParkingInfoSaveSchema,
  SwapQueueAdjustSaveSchema,
  SwapStationBasicInfoSaveSchema,
} from '@cmp/domain/stations/swap-station-info';
import { changeLanguage, i18n } from '../../../i18n';
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

describe('history field labels', () => {
  it('should name in both languages every field a station save can record', () => {
    const recorded = [
      ChargeStationBasicInfoSaveSchema,
      SwapStationBasicInfoSaveSchema,
      SwapParkingInfoSaveSchema,
      SwapQueueAdjustSaveSchema,
    ].flatMap((schema) =>
      Object.keys(schema.shape).filter((f) => f !== 'version' && f !== 'operationExtData'),
    );
    const unnamed = ['zh-CN', 'en-US'].flatMap((lng) =>
      recorded
        .filter(
          (f) =>
            !i18n.exists(`stations:field.${f}`, { lng }) && !i18n.exists(`stationDetail:field.${f}`, { lng }),
        )
        .map((f) => `${lng} ${f}`),
    );
    expect(unnamed).toEqual([]);
  });
});

describe('HistoryTab', () => {
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
      '/cmp-app/nio/resources/worksheets/detail?worksheetId=31',
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

  it('should show opening hours and fee periods in words, not as their stored JSON', async () => {
    const allDay = [{ start: '00:00', end: '24:00' }];
    fakeApi({
      [`GET ${PATH}`]: () =>
        ok({
          items: [
            record(20, {
              before: {
                businessHours: {
                  timezone: 'UTC+08:00',
                  openList: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
                    dayOfWeek,
                    isOpen: true,
                    timeRanges: allDay,
                  })),
                },
                serviceFee: [{ start: '00:00', end: '24:00', fee: 0.8, feeMin: 0.5, feeMax: 1 }],
              },
              after: {
                businessHours: {
                  timezone: 'UTC+08:00',
                  openList: [{ dayOfWeek: 1, isOpen: true, timeRanges: [{ start: '08:00', end: '20:00' }] }],
                },
                serviceFee: [
                  { start: '00:00', end: '08:00', fee: 0.4 },
                  { start: '08:00', end: '24:00', fee: 1.2 },
                ],
              },
            }),
          ],
          nextRecordId: null,
        }),
    });
    renderTab(<HistoryTab resourceId="CS-1" />);

    const card = (await screen.findByTestId('history-20')) as HTMLElement;
    const cells = (label: string) =>
      Array.from((within(card).getByText(label).closest('tr') as HTMLElement).querySelectorAll('td')).map(
        (td) => td.textContent,
      );
    expect(cells('营业时间')).toEqual(['周一至周日 00:00~24:00', '周一 08:00~20:00']);
    expect(cells('服务费')).toEqual(['00:00~24:00 0.50-1.00', '00:00~08:00 0.40; 08:00~24:00 1.20']);
  });

  it('should name coded values and link pictures by name, never showing a code or a file address', async () => {
    await changeLanguage('en-US');
    fakeApi({
      [`GET ${PATH}`]: () =>
        ok({
          items: [
            record(30, {
              action: 'PICTURE_UPLOAD',
              after: {
                pictureId: 5,
                pictureSourceId: 2,
                pictureSceneId: 3,
                smallUrl: '/api/files/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed?size=small',
                oriUrl: '/api/files/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
              },
            }),
            record(29, {
              before: { parkFeeTag: 'paid', construction: 11, bizScenes: [5], status: 50 },
              after: { parkFeeTag: 'free_while_charging', construction: 255, bizScenes: [5, 10], status: 6 },
            }),
          ],
          nextRecordId: null,
        }),
    });
    renderTab(<HistoryTab resourceId="CS-1" />);

    const picture = (await screen.findByTestId('history-30')) as HTMLElement;
    const station = screen.getByTestId('history-29');
    const cells = (card: HTMLElement, label: string) =>
      Array.from((within(card).getByText(label).closest('tr') as HTMLElement).querySelectorAll('td')).map(
        (td) => td.textContent,
      );
    expect(cells(picture, 'Picture source')).toEqual(['-', 'Staff']);
    expect(cells(picture, 'Picture scene')).toEqual(['-', 'Charger']);
    expect(within(picture).getByRole('link', { name: 'Open the picture' })).toHaveAttribute(
      'href',
      '/api/files/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    );
    expect(within(picture).getByAltText('Picture thumbnail')).toBeInTheDocument();
    expect(cells(station, 'Parking fee tag')).toEqual(['Paid parking', 'Free while charging']);
    expect(cells(station, 'Business scenes')).toEqual([
      'Highway service area',
      'Highway service area, Transport hub',
    ]);
    expect(cells(station, 'Status')).toEqual(['Normal', 'In maintenance']);
    expect(document.body.textContent).not.toMatch(/\/api\/files|free_while_charging|_/);
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
