import { DatePicker } from 'antd';
import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface DateTimeInputProps {
  /** Epoch milliseconds, as the wire carries times. */
  value?: number;
  onChange?: (value: number | undefined) => void;
  disabled?: boolean;
  id?: string;
}

/** A moment picked to the second, held as epoch milliseconds so the form compares and sends plain numbers. */
export function DateTimeInput({ value, onChange, disabled, id }: DateTimeInputProps) {
  return (
    <DatePicker
      id={id}
      showTime
      format={DATE_TIME_FORMAT}
      disabled={disabled}
      style={{ width: '100%' }}
      value={value === undefined ? null : dayjs(value)}
      onChange={(picked) => onChange?.(picked ? picked.valueOf() : undefined)}
    />
  );
}
