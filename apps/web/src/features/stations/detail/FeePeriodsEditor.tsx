import { Button, Flex, Input, InputNumber, Space, theme, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import { formatFee, type FeePeriod } from '@cmp/domain/stations/fees';
import { nextRangeAfter, validateTimeRanges } from '@cmp/domain/shared/time-of-day';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';

/** A period as it is being edited: the price may still be empty. */
export type FeePeriodRow = Omit<FeePeriod, 'fee'> & { fee: number | null };

export interface FeePeriodsEditorProps {
  /** The editor's name for its rows, e.g. "electricity fee", used in the inputs' accessible names. */
  label: string;
  value?: FeePeriodRow[];
  onChange?: (value: FeePeriodRow[]) => void;
  disabled?: boolean;
}

/** Two decimals, as the spec formats fees. */
const FEE_PRECISION = 2;

/**
 * What is wrong with a price as entered. A negative one is said, not quietly raised to 0 by the input, so
 * nobody saves 0.00 believing they saved what they typed; the server refuses it too (`FeePeriodSchema`).
 */
const priceProblem = (fee: number | null): 'missing' | 'negative' | undefined =>
  fee === null ? 'missing' : fee < 0 ? 'negative' : undefined;

/**
 * Every problem of a fee list in the portal's words, one line per problem naming its row: the period times
 * as the server checks them (format, order, overlap) and a missing or negative price. The form refuses to save while
 * there is one.
 */
export function useFeePeriodProblems(): (periods: readonly FeePeriodRow[]) => string[] {
  const { t } = useTranslation('stationDetail');
  const locale = useDomainLocale();
  return useCallback(
    (periods) => {
      const times = validateTimeRanges(periods).map((problem) => ({
        range: problem.params?.range,
        message: formatMessage(locale, problem),
      }));
      const prices = periods.flatMap((period, index) => {
        const problem = priceProblem(period.fee);
        if (problem === 'missing') return [{ range: index + 1, message: t('fee.missing') }];
        if (problem === 'negative') {
          return [{ range: index + 1, message: formatMessage(locale, ruleMessage('fee.negative')) }];
        }
        return [];
      });
      return [...times, ...prices].map((problem) => t('fee.rowProblem', problem));
    },
    [t, locale],
  );
}

/**
 * Fee periods of one kind (electricity or service): start, end and price per row. Rows are added from where
 * the last one ends; problems (format, order, overlap, a missing price) are listed under the rows. A period
 * priced as a range (feeMin/feeMax) shows its bounds, since the editor cannot keep them.
 */
/** The rows (0-based) a problem is about: the times the server would refuse, and a missing price. */
function wrongRows(periods: readonly FeePeriodRow[]): Set<number> {
  const rows = validateTimeRanges(periods).flatMap((problem) =>
    typeof problem.params?.range === 'number' ? [problem.params.range - 1] : [],
  );
  periods.forEach((period, index) => {
    if (priceProblem(period.fee) !== undefined) rows.push(index);
  });
  return new Set(rows);
}

export function FeePeriodsEditor({ label, value = [], onChange, disabled = false }: FeePeriodsEditorProps) {
  const { t } = useTranslation('stationDetail');
  const problemsOf = useFeePeriodProblems();
  // Only the row with a problem turns red, not every time and price of the list.
  const wrong = disabled ? new Set<number>() : wrongRows(value);
  const change = (index: number, period: FeePeriodRow) =>
    onChange?.(value.map((old, i) => (i === index ? period : old)));

  return (
    <Flex vertical gap={6} role="group" aria-label={label}>
      {value.length === 0 && <Typography.Text type="secondary">{t('fee.noPeriods')}</Typography.Text>}
      {value.map((period, index) => {
        const row = `${label} ${index + 1}`;
        const status = wrong.has(index) ? 'error' : undefined;
        return (
          <Flex key={index} align="center" gap={6} wrap>
            <Input
              aria-label={`${row} ${t('fee.start')}`}
              style={{ width: 72 }}
              maxLength={5}
              placeholder="HH:mm"
              disabled={disabled}
              status={status}
              value={period.start}
              onChange={(event) => change(index, { ...period, start: event.target.value })}
            />
            ~
            <Input
              aria-label={`${row} ${t('fee.end')}`}
              style={{ width: 72 }}
              maxLength={5}
              placeholder="HH:mm"
              disabled={disabled}
              status={status}
              value={period.end}
              onChange={(event) => change(index, { ...period, end: event.target.value })}
            />
            <Space.Compact>
              <InputNumber<number>
                aria-label={`${row} ${t('fee.price')}`}
                style={{ width: 96 }}
                step={0.01}
                precision={FEE_PRECISION}
                disabled={disabled}
                status={status}
                value={period.fee}
                onChange={(fee) => change(index, { ...period, fee })}
              />
              <Space.Addon>{t('fee.unit')}</Space.Addon>
            </Space.Compact>
            {(period.feeMin != null || period.feeMax != null) && (
              <Typography.Text type="secondary">
                {t('fee.range', {
                  min: period.feeMin == null ? '-' : formatFee(period.feeMin),
                  max: period.feeMax == null ? '-' : formatFee(period.feeMax),
                })}
              </Typography.Text>
            )}
            <Button
              type="text"
              aria-label={`${row} ${t('fee.remove')}`}
              icon={<DeleteOutlined />}
              disabled={disabled || value.length <= 1}
              onClick={() => onChange?.(value.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      <div>
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={`${label} ${t('fee.add')}`}
          disabled={disabled}
          onClick={() => onChange?.([...value, { ...nextRangeAfter(value), fee: 0 }])}
        >
          {t('fee.add')}
        </Button>
      </div>
      {!disabled &&
        problemsOf(value).map((problem, index) => (
          <Typography.Text key={index} type="danger" role="alert">
            {problem}
          </Typography.Text>
        ))}
    </Flex>
  );
}

/** A price or, for a period priced as a range, its bounds. */
function periodPrice(period: FeePeriodRow, range: (min: string, max: string) => string): string {
  if (period.feeMin != null || period.feeMax != null) {
    return range(
      period.feeMin == null ? '-' : formatFee(period.feeMin),
      period.feeMax == null ? '-' : formatFee(period.feeMax),
    );
  }
  return period.fee == null ? '-' : formatFee(period.fee);
}

/** The periods read, as a small table of period and price with its unit, named by the fee it shows. */
export function FeePeriodsView({ label, periods }: { label: string; periods: readonly FeePeriodRow[] }) {
  const { t } = useTranslation('stationDetail');
  const { token } = theme.useToken();
  const cell = { padding: '2px 12px 2px 0', borderBottom: `1px solid ${token.colorSplit}` } as const;
  return (
    <table aria-label={label} style={{ borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' }}>
      <thead>
        <tr style={{ color: token.colorTextSecondary, textAlign: 'start' }}>
          <th style={{ ...cell, fontWeight: 'normal' }}>{t('fee.period')}</th>
          <th style={{ ...cell, fontWeight: 'normal', textAlign: 'end' }}>{t('fee.priceWithUnit')}</th>
        </tr>
      </thead>
      <tbody>
        {periods.map((period) => (
          <tr key={`${period.start}-${period.end}`}>
            <td style={cell}>{`${period.start}~${period.end}`}</td>
            <td style={{ ...cell, textAlign: 'end' }}>
              {periodPrice(period, (min, max) => t('fee.rangeValue', { min, max }))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
