import { Cascader, DatePicker, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FilterValue, InputSelectValue, SearchFilter } from './filters';

// Only the time part of these is used: a picked day starts at 00:00:00 and a range ends at 23:59:59, so
// "from the 1st to the 3rd" covers all of the 3rd. Milliseconds stay 0 to match what the time panel gives.
const startOfDay = () => dayjs().startOf('day');
const endOfDay = () => dayjs().endOf('day').millisecond(0);

/** Last N days including today, from its first second to today's last. */
const lastDays = (days: number): [Dayjs, Dayjs] => [startOfDay().subtract(days - 1, 'day'), endOfDay()];

export interface FilterControlProps {
  filter: SearchFilter;
  /** Injected by the surrounding form item; `id` ties the item's label to the control. */
  id?: string;
  value?: FilterValue;
  onChange?: (value: FilterValue | undefined) => void;
}

/** Typing narrows a select's options by their label: the operator filter alone offers 25. */
const SEARCH_BY_LABEL = { optionFilterProp: 'label' } as const;

/** The search form's control for one filter; values are plain (timestamps, strings) so the URL can hold them. */
/**
 * Roughly how many em the longest option label takes: a CJK character is one em, other characters about
 * 0.62 (Latin letters of the system font average a little under). CSS cannot size a select to its options.
 */
function widestLabelEm(options: readonly { label?: unknown }[]): number {
  const em = (text: string) =>
    [...text].reduce((sum, ch) => sum + (ch.codePointAt(0)! >= 0x2e80 ? 1 : 0.62), 0);
  return Math.max(4, ...options.map((option) => em(String(option.label ?? ''))));
}

export function FilterControl({ filter, id, value, onChange }: FilterControlProps) {
  const { t } = useTranslation('components');
  const emit = (next: FilterValue | undefined) => onChange?.(next);

  switch (filter.type) {
    case 'select':
      return filter.multiple ? (
        <Select
          id={id}
          mode="multiple"
          allowClear
          showSearch={SEARCH_BY_LABEL}
          maxTagCount="responsive"
          placeholder={t('searchTable.all')}
          // The URL carries the values as text, so the options are matched by their text too.
          options={filter.options.map((option) => ({ ...option, value: String(option.value) }))}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(next: string[]) => emit(next.length > 0 ? next : undefined)}
        />
      ) : (
        <Select
          id={id}
          allowClear
          showSearch={SEARCH_BY_LABEL}
          placeholder={t('searchTable.all')}
          options={filter.options}
          value={typeof value === 'string' || typeof value === 'number' ? value : undefined}
          onChange={(next: string | number | undefined) => emit(next)}
        />
      );
    case 'input':
      return (
        <Input
          id={id}
          allowClear
          placeholder={filter.placeholder ?? t('searchTable.inputPlaceholder')}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => emit(event.target.value === '' ? undefined : event.target.value)}
        />
      );
    case 'inputSelect': {
      const current: InputSelectValue = typeof value === 'object' && !Array.isArray(value) ? value : {};
      const field = current.field ?? filter.options[0]?.value;
      return (
        <Space.Compact block>
          <Select
            // As wide as the longest field name ("Station name" is not cut to "Station na…"), whichever is
            // chosen, so the text box beside it keeps its place; the list may be wider still.
            style={{
              width: `calc(${widestLabelEm(filter.options)}em + 44px)`,
              maxWidth: '60%',
              flex: 'none',
            }}
            popupMatchSelectWidth={false}
            options={filter.options}
            value={field}
            onChange={(next: string) => emit({ ...current, field: next })}
          />
          <Input
            id={id}
            allowClear
            placeholder={filter.placeholder ?? t('searchTable.inputPlaceholder')}
            value={current.text ?? ''}
            onChange={(event) => emit({ ...current, field, text: event.target.value })}
          />
        </Space.Compact>
      );
    }
    case 'datetime':
      return (
        <DatePicker
          id={id}
          style={{ width: '100%' }}
          showTime={{ defaultOpenValue: filter.endOfDay ? endOfDay() : startOfDay() }}
          value={typeof value === 'number' ? dayjs(value) : null}
          onChange={(next: Dayjs | null) => emit(next ? next.valueOf() : undefined)}
        />
      );
    case 'datetimeRange':
      return (
        <DatePicker.RangePicker
          id={id}
          style={{ width: '100%' }}
          placeholder={[t('searchTable.startTime'), t('searchTable.endTime')]}
          showTime={{ defaultOpenValue: [startOfDay(), endOfDay()] }}
          presets={[
            { label: t('searchTable.last7Days'), value: () => lastDays(7) },
            { label: t('searchTable.last30Days'), value: () => lastDays(30) },
            { label: t('searchTable.last90Days'), value: () => lastDays(90) },
          ]}
          value={
            Array.isArray(value) && typeof value[0] === 'number' ? [dayjs(value[0]), dayjs(value[1])] : null
          }
          onChange={(next) => {
            const [start, end] = next ?? [];
            // The picker shows whole seconds: the end takes in all of its last second (23:59:59.999), as the
            // domain's day ranges do, so nothing stamped in that second falls outside the filter.
            emit(start && end ? [start.millisecond(0).valueOf(), end.millisecond(999).valueOf()] : undefined);
          }}
        />
      );
    case 'custom':
      return filter.render({ id, value: typeof value === 'string' ? value : undefined, onChange: emit });
    case 'cascade':
      return (
        <Cascader
          id={id}
          changeOnSelect
          placeholder={t('searchTable.all')}
          options={filter.options}
          value={Array.isArray(value) ? value.map(String) : undefined}
          onChange={(path) => emit(path && path.length > 0 ? path.map(String) : undefined)}
        />
      );
  }
}
