import {
  defaultOpeningHours,
  DAYS_OF_WEEK,
  DEFAULT_TIMEZONE,
  validateDay,
  type OpeningHours,
  type TimeRange,
} from '@cmp/domain/stations/business-hours';
import type { CrowdsourcedStation, ReportOnline } from '@cmp/domain/stations/crowdsourced-stations';
import { END_OF_DAY, START_OF_DAY, validateTimeRanges } from '@cmp/domain/shared/time-of-day';
import type { FeePeriodRow } from '../stations/detail/FeePeriodsEditor';

export type EquipmentType = 'DC' | 'AC';

/** A row of chargers as it is being edited: count and power may still be empty. */
export interface ChargerRow {
  equipmentType: EquipmentType;
  count: number | null;
  power: number | null;
}

/** The going-online form: what the new station needs, first filled from the report. */
export interface OnlineFormValues {
  resourceName: string;
  operatorId?: string;
  regionId?: string | null;
  address: string;
  longitude: number;
  latitude: number;
  guide?: string | null;
  businessHours: OpeningHours;
  electricityFee: FeePeriodRow[];
  serviceFee: FeePeriodRow[];
  parkNumbers?: number | null;
  chargers: ChargerRow[];
}

/** The most chargers of one row the server takes (OnlineChargerSchema). */
export const MAX_CHARGERS_PER_ROW = 200;

const RANGE = /(\d{1,2}:\d{2})\s*[~～\-–—至到]\s*(\d{1,2}:\d{2})/g;
const PRICED_RANGE = /(\d{1,2}:\d{2})\s*[~～\-–—至到]\s*(\d{1,2}:\d{2})\s*[:：]?\s*(\d+(?:\.\d+)?)/g;
const NUMBER = /\d+(?:\.\d+)?/g;

/** `8:00` → `08:00`: reporters type hours the way they say them. */
const padded = (time: string): string => time.padStart(5, '0');

const allDay = (): TimeRange => ({ start: START_OF_DAY, end: END_OF_DAY });

/**
 * Fee periods read from a report's free text: periods written as the portal writes them
 * (`00:00~08:00:0.80,…`), else one price all day when the text holds exactly one number, else one all-day
 * period without a price for the reviewer to fill.
 */
export function feePeriodsFromText(text: string | null): FeePeriodRow[] {
  const fallback = [{ ...allDay(), fee: null }];
  if (!text) return fallback;
  const periods = [...text.matchAll(PRICED_RANGE)].map(([, start = '', end = '', fee = '']) => ({
    start: padded(start),
    end: padded(end),
    fee: Number(fee),
  }));
  if (periods.length > 0 && validateTimeRanges(periods).length === 0) return periods;
  const numbers = text.match(NUMBER) ?? [];
  return numbers.length === 1 ? [{ ...allDay(), fee: Number(numbers[0]) }] : fallback;
}

/**
 * Opening hours read from a report's free text: the time ranges it names, every day, when they make a valid
 * day; otherwise open all day, the common case of a public station, for the reviewer to correct.
 */
export function openingHoursFromText(text: string | null): OpeningHours {
  const ranges = [...(text ?? '').matchAll(RANGE)].map(([, start = '', end = '']) => ({
    start: padded(start),
    end: padded(end),
  }));
  if (ranges.length === 0 || validateDay({ timeRanges: ranges }).length > 0) return defaultOpeningHours();
  return {
    timezone: DEFAULT_TIMEZONE,
    openList: DAYS_OF_WEEK.map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: true,
      timeRanges: ranges.map((range) => ({ ...range })),
    })),
  };
}

/** The report's DC and AC chargers as rows, one per current type it reports any of. */
export function chargerRowsOf(report: CrowdsourcedStation): ChargerRow[] {
  const rows: ChargerRow[] = [];
  const add = (equipmentType: EquipmentType, count: number, power: number) => {
    if (count > 0) {
      rows.push({
        equipmentType,
        count: Math.min(count, MAX_CHARGERS_PER_ROW),
        power: power > 0 ? power : null,
      });
    }
  };
  add('DC', report.dcEquipmentNumber, report.dcPower);
  add('AC', report.acEquipmentNumber, report.acPower);
  return rows;
}

/** The form as it opens: the report's own values, the operator only when the network knows it. */
export function onlineFormOf(
  report: CrowdsourcedStation,
  knownOperatorIds: readonly string[],
): OnlineFormValues {
  return {
    resourceName: report.stationName,
    operatorId:
      report.operatorId && knownOperatorIds.includes(report.operatorId) ? report.operatorId : undefined,
    regionId: report.areaCode,
    address: report.address,
    longitude: report.longitude,
    latitude: report.latitude,
    guide: report.siteGuide,
    businessHours: openingHoursFromText(report.businessHours),
    electricityFee: feePeriodsFromText(report.electricityFee),
    serviceFee: feePeriodsFromText(report.serviceFee),
    parkNumbers: report.parkNums,
    chargers: chargerRowsOf(report),
  };
}

/** The request of a validated form; the form's rules have filled every price, count and power. */
export function onlineRequestOf(values: OnlineFormValues, version: number): ReportOnline {
  const fees = (periods: FeePeriodRow[]) => periods.map((period) => ({ ...period, fee: period.fee ?? 0 }));
  return {
    resourceName: values.resourceName,
    operatorId: values.operatorId ?? '',
    regionId: values.regionId ?? '',
    address: values.address,
    longitude: values.longitude,
    latitude: values.latitude,
    guide: values.guide ?? null,
    businessHours: values.businessHours,
    electricityFee: fees(values.electricityFee),
    serviceFee: fees(values.serviceFee),
    parkNumbers: values.parkNumbers ?? null,
    chargers: values.chargers.map((charger) => ({
      equipmentType: charger.equipmentType,
      count: charger.count ?? 0,
      power: charger.power ?? 0,
    })),
    version,
  };
}
