import type { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import { USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import {
  REPORT_ONLINE_STATUSES,
  type CrowdsourcedStation,
  type ReportFieldsSchema,
  type ReportOnlineStatus,
  type ReportReviewStatus,
} from '@cmp/domain/stations/crowdsourced-stations';
import type { ReportedStationSource } from '@cmp/domain/stations/reported-stations';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { mobileFor } from '../../platform/auth/mobile-reveal.js';
import { fileUrl } from '../files/files.service.js';
import { regionLabel } from '../../platform/regions/region-data.js';
import * as repo from './crowdsourced-stations.repo.js';

/** Audit entity of a report: its intake, edits, review, going online and deletion. */
export const REPORT_ENTITY = 'crowdsourced_station';

export function toReport(row: repo.ReportRow, revealMobile: boolean): CrowdsourcedStation {
  const { report } = row;
  return {
    objectId: report.objectId,
    operatorId: report.operatorId,
    source: report.source as ReportedStationSource,
    pictures: report.pictures.map((picture) => ({
      fileId: picture.fileId,
      url: fileUrl(picture.fileId),
      name: picture.name,
    })),
    operatorName: report.operatorName,
    otherOperatorName: report.otherOperatorName,
    stationName: report.stationName,
    areaCode: report.areaCode,
    areaName: regionLabel(report.areaCode),
    address: report.address,
    onlineStatus: report.onlineStatus as ReportOnlineStatus,
    stationStatus: report.stationStatus as ReportReviewStatus,
    stationId: report.stationId,
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
    dcPower: report.dcPower,
    dcCurrent: report.dcCurrent,
    dcEquipmentNumber: report.dcEquipmentNumber,
    acPower: report.acPower,
    acCurrent: report.acCurrent,
    acEquipmentNumber: report.acEquipmentNumber,
    creatorAccountId: report.creatorAccountId,
    createUser: report.createUser,
    createUserNickName: row.nickname,
    createUserMobile: mobileFor(row.mobile, revealMobile),
    createdAt: report.createdAt.getTime(),
    updatedAt: report.updatedAt.getTime(),
    reviewUser: report.reviewUser,
    reviewTime: report.reviewTime?.getTime() ?? null,
    rejectReason: report.rejectReason,
    isChargingBlindSpot: report.isChargingBlindSpot,
    chargingBlindSpotId: report.chargingBlindSpotId,
    chargingBlindSpotLongitude: report.chargingBlindSpotLongitude,
    chargingBlindSpotLatitude: report.chargingBlindSpotLatitude,
    duplicateCandidates: report.duplicateCandidates,
    version: report.version,
  };
}

/** What a reporter or staff say of a station, as the app and the screens send it. */
export type ReportInput = z.output<typeof ReportFieldsSchema> & {
  source: ReportedStationSource;
  stationId?: string | null;
  creatorAccountId?: string | null;
};

/** The columns a report's own fields fill; a field left out is cleared, as a form that leaves it empty. */
export function reportValues(input: ReportInput) {
  return {
    source: input.source,
    operatorId: input.operatorId ?? null,
    operatorName: input.operatorName ?? null,
    otherOperatorName: input.otherOperatorName ?? null,
    stationName: input.stationName,
    areaCode: input.areaCode ?? null,
    address: input.address,
    longitude: input.longitude,
    latitude: input.latitude,
    siteGuide: input.siteGuide ?? null,
    construction: input.construction ?? null,
    businessHours: input.businessHours ?? null,
    electricityFee: input.electricityFee ?? null,
    serviceFee: input.serviceFee ?? null,
    parkNums: input.parkNums ?? null,
    parkFee: input.parkFee ?? null,
    remark: input.remark ?? null,
    dcPower: input.dcPower,
    dcCurrent: input.dcCurrent,
    dcEquipmentNumber: input.dcEquipmentNumber,
    acPower: input.acPower,
    acCurrent: input.acCurrent,
    acEquipmentNumber: input.acEquipmentNumber,
    isChargingBlindSpot: input.isChargingBlindSpot,
    chargingBlindSpotId: input.chargingBlindSpotId ?? null,
    chargingBlindSpotLongitude: input.chargingBlindSpotLongitude ?? null,
    chargingBlindSpotLatitude: input.chargingBlindSpotLatitude ?? null,
    stationId: input.stationId ?? null,
    creatorAccountId: input.creatorAccountId ?? null,
  };
}

/** The fields an audit record of a report holds: what staff can see and change, and the review. */
const AUDITED = [
  'source',
  'operatorId',
  'operatorName',
  'otherOperatorName',
  'stationName',
  'areaCode',
  'address',
  'longitude',
  'latitude',
  'siteGuide',
  'construction',
  'businessHours',
  'electricityFee',
  'serviceFee',
  'parkNums',
  'parkFee',
  'remark',
  'dcPower',
  'dcCurrent',
  'dcEquipmentNumber',
  'acPower',
  'acCurrent',
  'acEquipmentNumber',
  'isChargingBlindSpot',
  'chargingBlindSpotId',
  'chargingBlindSpotLongitude',
  'chargingBlindSpotLatitude',
  'stationId',
  'creatorAccountId',
  'stationStatus',
  'onlineStatus',
  'reviewUser',
  'rejectReason',
  'suspectedDuplicate',
] as const satisfies readonly (keyof repo.ReportTableRow)[];
export type AuditedReport = Pick<repo.ReportTableRow, (typeof AUDITED)[number]>;

export const auditedFields = (row: repo.ReportTableRow): AuditedReport =>
  Object.fromEntries(AUDITED.map((key) => [key, row[key]])) as AuditedReport;

/** 409: the reviewer started from an older version of the report. */
export function assertReportVersion(stored: number, given: number): void {
  if (stored !== given) throw AppError.conflict(ruleMessage('crowdsourced.versionConflict'));
}

/** An online report is the station's record of where it came from: it no longer changes. */
export function assertNotOnline(row: repo.ReportTableRow): void {
  if (row.onlineStatus === REPORT_ONLINE_STATUSES.online) {
    throw new RuleError(ruleMessage('crowdsourced.online'));
  }
}

/** The report locked for a change: 404 for one the tenant does not have. */
export async function requireLockedReport(
  tx: DbOrTx,
  tenant: Tenant,
  objectId: string,
): Promise<repo.ReportTableRow> {
  const row = await repo.lockReport(tx, tenant, objectId);
  if (!row) throw AppError.notFound('crowd-sourced station', objectId);
  return row;
}

/** The reporter must be an account of the tenant, not deleted: 404 `user_not_found` otherwise, as relations say. */
export async function requireReporter(db: DbOrTx, tenant: Tenant, accountId: string): Promise<void> {
  const account = await repo.findAccount(db, tenant, accountId);
  if (!account || account.isDelete) {
    throw new AppError(404, USER_NOT_FOUND, `account ${accountId} not found`);
  }
}
