import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TariffCalendar } from '@cmp/domain/activities/tariff-calendar';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { activity, activityStation, signedIn } from './test-activities';

const HOUR = 3_600_000;
const DAY_START = Date.parse('2026-12-01T00:00:00+08:00');
const station = { electricity: 0.8, service: 0.4, total: 1.2 };

/** The station's 1.2 all day; activity 5 gives 0.96 from 06:00, activity 6 (owners only) overlaps it. */
const calendar = (query: URLSearchParams): TariffCalendar => ({
  resourceId: query.get('resourceId')!,
  date: query.get('date')!,
  userRole: 'default',
  dayStart: DAY_START,
  dayEnd: DAY_START + 24 * HOUR,
  base: [{ start: DAY_START, end: DAY_START + 24 * HOUR, price: station }],
  discounts: [
    {
      activityId: 5,
      activityName: '早鸟八折',
      beginTime: DAY_START + 6 * HOUR,
      endTime: DAY_START + 48 * HOUR,
      live: query.get('userRole') === 'vehicle_owner',
      reaches: true,
      slots: [
        { start: DAY_START, end: DAY_START + 6 * HOUR, price: station, discounted: false },
        {
          start: DAY_START + 6 * HOUR,
          end: DAY_START + 24 * HOUR,
          price: { electricity: 0.64, service: 0.32, total: 0.96 },
          discounted: true,
        },
      ],
    },
    {
      activityId: 6,
      activityName: '车主专享',
      beginTime: DAY_START,
      endTime: DAY_START + 48 * HOUR,
      live: true,
      reaches: false,
      slots: [],
    },
  ],
  overlaps: [
    {
      activityIds: [5, 6],
      start: DAY_START + 6 * HOUR,
      end: DAY_START + 24 * HOUR,
      userRoles: ['vehicle_owner'],
    },
  ],
});

describe('TariffCalendar', () => {
  beforeAll(() => import('./ActivityDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it("should draw the day of the activity's first station against the station price, and warn of overlaps", async () => {
    const calls = fakeApi({
      ...signedIn(),
      'GET /api/nio/activities/5': () =>
        ok(activity(5, { activityType: 'charging_discount', activityName: '早鸟八折' })),
      'GET /api/nio/activities/5/overlaps': () => ok({ overlaps: [] }),
      'GET /api/nio/activity-stations': () => ok({ items: [activityStation('CS-1', 5)], total: 1 }),
      'GET /api/nio/activities/tariff-calendar': ({ query }) => ok(calendar(query)),
    });
    const { user } = renderPortal('/cmp-app/nio/activities/detail?activityId=5');
    const card = (await screen.findByText('价格日历')).closest('.ant-card') as HTMLElement;
    const table = await within(card).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.filter((cells) => cells.length > 0)).toEqual([
      ['00:00 ~ 06:00', '1.2', '1.2'],
      ['06:00 ~ 24:00', '1.2', '0.96'],
    ]);
    // The preview is marked in its column's head.
    expect(within(card).getAllByText('未启动').length).toBeGreaterThan(0);
    expect(within(card).getByText('以下活动不适用于所选用户角色：车主专享')).toBeInTheDocument();
    expect(
      within(card).getByText('早鸟八折 与 车主专享：06:00 ~ 24:00，用户角色：仅车主'),
    ).toBeInTheDocument();
    const asked = calls.find((call) => call.path === '/api/nio/activities/tariff-calendar')!;
    expect(Object.fromEntries(asked.query)).toMatchObject({
      resourceId: 'CS-1',
      userRole: 'default',
      activityId: '5',
    });

    await user.click(within(card).getByRole('combobox', { name: '用户角色' }));
    await user.click(await screen.findByTitle('仅车主'));
    await waitFor(() => expect(within(card).queryByText('未启动')).toBeNull());
    expect(
      calls
        .filter((call) => call.path === '/api/nio/activities/tariff-calendar')
        .at(-1)!
        .query.get('userRole'),
    ).toBe('vehicle_owner');
  });
});
