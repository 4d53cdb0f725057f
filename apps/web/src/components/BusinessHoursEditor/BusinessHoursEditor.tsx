import { Button, Flex, Input, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@cmp/domain/messages/format';
import {
  DAYS_OF_WEEK,
  WEEKDAY_KEYS,
  canAddRange,
  defaultOpeningHours,
  nextTimeRange,
  validateDay,
  type BusinessHourDay,
  type OpeningHours,
  type TimeRange,
} from '@cmp/domain/stations/business-hours';
import { useDomainLocale } from '../i18n/use-domain-locale';

export interface BusinessHoursEditorProps {
  /** Monday to Sunday open all day in UTC+08:00 when left out. */
  value?: OpeningHours;
  onChange?: (value: OpeningHours) => void;
  disabled?: boolean;
}

/** A day the stored hours leave out is shown, and saved once touched, as closed. */
const dayOf = (hours: OpeningHours, dayOfWeek: number): BusinessHourDay =>
  hours.openList.find((day) => day.dayOfWeek === dayOfWeek) ?? { dayOfWeek, isOpen: false, timeRanges: [] };

/**
 * Opening hours per day of week: an open/closed switch and up to three time ranges a day, each HH:mm with
 * 24:00 allowed as an end. Problems (format, order, overlap, too many ranges) come from the domain's
 * `validateDay` and are listed under the day they concern.
 */
export function BusinessHoursEditor({ value, onChange, disabled = false }: BusinessHoursEditorProps) {
  const { t } = useTranslation('components');
  const locale = useDomainLocale();
  const hours = value ?? defaultOpeningHours();

  const changeDay = (next: BusinessHourDay) => {
    const others = hours.openList.filter((day) => day.dayOfWeek !== next.dayOfWeek);
    onChange?.({ ...hours, openList: [...others, next].sort((a, b) => a.dayOfWeek - b.dayOfWeek) });
  };

  return (
    <Flex vertical gap="small">
      <Typography.Text type="secondary">
        {t('businessHours.timezone')}: {hours.timezone}
      </Typography.Text>
      {DAYS_OF_WEEK.map((dayOfWeek) => {
        const day = dayOf(hours, dayOfWeek);
        const weekday = formatMessage(locale, { key: WEEKDAY_KEYS[dayOfWeek - 1] ?? '' });
        const setRange = (index: number, range: TimeRange) =>
          changeDay({ ...day, timeRanges: day.timeRanges.map((old, i) => (i === index ? range : old)) });
        const problems = day.isOpen ? validateDay(day) : [];
        // Only the ranges a problem names turn red (all of the day's for one that names none, e.g. too many).
        const wrong = (index: number) =>
          problems.some((p) => p.params?.range === undefined || p.params.range === index + 1)
            ? 'error'
            : undefined;
        return (
          <Flex key={dayOfWeek} vertical gap={4} role="group" aria-label={weekday}>
            <Flex align="center" gap="middle" wrap>
              <Typography.Text strong style={{ minWidth: 72 }}>
                {weekday}
              </Typography.Text>
              <Switch
                aria-label={weekday}
                checked={day.isOpen}
                disabled={disabled}
                checkedChildren={formatMessage(locale, { key: 'businessHours.open' })}
                unCheckedChildren={formatMessage(locale, { key: 'businessHours.closed' })}
                // Opening a day without hours opens it all day rather than leaving it open with none.
                onChange={(isOpen) =>
                  changeDay({
                    ...day,
                    isOpen,
                    timeRanges: isOpen && day.timeRanges.length === 0 ? [nextTimeRange([])] : day.timeRanges,
                  })
                }
              />
              {day.isOpen &&
                day.timeRanges.map((range, index) => (
                  <Flex key={index} align="center" gap={4}>
                    <Input
                      aria-label={`${weekday} ${index + 1} ${t('businessHours.start')}`}
                      style={{ width: 72 }}
                      maxLength={5}
                      placeholder="HH:mm"
                      disabled={disabled}
                      status={wrong(index)}
                      value={range.start}
                      onChange={(event) => setRange(index, { ...range, start: event.target.value })}
                    />
                    ~
                    <Input
                      aria-label={`${weekday} ${index + 1} ${t('businessHours.end')}`}
                      style={{ width: 72 }}
                      maxLength={5}
                      placeholder="HH:mm"
                      disabled={disabled}
                      status={wrong(index)}
                      value={range.end}
                      onChange={(event) => setRange(index, { ...range, end: event.target.value })}
                    />
                    <Button
                      type="text"
                      aria-label={`${weekday} ${index + 1} ${t('businessHours.removeRange')}`}
                      icon={<DeleteOutlined />}
                      // An open day keeps at least one range; closing the day is the way to have none.
                      disabled={disabled || day.timeRanges.length <= 1}
                      onClick={() =>
                        changeDay({ ...day, timeRanges: day.timeRanges.filter((_, i) => i !== index) })
                      }
                    />
                  </Flex>
                ))}
              {day.isOpen && (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={`${weekday} ${t('businessHours.addRange')}`}
                  disabled={disabled || !canAddRange(day.timeRanges)}
                  onClick={() =>
                    changeDay({ ...day, timeRanges: [...day.timeRanges, nextTimeRange(day.timeRanges)] })
                  }
                >
                  {t('businessHours.addRange')}
                </Button>
              )}
            </Flex>
            {problems.map((problem, index) => {
              const message = formatMessage(locale, problem);
              const range = problem.params?.range;
              return (
                <Typography.Text key={index} type="danger" role="alert">
                  {range === undefined ? message : t('businessHours.rangeProblem', { range, message })}
                </Typography.Text>
              );
            })}
          </Flex>
        );
      })}
    </Flex>
  );
}
