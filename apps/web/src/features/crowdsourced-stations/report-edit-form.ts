import type {
  CrowdsourcedStation,
  ReportUpdate,
  StaffReport,
} from '@cmp/domain/stations/crowdsourced-stations';

/** The edit form holds what staff enter for a report (the staff report form's fields). */
export type ReportEditValues = StaffReport;

export const reportEditValuesOf = (report: CrowdsourcedStation): ReportEditValues => ({
  stationName: report.stationName,
  source: report.source,
  stationId: report.stationId,
  creatorAccountId: report.creatorAccountId,
  operatorId: report.operatorId,
  otherOperatorName: report.otherOperatorName,
  areaCode: report.areaCode,
  address: report.address,
  longitude: report.longitude,
  latitude: report.latitude,
  siteGuide: report.siteGuide,
  construction: report.construction,
  businessHours: report.businessHours,
  electricityFee: report.electricityFee,
  serviceFee: report.serviceFee,
  parkNums: report.parkNums,
  parkFee: report.parkFee,
  remark: report.remark,
  dcEquipmentNumber: report.dcEquipmentNumber,
  dcPower: report.dcPower,
  dcCurrent: report.dcCurrent,
  acEquipmentNumber: report.acEquipmentNumber,
  acPower: report.acPower,
  acCurrent: report.acCurrent,
  isChargingBlindSpot: report.isChargingBlindSpot,
  chargingBlindSpotId: report.chargingBlindSpotId,
  chargingBlindSpotLongitude: report.chargingBlindSpotLongitude,
  chargingBlindSpotLatitude: report.chargingBlindSpotLatitude,
});

/** A cleared field comes back from its input as undefined or ''; the server takes null as "none". */
const orNull = <T>(value: T | null | undefined | ''): T | null =>
  value === undefined || value === '' ? null : value;

/**
 * The update of an edited report: every field again (the update replaces the report). The operator's name
 * goes with its id: the chosen operator's, the report's own while the id is the report's, none when cleared.
 * A report that is no blind spot keeps no blind spot data.
 */
export function reportUpdateOf(
  values: ReportEditValues,
  report: CrowdsourcedStation,
  operatorName: (operatorId: string) => string | undefined,
): ReportUpdate {
  const operatorId = orNull(values.operatorId);
  const blindSpot = values.isChargingBlindSpot === true;
  return {
    stationName: values.stationName,
    source: values.source ?? report.source,
    stationId: orNull(values.stationId),
    creatorAccountId: orNull(values.creatorAccountId),
    operatorId,
    operatorName:
      operatorId === null
        ? null
        : (operatorName(operatorId) ?? (operatorId === report.operatorId ? report.operatorName : null)),
    otherOperatorName: orNull(values.otherOperatorName),
    areaCode: orNull(values.areaCode),
    address: values.address,
    longitude: values.longitude,
    latitude: values.latitude,
    siteGuide: orNull(values.siteGuide),
    construction: orNull(values.construction),
    businessHours: orNull(values.businessHours),
    electricityFee: orNull(values.electricityFee),
    serviceFee: orNull(values.serviceFee),
    parkNums: orNull(values.parkNums),
    parkFee: orNull(values.parkFee),
    remark: orNull(values.remark),
    dcEquipmentNumber: values.dcEquipmentNumber ?? 0,
    dcPower: values.dcPower ?? 0,
    dcCurrent: values.dcCurrent ?? 0,
    acEquipmentNumber: values.acEquipmentNumber ?? 0,
    acPower: values.acPower ?? 0,
    acCurrent: values.acCurrent ?? 0,
    isChargingBlindSpot: blindSpot,
    chargingBlindSpotId: blindSpot ? orNull(values.chargingBlindSpotId) : null,
    chargingBlindSpotLongitude: blindSpot ? orNull(values.chargingBlindSpotLongitude) : null,
    chargingBlindSpotLatitude: blindSpot ? orNull(values.chargingBlindSpotLatitude) : null,
    version: report.version,
  };
}
