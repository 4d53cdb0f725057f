import type { z } from 'zod';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type { ConstructionType } from '@cmp/domain/stations/construction-types';
import type { OperationExtData } from '@cmp/domain/stations/contract-fields';
import {
  swapCloneId,
  type SwapParkingInfoSaveSchema,
  type SwapQueueAdjustSaveSchema,
  type SwapStationBasicInfo,
  type SwapStationBasicInfoSaveSchema,
} from '@cmp/domain/stations/swap-station-info';
import { writeAudit, type TenantActing } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { regionLabel } from '../../platform/regions/region-data.js';
import {
  assertWorksheetOfStation,
  versionConflict,
  type WorksheetsOfStation,
} from './station-edits.service.js';
import { requireRegion, STATION_ENTITY, stationEvents } from './station-directory.service.js';
import { assertVersion, changedFields } from '../../platform/audit/edits.js';
import * as resourcesRepo from './station-resources.repo.js';
import * as repo from './swap-stations.repo.js';

export type SwapStationBasicInfoSave = z.output<typeof SwapStationBasicInfoSaveSchema>;
export type SwapParkingInfoSave = z.output<typeof SwapParkingInfoSaveSchema>;
export type SwapQueueAdjustSave = z.output<typeof SwapQueueAdjustSaveSchema>;

/** The fields the three swap saves change, as the contract names them: what the audit's before and after hold. */
interface EditableSwapStation {
  resourceName: string;
  description: string | null;
  regionId: string | null;
  address: string | null;
  longitude: number;
  latitude: number;
  construction: ConstructionType | null;
  servedBearing: number | null;
  guide: string | null;
  registrationCode: string | null;
  softwareVersion: string | null;
  hardwareVersion: string | null;
  firmwareVersion: string | null;
  chargerTotalNumberAc: number;
  chargerFreeNumberAc: number;
  chargerTotalNumberDc: number;
  chargerFreeNumberDc: number;
  chargingPowerTotalMin: number | null;
  chargingPowerTotalMax: number | null;
  workLine: string | null;
  workLineUpdateReason: string | null;
  hasClone: boolean;
  cloneLongitude: number | null;
  cloneLatitude: number | null;
  cloneDescription: string | null;
  deviceSupervisor: string | null;
  deputyRegion: string | null;
  deputyRegionId: string | null;
  deviceSupplier: string | null;
  followers: string[];
  openingHours: OpeningHours;
  parkNo: string | null;
  parkInfo: string | null;
  parkFeeTag: string | null;
  parkFeeModify: boolean;
  swapQueueAdjust: number;
}

const editable = (row: repo.SwapStationRow): EditableSwapStation => {
  const { resourceId: _id, userId: _userId, userName: _userName, ...station } = row.station;
  return {
    ...station,
    resourceName: row.resourceName,
    description: row.description,
    regionId: row.regionId,
    address: row.address,
    longitude: row.longitude,
    latitude: row.latitude,
    construction: row.construction as ConstructionType | null,
    servedBearing: row.servedBearing,
    guide: row.guide,
  };
};

/** What a save carries besides its fields. */
interface SaveEnvelope {
  version: number;
  operationExtData?: OperationExtData;
}

/** Of two values, the one a save gives (null included) over the stored one. */
const given = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);

export class SwapStationsService {
  constructor(
    private readonly db: Db,
    private readonly worksheets: WorksheetsOfStation,
  ) {}

  async basicInfo(resourceId: string): Promise<SwapStationBasicInfo> {
    return present(await this.require(this.db, resourceId));
  }

  /**
   * Without a clone the clone's fields are cleared; power limits, clone location and the work line's reason
   * are checked against the stored values where the save leaves them out.
   */
  async saveBasicInfo(
    resourceId: string,
    input: SwapStationBasicInfoSave,
    acting: TenantActing,
  ): Promise<SwapStationBasicInfo> {
    const { version, operationExtData, ...fields } = input;
    return this.change(resourceId, { version, operationExtData }, 'POWER_SWAP_BASIC_INFO_UPDATE', acting, {
      prepare: (current) => {
        const next: Partial<EditableSwapStation> = { ...fields };
        if (!given(fields.hasClone, current.hasClone)) {
          Object.assign(next, { cloneLongitude: null, cloneLatitude: null, cloneDescription: null });
        } else if (
          given(fields.cloneLongitude, current.cloneLongitude) == null ||
          given(fields.cloneLatitude, current.cloneLatitude) == null
        ) {
          throw new RuleError(ruleMessage('swap.cloneLocationRequired'));
        }
        const min = given(fields.chargingPowerTotalMin, current.chargingPowerTotalMin);
        const max = given(fields.chargingPowerTotalMax, current.chargingPowerTotalMax);
        if (min != null && max != null && min > max)
          throw new RuleError(ruleMessage('swap.powerMinAboveMax'));
        if (fields.deputyRegionId !== undefined && fields.deputyRegionId !== current.deputyRegionId) {
          next.deputyRegion = fields.deputyRegionId ? requireRegion(fields.deputyRegionId).label : null;
        }
        // Fewer chargers than were free: the free count cannot stay above the total.
        if (fields.chargerTotalNumberAc !== undefined) {
          next.chargerFreeNumberAc = Math.min(current.chargerFreeNumberAc, fields.chargerTotalNumberAc);
        }
        if (fields.chargerTotalNumberDc !== undefined) {
          next.chargerFreeNumberDc = Math.min(current.chargerFreeNumberDc, fields.chargerTotalNumberDc);
        }
        return next;
      },
      check: (current, after) => {
        if ('workLine' in after && fields.workLineUpdateReason == null) {
          throw new RuleError(ruleMessage('swap.workLineReasonRequired'));
        }
      },
    });
  }

  async saveParkingInfo(
    resourceId: string,
    input: SwapParkingInfoSave,
    acting: TenantActing,
  ): Promise<SwapStationBasicInfo> {
    const { version, operationExtData, ...fields } = input;
    return this.change(resourceId, { version, operationExtData }, 'POWER_SWAP_PARKING_UPDATE', acting, {
      prepare: () => fields,
    });
  }

  async saveQueueAdjust(
    resourceId: string,
    input: SwapQueueAdjustSave,
    acting: TenantActing,
  ): Promise<SwapStationBasicInfo> {
    const { version, operationExtData, swapQueueAdjust } = input;
    return this.change(resourceId, { version, operationExtData }, 'POWER_SWAP_QUEUE_ADJUST', acting, {
      prepare: () => ({ swapQueueAdjust }),
    });
  }

  /**
   * One versioned save: the fields `prepare` gives that differ from the stored ones are checked, written with
   * the acting user as the station's last editor, and recorded; a save that changes nothing writes nothing.
   */
  private async change(
    resourceId: string,
    { version, operationExtData }: SaveEnvelope,
    action: string,
    acting: TenantActing,
    rules: {
      prepare: (current: EditableSwapStation) => Partial<EditableSwapStation>;
      check?: (current: EditableSwapStation, after: Partial<EditableSwapStation>) => void;
    },
  ): Promise<SwapStationBasicInfo> {
    const result = await this.db.transaction(async (tx) => {
      const stored = await this.require(tx, resourceId);
      assertVersion(stored.version, version, 'station.versionConflict');
      await assertWorksheetOfStation(this.worksheets, tx, resourceId, operationExtData);
      const current = editable(stored);
      const changes = changedFields(current, rules.prepare(current));
      if (changes.changed.length === 0) return present(stored);
      const { after } = changes;
      rules.check?.(current, after);

      const region = after.regionId ? requireRegion(after.regionId) : null;
      const { resourceName, description, address, longitude, latitude, construction, servedBearing, guide } =
        after;
      const saved = await resourcesRepo.updateVersionedResource(tx, resourceId, version, {
        resourceName,
        description,
        address,
        longitude,
        latitude,
        construction,
        servedBearing,
        guide,
        ...('regionId' in after && {
          regionId: after.regionId,
          cityId: region?.cityId ?? null,
          provinceId: region?.provinceId ?? null,
        }),
      });
      if (!saved) throw versionConflict();
      await repo.updateSwapStation(tx, resourceId, {
        ...stationFields(after),
        userId: acting.actor.userId === null ? null : String(acting.actor.userId),
        userName: acting.actor.userName,
      });
      await writeAudit(tx, {
        actor: acting.actor,
        tenant: acting.tenant,
        entityType: STATION_ENTITY,
        entityId: resourceId,
        action,
        before: changes.before,
        after: changes.after,
        extData: operationExtData ?? null,
      });
      return present(await this.require(tx, resourceId));
    });
    stationEvents.emit('changed', resourceId);
    return result;
  }

  private async require(db: DbOrTx, resourceId: string): Promise<repo.SwapStationRow> {
    const row = await repo.findSwapStation(db, resourceId);
    if (!row) throw AppError.notFound('swap station', resourceId);
    return row;
  }
}

const RESOURCE_FIELDS = new Set<keyof EditableSwapStation>([
  'resourceName',
  'description',
  'regionId',
  'address',
  'longitude',
  'latitude',
  'construction',
  'servedBearing',
  'guide',
]);

/** The changed fields that live in `swap_stations`. */
const stationFields = (after: Partial<EditableSwapStation>): repo.SwapStationChanges =>
  Object.fromEntries(
    Object.entries(after).filter(([key]) => !RESOURCE_FIELDS.has(key as keyof EditableSwapStation)),
  );

function present(row: repo.SwapStationRow): SwapStationBasicInfo {
  const { station } = row;
  const clone =
    station.hasClone && station.cloneLongitude != null && station.cloneLatitude != null
      ? {
          resourceId: swapCloneId(row.resourceId),
          longitude: station.cloneLongitude,
          latitude: station.cloneLatitude,
          description: station.cloneDescription,
        }
      : null;
  return {
    resourceId: row.resourceId,
    resourceName: row.resourceName,
    resourceType: 'PowerSwap',
    registrationCode: station.registrationCode,
    softwareVersion: station.softwareVersion,
    hardwareVersion: station.hardwareVersion,
    firmwareVersion: station.firmwareVersion,
    description: row.description,
    region: regionLabel(row.regionId),
    regionId: row.regionId,
    address: row.address,
    longitude: row.longitude,
    latitude: row.latitude,
    parkNo: station.parkNo,
    parkInfo: station.parkInfo,
    construction: row.construction as ConstructionType | null,
    servedBearing: row.servedBearing,
    guide: row.guide,
    chargerTotalNumberAc: station.chargerTotalNumberAc,
    chargerFreeNumberAc: station.chargerFreeNumberAc,
    chargerTotalNumberDc: station.chargerTotalNumberDc,
    chargerFreeNumberDc: station.chargerFreeNumberDc,
    chargingPowerTotalMin: station.chargingPowerTotalMin,
    chargingPowerTotalMax: station.chargingPowerTotalMax,
    workLine: station.workLine,
    workLineUpdateReason: station.workLineUpdateReason,
    hasClone: station.hasClone,
    cloneLongitude: station.cloneLongitude,
    cloneLatitude: station.cloneLatitude,
    cloneDescription: station.cloneDescription,
    swapClone: clone,
    remark: row.remark,
    deviceSupervisor: station.deviceSupervisor,
    deputyRegion: station.deputyRegion,
    deputyRegionId: station.deputyRegionId,
    deviceSupplier: station.deviceSupplier,
    followers: station.followers,
    userId: station.userId,
    userName: station.userName,
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    openingHours: station.openingHours,
    // Edited day by day like a charge station's business hours (docs/decisions.md).
    canModifyOpeningHours: true,
    parkFeeTag: station.parkFeeTag,
    parkFeeModify: station.parkFeeModify,
    swapQueueAdjust: station.swapQueueAdjust,
    status: row.status,
    active: row.active,
    basicInfoUpdateTime: row.basicInfoUpdateTime.getTime(),
    version: row.version,
  };
}
