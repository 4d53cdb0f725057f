import type { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import {
  ReportedStationFilterSchema,
  type ReportedStation,
  type ReportedStationFields,
  type ReportedStationListQuery,
  type ReportedStationPage,
  type ReportedStationSource,
} from '@cmp/domain/stations/reported-stations';
import type { StationStatus } from '@cmp/domain/stations/station-status';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { regionLabel } from '../../platform/regions/region-data.js';
import { assertVersion, changedFields } from '../../platform/audit/edits.js';
import { REPORTED_STATION_LIST_EXPORT } from './reported-stations.export.js';
import * as repo from './reported-stations.repo.js';

/** Audit entity of a reported station; its records are not part of any network station's history. */
export const REPORTED_STATION_ENTITY = 'reported_station';

/** What an update replaces: every field but the key, which names the station. */
export type ReportedStationChange = Omit<ReportedStationFields, 'connectorId'>;

/** The export's query: the list's filter with the tenant. */
export const ReportedStationExportFilterSchema = ReportedStationFilterSchema.extend({ tenant: TenantSchema });
export type ReportedStationExportFilter = z.infer<typeof ReportedStationExportFilterSchema>;

const time = (value: Date | null): number | null => value?.getTime() ?? null;

export function toReportedStation(row: repo.ReportedStationNamedRow): ReportedStation {
  const { station } = row;
  return {
    connectorId: station.connectorId,
    operatorId: station.operatorId,
    operatorName: row.operatorName,
    subOperatorId: station.subOperatorId,
    subOperatorName: row.subOperatorName,
    connectorType: station.connectorType,
    equipmentOwnerId: station.equipmentOwnerId,
    equipmentOwnerName: row.equipmentOwnerName,
    source: station.source as ReportedStationSource,
    stationName: station.stationName,
    stationId: station.stationId,
    countryCode: station.countryCode,
    areaCode: station.areaCode,
    areaName: regionLabel(station.areaCode),
    address: station.address,
    serviceTel: station.serviceTel,
    stationType: station.stationType,
    stationStatus: station.stationStatus as StationStatus,
    parkNums: station.parkNums,
    longitude: station.longitude,
    latitude: station.latitude,
    siteGuide: station.siteGuide,
    construction: station.construction,
    businessHours: station.businessHours,
    electricityFee: station.electricityFee,
    serviceFee: station.serviceFee,
    parkFee: station.parkFee,
    supportOrder: station.supportOrder,
    remark: station.remark,
    dcPower: station.dcPower,
    dcCurrent: station.dcCurrent,
    dcEquipmentNumber: station.dcEquipmentNumber,
    acPower: station.acPower,
    acCurrent: station.acCurrent,
    acEquipmentNumber: station.acEquipmentNumber,
    creator: station.creator,
    createdAt: station.createdAt.getTime(),
    updater: station.updater,
    updatedAt: station.updatedAt.getTime(),
    reviewUser: station.reviewUser,
    reviewTime: time(station.reviewTime),
    rejectReason: station.rejectReason,
    pictures: station.pictures,
    equipments: station.equipments,
    electricitySel: station.electricitySel,
    version: station.version,
  };
}

/** The columns a save writes: what was entered, the optional parts left out stored as nothing. */
function columnsOf(fields: ReportedStationChange): Omit<repo.NewReportedStation, 'tenant' | 'connectorId'> {
  return {
    ...fields,
    subOperatorId: fields.subOperatorId ?? null,
    connectorType: fields.connectorType ?? null,
    stationId: fields.stationId ?? null,
    serviceTel: fields.serviceTel ?? null,
    stationType: fields.stationType ?? null,
    parkNums: fields.parkNums ?? null,
    siteGuide: fields.siteGuide ?? null,
    construction: fields.construction ?? null,
    businessHours: fields.businessHours ?? null,
    electricityFee: fields.electricityFee ?? null,
    serviceFee: fields.serviceFee ?? null,
    parkFee: fields.parkFee ?? null,
    remark: fields.remark ?? null,
  };
}

/** The stored station as a save compares it: the columns a save writes. */
const editableOf = (row: repo.ReportedStationRow): Record<string, unknown> => {
  const {
    tenant: _tenant,
    connectorId: _connectorId,
    creator: _creator,
    updater: _updater,
    reviewUser: _reviewUser,
    reviewTime: _reviewTime,
    rejectReason: _rejectReason,
    version: _version,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...editable
  } = row;
  return editable;
};

/**
 * Reported stations of the virtual provider (spec C3.11.1–C3.11.4, §7.7): the tenant's stations described
 * connector by connector, with the reported station filter, the export, and create, update and delete,
 * each recorded in the audit (`reported_station`).
 */
export class ReportedStationsService {
  constructor(private readonly db: Db) {}

  async list(tenant: Tenant, query: ReportedStationListQuery): Promise<ReportedStationPage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.reportedStationList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: page.rows.map(toReportedStation), total: page.total };
  }

  /** The list as an export (`platform/export`): the same filter and order, read batch by batch by key. */
  readonly export = listExport({
    list: 'reported-stations.list',
    query: ReportedStationExportFilterSchema,
    sheet: REPORTED_STATION_LIST_EXPORT,
    rows: repo.reportedStationList,
    items: (rows) => rows.map(toReportedStation),
  });

  async get(tenant: Tenant, connectorId: string): Promise<ReportedStation> {
    const row = await repo.findReportedStation(this.db, tenant, connectorId);
    if (!row) throw AppError.notFound('reported station', connectorId);
    return toReportedStation(row);
  }

  /**
   * Creates the station on a connector the tenant has none on (409 otherwise); its operator, equipment
   * owner and sub-operator (when named) must exist (422). The creator is the acting staff user.
   */
  async create(tenant: Tenant, fields: ReportedStationFields, actor: Actor): Promise<ReportedStation> {
    const { connectorId, ...change } = fields;
    await this.assertParties(change);
    return this.db.transaction(async (tx) => {
      const row = await repo.insertReportedStation(tx, {
        ...columnsOf(change),
        tenant,
        connectorId,
        creator: actor.userName,
      });
      if (!row) throw AppError.conflict(ruleMessage('reportedStations.connectorTaken', { connectorId }));
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: REPORTED_STATION_ENTITY,
        entityId: connectorId,
        action: 'REPORTED_STATION_CREATE',
        after: editableOf(row),
      });
      return toReportedStation((await repo.findReportedStation(tx, tenant, connectorId))!);
    });
  }

  /**
   * Replaces the station's fields, from the version the editor read (409 when someone saved since); the
   * audit keeps only the fields that changed.
   */
  async update(
    tenant: Tenant,
    connectorId: string,
    input: ReportedStationChange & { version: number },
    actor: Actor,
  ): Promise<ReportedStation> {
    const { version, ...change } = input;
    await this.assertParties(change);
    return this.db.transaction(async (tx) => {
      const stored = await repo.lockReportedStation(tx, tenant, connectorId);
      if (!stored) throw AppError.notFound('reported station', connectorId);
      assertVersion(stored.version, version, 'station.versionConflict');
      const columns = columnsOf(change);
      const changes = changedFields(editableOf(stored), columns);
      const row = await repo.updateReportedStation(tx, tenant, connectorId, {
        ...columns,
        updater: actor.userName,
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: REPORTED_STATION_ENTITY,
        entityId: connectorId,
        action: 'REPORTED_STATION_UPDATE',
        before: { ...changes.before, version: stored.version },
        after: { ...changes.after, version: row.version },
      });
      return toReportedStation((await repo.findReportedStation(tx, tenant, connectorId))!);
    });
  }

  /** Removes the station as of the version the caller read (409 when someone saved since). */
  async remove(tenant: Tenant, connectorId: string, version: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const stored = await repo.lockReportedStation(tx, tenant, connectorId);
      if (!stored) throw AppError.notFound('reported station', connectorId);
      assertVersion(stored.version, version, 'station.versionConflict');
      await repo.deleteReportedStation(tx, tenant, connectorId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: REPORTED_STATION_ENTITY,
        entityId: connectorId,
        action: 'REPORTED_STATION_DELETE',
        before: { ...editableOf(stored), creator: stored.creator, version: stored.version },
      });
    });
  }

  /** The operator, the equipment owner and the sub-operator a station names are network reference data. */
  private async assertParties(change: ReportedStationChange): Promise<void> {
    const { operatorId, equipmentOwnerId } = change;
    const subOperatorId = change.subOperatorId ?? null;
    const exists = await repo.partiesExist(this.db, { operatorId, equipmentOwnerId, subOperatorId });
    if (!exists.operator)
      throw new RuleError(ruleMessage('reportedStations.unknownOperator', { operatorId }));
    if (!exists.equipmentOwner) {
      throw new RuleError(ruleMessage('reportedStations.unknownEquipmentOwner', { equipmentOwnerId }));
    }
    if (!exists.subOperator) {
      throw new RuleError(
        ruleMessage('reportedStations.unknownSubOperator', { subOperatorId: subOperatorId! }),
      );
    }
  }
}
