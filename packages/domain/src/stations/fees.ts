import { z } from 'zod';
import { formatMessage, ruleMessage, type Locale } from '../messages/format.js';
import { add, toFixedText, type DecimalInput } from '../shared/decimal.js';
import { EndTimeSchema, StartTimeSchema, toMinutes, validateTimeRanges } from '../shared/time-of-day.js';

/** An electricity or service fee period; a min/max pair means the operator charges a range, not a price. */
export const FeePeriodSchema = z.object({
  start: StartTimeSchema,
  end: EndTimeSchema,
  fee: z.number().min(0, { error: 'fee.negative' }),
  feeMin: z.number().nullish(),
  feeMax: z.number().nullish(),
});
export type FeePeriod = z.infer<typeof FeePeriodSchema>;

/** A combined period of the business info: the total fee and its two parts. */
export const BusinessFeePeriodSchema = z.object({
  start: StartTimeSchema,
  end: EndTimeSchema,
  fee: z.number().min(0, { error: 'fee.negative' }),
  electricityFee: z.number().min(0, { error: 'fee.negative' }),
  serviceFee: z.number().min(0, { error: 'fee.negative' }),
});
export type BusinessFeePeriod = z.infer<typeof BusinessFeePeriodSchema>;

export const formatFee = (fee: DecimalInput): string => toFixedText(fee, 2);

export type FeeKind = 'electricity' | 'service';
const FEE_LABEL_KEYS = { electricity: 'fee.electricity', service: 'fee.service' } as const;

/** `electricity fee:00:00~08:00:0.80,08:00~24:00:1.20` */
export function feeText(
  kind: FeeKind,
  periods: readonly Pick<FeePeriod, 'start' | 'end' | 'fee'>[],
  locale: Locale,
): string {
  return `${formatMessage(locale, ruleMessage(FEE_LABEL_KEYS[kind]))}${feePeriodsText(periods)}`;
}

/** The periods alone (`00:00~08:00:0.38,08:00~24:00:0.73`), for a place that labels the fee itself. */
export const feePeriodsText = (periods: readonly Pick<FeePeriod, 'start' | 'end' | 'fee'>[]): string =>
  periods.map((period) => `${period.start}~${period.end}:${formatFee(period.fee)}`).join(',');

/**
 * The fee editor writes one price per period; a period priced as a range would lose its bounds on save,
 * so such fees stay read-only.
 */
export const areFeePeriodsEditable = (periods: readonly FeePeriod[]): boolean =>
  !periods.some((period) => period.feeMin != null || period.feeMax != null);

/** A day's fee list: each period well formed, periods not overlapping (touching is fine). */
export const FeePeriodListSchema = z.array(FeePeriodSchema).superRefine((periods, ctx) => {
  for (const problem of validateTimeRanges(periods).filter((p) => p.key !== 'time.invalidFormat')) {
    const range = problem.params?.range;
    ctx.addIssue({
      code: 'custom',
      path: typeof range === 'number' ? [range - 1] : [],
      message: problem.key,
      params: problem.params,
    });
  }
});

/**
 * The business info's combined periods: both lists are cut at every boundary either of them has, and each
 * piece carries both prices and their sum. A piece only one list covers has no total price and is left out.
 */
export function mergeFeePeriods(
  electricity: readonly Pick<FeePeriod, 'start' | 'end' | 'fee'>[],
  service: readonly Pick<FeePeriod, 'start' | 'end' | 'fee'>[],
): BusinessFeePeriod[] {
  const boundaries = [...new Set([...electricity, ...service].flatMap((p) => [p.start, p.end]))].sort(
    (a, b) => toMinutes(a) - toMinutes(b),
  );
  const covering = (periods: typeof electricity, from: number, to: number) =>
    periods.find((p) => toMinutes(p.start) <= from && to <= toMinutes(p.end));
  const merged: BusinessFeePeriod[] = [];
  boundaries.slice(1).forEach((end, index) => {
    const start = boundaries[index] ?? end;
    const [from, to] = [toMinutes(start), toMinutes(end)];
    const e = covering(electricity, from, to);
    const s = covering(service, from, to);
    if (!e || !s) return;
    merged.push({ start, end, fee: add(e.fee, s.fee), electricityFee: e.fee, serviceFee: s.fee });
  });
  return merged;
}
