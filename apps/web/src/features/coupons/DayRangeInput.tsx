import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const DAY = 'YYYY-MM-DD';

export interface DayRangeInputProps {
  value?: [string, string];
  onChange?: (days: [string, string] | undefined) => void;
  disabled?: boolean;
  /** The first day that may be picked, `YYYY-MM-DD`; earlier days are greyed out. */
  minDay?: string;
}

/** Two calendar days as the contract takes them (`YYYY-MM-DD`); the picker itself works in dayjs. */
export function DayRangeInput({ value, onChange, disabled, minDay }: DayRangeInputProps) {
  return (
    <DatePicker.RangePicker
      disabled={disabled}
      disabledDate={minDay ? (day) => day.format(DAY) < minDay : undefined}
      value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
      onChange={(days: [Dayjs | null, Dayjs | null] | null) =>
        onChange?.(days?.[0] && days[1] ? [days[0].format(DAY), days[1].format(DAY)] : undefined)
      }
    />
  );
}
