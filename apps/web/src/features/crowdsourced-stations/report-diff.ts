import {
  DEFAULT_DUPLICATE_RADIUS_METERS,
  type CrowdsourcedStation,
  type NearbyStation,
} from '@cmp/domain/stations/crowdsourced-stations';

export type DiffField =
  | 'stationName'
  | 'address'
  | 'operator'
  | 'coordinates'
  | 'parkNums'
  | 'dcEquipmentNumber'
  | 'dcPower'
  | 'acEquipmentNumber'
  | 'acPower'
  | 'businessHours'
  | 'electricityFee'
  | 'serviceFee';

export type DiffValue = string | number | null;

export interface DiffRow {
  field: DiffField;
  report: DiffValue;
  station: DiffValue;
  differs: boolean;
}

/** Case, repeated blanks and blanks at either end say nothing about a station. */
const normalText = (value: string): string => value.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A difference worth a reviewer's look: both sides say something and it is not the same. A value the
 * report leaves out is no disagreement, or nearly every report would light up.
 */
function differ(report: DiffValue, station: DiffValue): boolean {
  if (report === null || station === null || report === '' || station === '') return false;
  if (typeof report === 'string' && typeof station === 'string') {
    return normalText(report) !== normalText(station);
  }
  return report !== station;
}

const row = (field: DiffField, report: DiffValue, station: DiffValue): DiffRow => ({
  field,
  report,
  station,
  differs: differ(report, station),
});

/** What the station's opening hours and fees are compared on, when the station has them. */
const TEXT_FIELDS = ['businessHours', 'electricityFee', 'serviceFee'] as const;

/**
 * The report's fields against one network station, row by row. Positions are the same place within the
 * duplicate radius, the distance at which intake already calls a station the report's possible duplicate;
 * opening hours and fees get a row only when the station has them.
 */
export function reportDiff(report: CrowdsourcedStation, station: NearbyStation): DiffRow[] {
  const rows: DiffRow[] = [
    row('stationName', report.stationName, station.resourceName),
    row('address', report.address, station.address),
    row('operator', report.operatorName ?? report.otherOperatorName, station.operatorName),
    {
      field: 'coordinates',
      report: `${report.longitude}, ${report.latitude}`,
      station: `${station.longitude}, ${station.latitude}`,
      differs: station.distance > DEFAULT_DUPLICATE_RADIUS_METERS,
    },
    row('parkNums', report.parkNums, station.parkNumbers),
    row('dcEquipmentNumber', report.dcEquipmentNumber, station.dcEquipmentNumber),
    row('dcPower', report.dcPower, station.dcPower),
    row('acEquipmentNumber', report.acEquipmentNumber, station.acEquipmentNumber),
    row('acPower', report.acPower, station.acPower),
  ];
  for (const field of TEXT_FIELDS) {
    const value = station[field];
    if (value) rows.push(row(field, report[field], value));
  }
  return rows;
}
