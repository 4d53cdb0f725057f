import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MAX_DISCOUNT_PERCENT,
  nextTimeSharingSlot,
  slotValueOf,
  validateTimeSharing,
  type DiscountType,
  type TimeSharingItem,
} from '@cmp/domain/activities/time-sharing';
import { formatMessage } from '@cmp/domain/messages/format';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';

export interface TimeSharingEditorProps {
  value?: TimeSharingItem[];
  onChange?: (slots: TimeSharingItem[]) => void;
  discountType: DiscountType;
  /** Names the rows for screen readers, e.g. "规则 1". */
  label: string;
  disabled?: boolean;
  /** A list that may be left empty (a rule's part lists): no slot at all is no problem, the last may go. */
  optional?: boolean;
}

/**
 * The problems `validateTimeSharing` finds, for the form to refuse a save while any is left; an optional
 * list left empty has none (the domain checks only the part lists filled in).
 */
export const timeSharingProblems = (
  slots: readonly TimeSharingItem[],
  discountType: DiscountType,
  optional = false,
) => (optional && slots.length === 0 ? [] : validateTimeSharing(slots, slotValueOf(discountType)));

/**
 * A day's slots, each with its promotional price (yuan per kWh) or its percent (85 = pay 85 %). The slots
 * must tile the day, so a new one starts where the last ends, and moving a slot's end moves the start of
 * the next one that followed it; what is still wrong is listed under the rows, row by row.
 */
export function TimeSharingEditor({
  value,
  onChange,
  discountType,
  label,
  disabled,
  optional = false,
}: TimeSharingEditorProps) {
  const { t } = useTranslation('activities');
  const locale = useDomainLocale();
  const slots = value ?? [];
  const kind = slotValueOf(discountType);
  const problems = timeSharingProblems(slots, discountType, optional);
  const wrong = (index: number) =>
    problems.some((p) => p.params?.range === undefined || p.params.range === index + 1) ? 'error' : undefined;

  const change = (index: number, slot: TimeSharingItem) => {
    const old = slots[index];
    onChange?.(
      slots.map((current, i) => {
        if (i === index) return slot;
        // The next slot started where this one ended: it keeps following it.
        if (i === index + 1 && old && current.start === old.end) return { ...current, start: slot.end };
        return current;
      }),
    );
  };

  return (
    <Flex vertical gap={4}>
      {slots.map((slot, index) => {
        const row = t('editor.slotRow', { label, n: index + 1 });
        return (
          <Flex key={index} align="center" gap={4} role="group" aria-label={row}>
            <Input
              aria-label={`${row} ${t('editor.slotStart')}`}
              style={{ width: 80 }}
              maxLength={5}
              placeholder="HH:mm"
              disabled={disabled}
              status={wrong(index)}
              value={slot.start}
              onChange={(event) => change(index, { ...slot, start: event.target.value })}
            />
            ~
            <Input
              aria-label={`${row} ${t('editor.slotEnd')}`}
              style={{ width: 80 }}
              maxLength={5}
              placeholder="HH:mm"
              disabled={disabled}
              status={wrong(index)}
              value={slot.end}
              onChange={(event) => change(index, { ...slot, end: event.target.value })}
            />
            <InputNumber<number>
              aria-label={`${row} ${t(kind === 'price' ? 'editor.slotPrice' : 'editor.slotPercent')}`}
              style={{ width: 180 }}
              min={0}
              max={kind === 'discount' ? MAX_DISCOUNT_PERCENT : undefined}
              // A percent travels as a ratio of 2 decimals: whole percents are all it can carry.
              precision={kind === 'price' ? 4 : 0}
              disabled={disabled}
              status={wrong(index)}
              suffix={kind === 'price' ? t('editor.yuanPerKwh') : '%'}
              value={slot[kind] ?? null}
              onChange={(number) => change(index, { ...slot, [kind]: number ?? undefined })}
            />
            <Button
              type="text"
              aria-label={`${row} ${t('editor.removeSlot')}`}
              icon={<DeleteOutlined />}
              disabled={disabled || (!optional && slots.length <= 1)}
              onClick={() => onChange?.(slots.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      <div>
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={`${label} ${t('editor.addSlot')}`}
          disabled={disabled}
          onClick={() => onChange?.([...slots, nextTimeSharingSlot(slots)])}
        >
          {t('editor.addSlot')}
        </Button>
      </div>
      {problems.map((problem, index) => {
        const message = formatMessage(locale, problem);
        const range = problem.params?.range;
        // The chain's own messages name their slot; the value checks do not.
        const named = problem.key.startsWith('timeSharing.') || range === undefined;
        return (
          <Typography.Text key={index} type="danger" role="alert">
            {named ? message : t('editor.slotProblem', { range, message })}
          </Typography.Text>
        );
      })}
    </Flex>
  );
}
