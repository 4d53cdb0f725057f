import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { defaultOpeningHours, type OpeningHours } from '@cmp/domain/stations/business-hours';
import { renderWithProviders } from '../test-utils';
import { BusinessHoursEditor } from './BusinessHoursEditor';

const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

/** Holds the value the way a form item does, so each change is fed back to the editor. */
function Harness({
  initial,
  onChange,
  disabled,
}: {
  initial?: OpeningHours;
  onChange?: (value: OpeningHours) => void;
  disabled?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <BusinessHoursEditor
      value={value}
      disabled={disabled}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const monday = () => within(screen.getByRole('group', { name: '周一' }));
const field = (range: number, end: 'start' | 'end') =>
  monday().getByRole('textbox', { name: `周一 ${range} ${end === 'start' ? '开始时间' : '结束时间'}` });
const setTime = (range: number, end: 'start' | 'end', time: string) =>
  fireEvent.change(field(range, end), { target: { value: time } });
const addButton = () => monday().getByRole('button', { name: '周一 添加时段' });

describe('BusinessHoursEditor', () => {
  it('should default to every day open 00:00–24:00 in UTC+08:00', () => {
    renderWithProviders(<Harness />);

    expect(screen.getByText('时区: UTC+08:00')).toBeInTheDocument();
    const groups = screen.getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(WEEKDAYS);
    for (const weekday of WEEKDAYS) {
      const day = within(screen.getByRole('group', { name: weekday }));
      expect(day.getByRole('switch', { name: weekday })).toBeChecked();
      expect(day.getByText('营业')).toBeInTheDocument();
      expect(day.getByRole('textbox', { name: `${weekday} 1 开始时间` })).toHaveValue('00:00');
      expect(day.getByRole('textbox', { name: `${weekday} 1 结束时间` })).toHaveValue('24:00');
    }
  });

  it('should start a new range where the previous one ended', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);

    setTime(1, 'end', '12:00');
    await user.click(addButton());

    expect(field(2, 'start')).toHaveValue('12:00');
    expect(field(2, 'end')).toHaveValue('24:00');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        openList: expect.arrayContaining([
          {
            dayOfWeek: 1,
            isOpen: true,
            timeRanges: [
              { start: '00:00', end: '12:00' },
              { start: '12:00', end: '24:00' },
            ],
          },
        ]),
      }),
    );
  });

  it('should not add a fourth range to a day', async () => {
    const { user } = renderWithProviders(<Harness />);

    setTime(1, 'end', '08:00');
    await user.click(addButton());
    setTime(2, 'end', '18:00');
    await user.click(addButton());

    expect(field(3, 'start')).toHaveValue('18:00');
    expect(addButton()).toBeDisabled();
    await user.click(addButton());
    expect(monday().queryByRole('textbox', { name: '周一 4 开始时间' })).not.toBeInTheDocument();
  });

  it('should close a day with its switch and show it as closed', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);

    await user.click(screen.getByRole('switch', { name: '周日' }));

    const sunday = within(screen.getByRole('group', { name: '周日' }));
    expect(sunday.getByText('休息')).toBeInTheDocument();
    expect(sunday.queryByRole('textbox')).not.toBeInTheDocument();
    const saved = onChange.mock.lastCall?.[0] as OpeningHours;
    expect(saved.openList.find((day) => day.dayOfWeek === 7)?.isOpen).toBe(false);
    expect(saved.openList).toHaveLength(7);
  });

  it('should open a day that has no ranges all day', async () => {
    const hours = defaultOpeningHours();
    hours.openList = hours.openList.filter((day) => day.dayOfWeek !== 3);
    const { user } = renderWithProviders(<Harness initial={hours} />);

    const wednesday = within(screen.getByRole('group', { name: '周三' }));
    expect(wednesday.getByRole('switch')).not.toBeChecked();
    await user.click(wednesday.getByRole('switch'));

    expect(wednesday.getByRole('textbox', { name: '周三 1 开始时间' })).toHaveValue('00:00');
    expect(wednesday.getByRole('textbox', { name: '周三 1 结束时间' })).toHaveValue('24:00');
  });

  it('should remove a range but keep the last one of an open day', async () => {
    const { user } = renderWithProviders(<Harness />);

    setTime(1, 'end', '12:00');
    await user.click(addButton());
    await user.click(monday().getByRole('button', { name: '周一 1 删除时段' }));

    expect(field(1, 'start')).toHaveValue('12:00');
    expect(monday().getByRole('button', { name: '周一 1 删除时段' })).toBeDisabled();
  });

  it('should list the problems of a day under it', async () => {
    const { user } = renderWithProviders(<Harness />);

    setTime(1, 'end', '12:00');
    await user.click(addButton());
    setTime(2, 'start', '11:00');
    setTime(1, 'start', '13:00');

    const problems = monday()
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(problems).toEqual(['时段1：结束时间必须大于开始时间']);

    setTime(1, 'start', '09:00');
    expect(monday().getByRole('alert')).toHaveTextContent('时段2：时间段不能重叠');
    setTime(2, 'end', '25:00');
    expect(monday().getByRole('alert')).toHaveTextContent('时段2：时间格式必须为 HH:mm');
    expect(within(screen.getByRole('group', { name: '周二' })).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should lock every control when disabled', () => {
    renderWithProviders(<Harness disabled />);

    expect(screen.getAllByRole('switch').every((element) => element.hasAttribute('disabled'))).toBe(true);
    for (const input of screen.getAllByRole('textbox')) expect(input).toBeDisabled();
    expect(addButton()).toBeDisabled();
  });

  it('should name the days and states in English', () => {
    renderWithProviders(<Harness />, { locale: 'en-US' });

    expect(screen.getByText('Time zone: UTC+08:00')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Monday' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Sunday' })).toBeInTheDocument();
    expect(screen.getAllByText('Open')).toHaveLength(7);
  });
});
