import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type { ConstructionType } from '@cmp/domain/stations/construction-types';
import type { ResourceOperatorInfo, ResourceOperatorInfoSave } from '@cmp/domain/stations/operator-info';
import type {
  SwapParkingInfoSave,
  SwapQueueAdjustSave,
  SwapStationBasicInfo,
  SwapStationBasicInfoSave,
} from '@cmp/domain/stations/swap-station-info';
import { changedFields, worksheetExtData } from './form-changes';

export interface SwapStationFormValues {
  resourceName: string;
  registrationCode: string | null;
  softwareVersion: string | null;
  hardwareVersion: string | null;
  firmwareVersion: string | null;
  description: string | null;
  regionId: string | null;
  address: string | null;
  longitude: number;
  latitude: number;
  construction: ConstructionType | null;
  guide: string | null;
  chargerTotalNumberAc: number;
  chargerTotalNumberDc: number;
  chargingPowerTotalMin: number | null;
  chargingPowerTotalMax: number | null;
  workLine: string | null;
  /** Why the work line changes now; asked for only when it does (the stored reason is the last one's). */
  workLineChangeReason?: string | null;
  hasClone: boolean;
  cloneLongitude: number | null;
  cloneLatitude: number | null;
  cloneDescription: string | null;
  deviceSupervisor: string | null;
  deputyRegionId: string | null;
  deviceSupplier: string | null;
  followers: string[];
  openingHours: OpeningHours;
  remark: string | null;
  pictureAppVisible: boolean;
  worksheetId?: number | null;
}

const BASIC_INFO_FIELDS = [
  'resourceName',
  'registrationCode',
  'softwareVersion',
  'hardwareVersion',
  'firmwareVersion',
  'description',
  'regionId',
  'address',
  'longitude',
  'latitude',
  'construction',
  'guide',
  'chargerTotalNumberAc',
  'chargerTotalNumberDc',
  'chargingPowerTotalMin',
  'chargingPowerTotalMax',
  'workLine',
  'hasClone',
  'cloneLongitude',
  'cloneLatitude',
  'cloneDescription',
  'deviceSupervisor',
  'deputyRegionId',
  'deviceSupplier',
  'followers',
  'openingHours',
] as const satisfies readonly (keyof SwapStationFormValues & keyof SwapStationBasicInfoSave)[];

const OPERATOR_INFO_FIELDS = ['remark', 'pictureAppVisible'] as const;

export function toSwapStationForm(
  info: SwapStationBasicInfo,
  operatorInfo: ResourceOperatorInfo | undefined,
): SwapStationFormValues {
  return {
    resourceName: info.resourceName,
    registrationCode: info.registrationCode,
    softwareVersion: info.softwareVersion,
    hardwareVersion: info.hardwareVersion,
    firmwareVersion: info.firmwareVersion,
    description: info.description,
    regionId: info.regionId,
    address: info.address,
    longitude: info.longitude,
    latitude: info.latitude,
    construction: info.construction,
    guide: info.guide,
    chargerTotalNumberAc: info.chargerTotalNumberAc,
    chargerTotalNumberDc: info.chargerTotalNumberDc,
    chargingPowerTotalMin: info.chargingPowerTotalMin,
    chargingPowerTotalMax: info.chargingPowerTotalMax,
    workLine: info.workLine,
    workLineChangeReason: null,
    hasClone: info.hasClone,
    cloneLongitude: info.cloneLongitude,
    cloneLatitude: info.cloneLatitude,
    cloneDescription: info.cloneDescription,
    deviceSupervisor: info.deviceSupervisor,
    deputyRegionId: info.deputyRegionId,
    deviceSupplier: info.deviceSupplier,
    followers: info.followers,
    openingHours: info.openingHours,
    remark: operatorInfo?.remark ?? info.remark,
    pictureAppVisible: operatorInfo?.pictureAppVisible ?? false,
    worksheetId: null,
  };
}

export interface SwapStationSave {
  basicInfo: SwapStationBasicInfoSave | null;
  operatorInfo: ResourceOperatorInfoSave | null;
}

/**
 * The changed fields, plus what the server checks together with them: a new work line carries its reason,
 * switching the clone on carries the clone's location, and a changed power bound carries the other bound
 * so the minimum can be compared with the maximum.
 */
export function toSwapStationSave(
  initial: SwapStationFormValues,
  values: SwapStationFormValues,
  version: number,
): SwapStationSave {
  const operationExtData = worksheetExtData(values.worksheetId);
  const changes: SwapStationBasicInfoSave = { version, ...changedFields(initial, values, BASIC_INFO_FIELDS) };
  if ('workLine' in changes) changes.workLineUpdateReason = values.workLineChangeReason?.trim() ?? null;
  if (changes.hasClone === true) {
    changes.cloneLongitude = values.cloneLongitude;
    changes.cloneLatitude = values.cloneLatitude;
  }
  if ('chargingPowerTotalMin' in changes || 'chargingPowerTotalMax' in changes) {
    changes.chargingPowerTotalMin = values.chargingPowerTotalMin;
    changes.chargingPowerTotalMax = values.chargingPowerTotalMax;
  }
  const operatorInfo = changedFields(initial, values, OPERATOR_INFO_FIELDS);
  return {
    basicInfo: Object.keys(changes).length === 1 ? null : { ...changes, operationExtData },
    operatorInfo: Object.keys(operatorInfo).length === 0 ? null : { ...operatorInfo, operationExtData },
  };
}

export interface SwapParkingFormValues {
  parkNo: string | null;
  parkInfo: string | null;
  parkFeeTag: string | null;
  parkFeeModify: boolean;
}

const PARKING_FIELDS = ['parkNo', 'parkInfo', 'parkFeeTag', 'parkFeeModify'] as const;

export const toSwapParkingForm = (info: SwapStationBasicInfo): SwapParkingFormValues => ({
  parkNo: info.parkNo,
  parkInfo: info.parkInfo,
  parkFeeTag: info.parkFeeTag,
  parkFeeModify: info.parkFeeModify,
});

export function toSwapParkingSave(
  initial: SwapParkingFormValues,
  values: SwapParkingFormValues,
  version: number,
): SwapParkingInfoSave | null {
  const changes = changedFields(initial, values, PARKING_FIELDS);
  return Object.keys(changes).length === 0 ? null : { ...changes, version };
}

export interface SwapQueueAdjustFormValues {
  swapQueueAdjust: number;
}

export function toSwapQueueAdjustSave(
  initial: SwapQueueAdjustFormValues,
  values: SwapQueueAdjustFormValues,
  version: number,
): SwapQueueAdjustSave | null {
  return initial.swapQueueAdjust === values.swapQueueAdjust
    ? null
    : { swapQueueAdjust: values.swapQueueAdjust, version };
}
