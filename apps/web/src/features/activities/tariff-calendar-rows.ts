import type { TariffCalendar } from '@cmp/domain/activities/tariff-calendar';

/** A stretch of the day with one price per line: the station's and each discount's (null where none). */
export interface TariffRow {
  start: number;
  end: number;
  base: number | null;
  /** Per discount line, in the calendar's order: the total price, and whether the discount gives it. */
  discounts: ({ total: number; discounted: boolean } | null)[];
}

const HOUR = 3_600_000;

/**
 * Cuts the day wherever any line changes price, so that one row (or one step of the chart) holds every
 * line's price at once. Discounts whose rules do not reach the user role drawn have no line.
 */
export function tariffRows(calendar: TariffCalendar): TariffRow[] {
  const lines = calendar.discounts.filter((discount) => discount.reaches);
  const cuts = new Set([calendar.dayStart, calendar.dayEnd]);
  for (const slot of [...calendar.base, ...lines.flatMap((line) => line.slots)]) {
    cuts.add(slot.start).add(slot.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const at = <S extends { start: number; end: number }>(slots: readonly S[], time: number) =>
    slots.find((slot) => slot.start <= time && time < slot.end);
  return points.slice(1).map((end, index) => {
    const start = points[index]!;
    const discounts = lines.map((line) => {
      const slot = at(line.slots, start);
      return slot ? { total: slot.price.total, discounted: slot.discounted } : null;
    });
    return { start, end, base: at(calendar.base, start)?.price.total ?? null, discounts };
  });
}

/** A moment of the day as the hour on a 0–24 axis, in the station's zone. */
export const hourOf = (calendar: TariffCalendar, time: number): number => (time - calendar.dayStart) / HOUR;

/** `06:30` for 6.5 hours into the day; the day's end is 24:00. */
export function clockOf(hours: number): string {
  const minutes = Math.round(hours * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
