import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type { ResourceOperatorInfo } from '@cmp/domain/stations/operator-info';
import type {
  SwapParkingInfoSave,
  SwapQueueAdjustSave,
  SwapStationBasicInfo,
  SwapStationBasicInfoSave,
} from '@cmp/domain/stations/swap-station-info';
import { changedFields } from '../../../components';
import { toStationForm, toStationSave, type StationFormValues, type StationSave } from './station-form';

export interface SwapStationFormValues extends StationFormValues {
  registrationCode: string | null;
  softwareVersion: string | null;
  hardwareVersion: string | null;
  firmwareVersion: string | null;
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
  'servedBearing',
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

export function toSwapStationForm(
  info: SwapStationBasicInfo,
  operatorInfo: ResourceOperatorInfo | undefined,
): SwapStationFormValues {
  return {
    ...toStationForm(info, operatorInfo),
    registrationCode: info.registrationCode,
    softwareVersion: info.softwareVersion,
    hardwareVersion: info.hardwareVersion,
    firmwareVersion: info.firmwareVersion,
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
  };
}

export type SwapStationSave = StationSave<SwapStationBasicInfoSave>;

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
  const changes: Omit<SwapStationBasicInfoSave, 'version'> = changedFields(
    initial,
    values,
    BASIC_INFO_FIELDS,
  );
  if ('workLine' in changes) changes.workLineUpdateReason = values.workLineChangeReason?.trim() ?? null;
  if (changes.hasClone === true) {
    changes.cloneLongitude = values.cloneLongitude;
    changes.cloneLatitude = values.cloneLatitude;
  }
  if ('chargingPowerTotalMin' in changes || 'chargingPowerTotalMax' in changes) {
    changes.chargingPowerTotalMin = values.chargingPowerTotalMin;
    changes.chargingPowerTotalMax = values.chargingPowerTotalMax;
  }
  return toStationSave(initial, values, changes, version);
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
