import type { z } from 'zod';
import { ruleMessage, type MessageKey } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type {
  ChargeStationBasicInfo,
  ChargeStationBasicInfoSaveSchema,
  StationOfflineRequest,
} from '@cmp/domain/stations/charge-station-info';
import type { ConstructionType } from '@cmp/domain/stations/construction-types';
import { areFeePeriodsEditable, mergeFeePeriods, type FeePeriod } from '@cmp/domain/stations/fees';
import type { ChargerType } from '@cmp/domain/stations/resource-types';
import type { StationStatus } from '@cmp/domain/stations/station-status';
import { writeAudit, type TenantActing } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import { regionLabel } from '../../platform/regions/region-data.js';
import * as repo from './charge-stations.repo.js';
import {
  assertWorksheetOfStation,
  versionConflict,
  type WorksheetsOfStation,
} from './station-edits.service.js';
import { requireRegion, STATION_ENTITY, stationEvents } from './station-directory.service.js';
import { assertVersion, changedFields } from '../../platform/audit/edits.js';
import * as resourcesRepo from './station-resources.repo.js';

export type ChargeStationBasicInfoSave = z.output<typeof ChargeStationBasicInfoSaveSchema>;

/** The fields a save may change, as the contract names them: what the audit's before and after hold. */
interface EditableChargeStation {
  resourceName: string;
  description: string | null;
  status: StationStatus;
  address: string | null;
  regionId: string | null;
  longitude: number;
  latitude: number;
  construction: ConstructionType | null;
  servedBearing: number | null;
  guide: string | null;
  bizScenes: number[];
  serviceTel: string | null;
  parkFeeModify: boolean;
  parkFeeTag: string | null;
  parkFeeOrigin: string | null;
  payment: string | null;
  matchCars: string | null;
  parkNumbers: number | null;
  parkInfo: string | null;
  supportPowerNorth: boolean;
  businessHours: OpeningHours;
  electricityFee: FeePeriod[];
  serviceFee: FeePeriod[];
}

const editable = (row: repo.ChargeStationRow): EditableChargeStation => ({
  resourceName: row.resourceName,
  description: row.description,
  status: row.status as StationStatus,
  address: row.address,
  regionId: row.regionId,
  longitude: row.longitude,
  latitude: row.latitude,
  construction: row.construction as ConstructionType | null,
  servedBearing: row.servedBearing,
  guide: row.guide,
  bizScenes: row.bizSceneCodes,
  serviceTel: row.station.serviceTel,
  parkFeeModify: row.station.parkFeeModify,
  parkFeeTag: row.station.parkFeeTag,
  parkFeeOrigin: row.station.parkFeeOrigin,
  payment: row.station.payment,
  matchCars: row.station.matchCars,
  parkNumbers: row.station.parkNumbers,
  parkInfo: row.station.parkInfo,
  supportPowerNorth: row.station.supportPowerNorth,
  businessHours: row.station.businessHours,
  electricityFee: row.station.electricityFee,
  serviceFee: row.station.serviceFee,
});

const OFFLINE = {
  chargingMap: { channel: 'chargingMapOnline', action: 'CHARGE_MAP_OFFLINE' },
  oneClickCharging: { channel: 'oneClickChargingOnline', action: 'ONE_KEY_CHARGING_OFFLINE' },
} as const satisfies Record<string, { channel: repo.OfflineChannel; action: string }>;
export type OfflineKind = keyof typeof OFFLINE;

export class ChargeStationsService {
  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryService,
    private readonly worksheets: WorksheetsOfStation,
  ) {}

  async basicInfo(resourceId: string): Promise<ChargeStationBasicInfo> {
    return this.present(this.db, await this.require(this.db, resourceId));
  }

  /**
   * Changes only the fields the save carries and that differ from the stored ones. Business hours and
   * fees the editor cannot represent are refused only when the save would change them, so a client that
   * sends the whole form back does not fail on fields it left alone.
   */
  async saveBasicInfo(
    resourceId: string,
    input: ChargeStationBasicInfoSave,
    acting: TenantActing,
  ): Promise<ChargeStationBasicInfo> {
    const result = await this.db.transaction(async (tx) => {
      const stored = await this.require(tx, resourceId);
      assertVersion(stored.version, input.version, 'station.versionConflict');
      await assertWorksheetOfStation(this.worksheets, tx, resourceId, input.operationExtData);
      const { version, operationExtData, bizScenes, ...fields } = input;
      const current = editable(stored);
      const changes = changedFields(current, {
        ...fields,
        bizScenes: bizScenes && [...new Set(bizScenes.filter((code): code is number => code !== ''))],
      });
      if (changes.changed.length === 0) return this.present(tx, stored);

      const { after } = changes;
      this.assertEditable(current, after);
      if (after.bizScenes) {
        const added = after.bizScenes.filter((code) => !current.bizScenes.includes(code));
        await this.dictionaries.assertBizScenesInUse(added, tx);
      }
      const region = after.regionId ? requireRegion(after.regionId) : null;
      const saved = await resourcesRepo.updateVersionedResource(tx, resourceId, version, {
        resourceName: after.resourceName,
        description: after.description,
        status: after.status,
        address: after.address,
        longitude: after.longitude,
        latitude: after.latitude,
        construction: after.construction,
        servedBearing: after.servedBearing,
        guide: after.guide,
        bizSceneCodes: after.bizScenes,
        ...('regionId' in after && {
          regionId: after.regionId,
          cityId: region?.cityId ?? null,
          provinceId: region?.provinceId ?? null,
        }),
      });
      if (!saved) throw versionConflict();
      await repo.updateChargeStation(tx, resourceId, {
        serviceTel: after.serviceTel,
        parkFeeModify: after.parkFeeModify,
        parkFeeTag: after.parkFeeTag,
        parkFeeOrigin: after.parkFeeOrigin,
        payment: after.payment,
        matchCars: after.matchCars,
        parkNumbers: after.parkNumbers,
        parkInfo: after.parkInfo,
        supportPowerNorth: after.supportPowerNorth,
        businessHours: after.businessHours,
        // The station's zone is the one its hours are written in.
        timezone: after.businessHours?.timezone,
        electricityFee: after.electricityFee,
        serviceFee: after.serviceFee,
      });
      await writeAudit(tx, {
        actor: acting.actor,
        tenant: acting.tenant,
        entityType: STATION_ENTITY,
        entityId: resourceId,
        action: 'CHARGE_STATION_BASIC_INFO_UPDATE',
        before: changes.before,
        after: changes.after,
        extData: operationExtData ?? null,
      });
      return this.present(tx, await this.require(tx, resourceId));
    });
    stationEvents.emit('changed', resourceId);
    return result;
  }

  /** Takes the station off the charging map or out of one-click charging; a second time is refused. */
  async takeOffline(
    resourceId: string,
    kind: OfflineKind,
    request: StationOfflineRequest,
    acting: TenantActing,
  ): Promise<ChargeStationBasicInfo> {
    const { channel, action } = OFFLINE[kind];
    return this.db.transaction(async (tx) => {
      await this.require(tx, resourceId);
      if (!(await repo.takeOffline(tx, resourceId, channel))) {
        throw new RuleError(ruleMessage('station.alreadyOffline'));
      }
      await writeAudit(tx, {
        actor: acting.actor,
        tenant: acting.tenant,
        entityType: STATION_ENTITY,
        entityId: resourceId,
        action,
        before: { [channel]: true },
        after: { [channel]: false },
        extData: request.reason ? { reason: request.reason } : null,
      });
      return this.present(tx, await this.require(tx, resourceId));
    });
  }

  private assertEditable(current: EditableChargeStation, after: Partial<EditableChargeStation>): void {
    const refuse = (key: MessageKey) => {
      throw new RuleError(ruleMessage(key));
    };
    if (after.electricityFee && !areFeePeriodsEditable(current.electricityFee)) {
      refuse('station.electricityFeeNotEditable');
    }
    if (after.serviceFee && !areFeePeriodsEditable(current.serviceFee))
      refuse('station.serviceFeeNotEditable');
  }

  private async require(db: DbOrTx, resourceId: string): Promise<repo.ChargeStationRow> {
    const row = await repo.findChargeStation(db, resourceId);
    if (!row) throw AppError.notFound('charge station', resourceId);
    return row;
  }

  private async present(db: DbOrTx, row: repo.ChargeStationRow): Promise<ChargeStationBasicInfo> {
    const [counts, bizScenes] = await Promise.all([
      resourcesRepo.chargerCounts(db, [row.resourceId]),
      this.dictionaries.describeBizScenes(row.bizSceneCodes, db),
    ]);
    const chargers = counts.get(row.resourceId) ?? resourcesRepo.NO_CHARGERS;
    const { station } = row;
    return {
      resourceId: row.resourceId,
      resourceName: row.resourceName,
      resourceType: 'ChargeStation',
      stationType: station.stationType,
      groupType: station.groupType,
      chargerType: station.chargerType as ChargerType | null,
      status: row.status as StationStatus,
      description: row.description,
      timezone: station.timezone,
      regionId: row.regionId,
      region: regionLabel(row.regionId),
      address: row.address,
      longitude: row.longitude,
      latitude: row.latitude,
      operatorId: row.operatorId,
      operatorName: row.operatorName,
      equipmentOwnerId: row.equipmentOwnerId,
      equipmentOwner: row.equipmentOwner,
      controlledByNio: row.controlledByNio,
      serviceTel: station.serviceTel,
      guide: row.guide,
      construction: row.construction as ConstructionType | null,
      servedBearing: row.servedBearing,
      parkFeeModify: station.parkFeeModify,
      parkFeeTag: station.parkFeeTag,
      parkFeeOrigin: station.parkFeeOrigin,
      payment: station.payment,
      matchCars: station.matchCars,
      parkNumbers: station.parkNumbers,
      parkInfo: station.parkInfo,
      remark: row.remark,
      supportPowerNorth: station.supportPowerNorth,
      bizScenes,
      businessHours: station.businessHours,
      electricityFee: station.electricityFee,
      serviceFee: station.serviceFee,
      feePeriods: mergeFeePeriods(station.electricityFee, station.serviceFee),
      // The portal edits hours day by day, so any well-formed hours can be edited (docs/decisions.md).
      canModifyBusinessHours: true,
      canModifyElectricityFee: areFeePeriodsEditable(station.electricityFee),
      canModifyServiceFee: areFeePeriodsEditable(station.serviceFee),
      chargingMapOnline: station.chargingMapOnline,
      oneClickChargingOnline: station.oneClickChargingOnline,
      active: row.active,
      basicInfoUpdateTime: row.basicInfoUpdateTime.getTime(),
      version: row.version,
      chargerTotalNumber: chargers.totalAc + chargers.totalDc,
      chargerTotalNumberDc: chargers.totalDc,
      chargerTotalNumberAc: chargers.totalAc,
      chargerFreeNumberDc: chargers.freeDc,
      chargerFreeNumberAc: chargers.freeAc,
    };
  }
}
