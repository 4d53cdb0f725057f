import { BIZ_SCENE_NONE, bizSceneCodeForSave } from '@cmp/domain/stations/biz-scenes';
import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type {
  ChargeStationBasicInfo,
  ChargeStationBasicInfoSave,
} from '@cmp/domain/stations/charge-station-info';
import type { FeePeriod } from '@cmp/domain/stations/fees';
import type { ResourceOperatorInfo } from '@cmp/domain/stations/operator-info';
import type { StationStatus } from '@cmp/domain/stations/station-status';
import { changedFields } from '../../../components';
import { toStationForm, toStationSave, type StationFormValues, type StationSave } from './station-form';

/** The charge station's basic-info form: the station's own fields plus the operator info kept beside it. */
export interface ChargeStationFormValues extends StationFormValues {
  status: StationStatus;
  serviceTel: string | null;
  parkFeeModify: boolean;
  parkFeeTag: string | null;
  parkFeeOrigin: string | null;
  payment: string | null;
  matchCars: string | null;
  parkNumbers: number | null;
  parkInfo: string | null;
  supportPowerNorth: boolean;
  /** Scene codes; a station without scenes shows the select's "none" ({@link BIZ_SCENE_NONE}). */
  bizScenes: number[];
  businessHours: OpeningHours;
  electricityFee: FeePeriod[];
  serviceFee: FeePeriod[];
}

const BASIC_INFO_FIELDS = [
  'resourceName',
  'status',
  'description',
  'address',
  'regionId',
  'longitude',
  'latitude',
  'serviceTel',
  'guide',
  'construction',
  'servedBearing',
  'parkFeeModify',
  'parkFeeTag',
  'parkFeeOrigin',
  'payment',
  'matchCars',
  'parkNumbers',
  'parkInfo',
  'supportPowerNorth',
  'bizScenes',
  'businessHours',
  'electricityFee',
  'serviceFee',
] as const satisfies readonly (keyof ChargeStationFormValues & keyof ChargeStationBasicInfoSave)[];

export function toChargeStationForm(
  info: ChargeStationBasicInfo,
  operatorInfo: ResourceOperatorInfo | undefined,
): ChargeStationFormValues {
  return {
    ...toStationForm(info, operatorInfo),
    status: info.status,
    serviceTel: info.serviceTel,
    parkFeeModify: info.parkFeeModify,
    parkFeeTag: info.parkFeeTag,
    parkFeeOrigin: info.parkFeeOrigin,
    payment: info.payment,
    matchCars: info.matchCars,
    parkNumbers: info.parkNumbers,
    parkInfo: info.parkInfo,
    supportPowerNorth: info.supportPowerNorth,
    bizScenes: info.bizScenes.length === 0 ? [BIZ_SCENE_NONE] : info.bizScenes.map((scene) => scene.code),
    businessHours: info.businessHours,
    electricityFee: info.electricityFee,
    serviceFee: info.serviceFee,
  };
}

export type ChargeStationSave = StationSave<ChargeStationBasicInfoSave>;

/**
 * The two saves of the form: the station's changed fields with the version they were edited from, and the
 * operator info if it changed. Business scenes go out as codes, "none" as '' (the station service's empty).
 */
export function toChargeStationSave(
  initial: ChargeStationFormValues,
  values: ChargeStationFormValues,
  version: number,
): ChargeStationSave {
  const { bizScenes, ...changes } = changedFields(initial, values, BASIC_INFO_FIELDS);
  const basicInfo: Omit<ChargeStationBasicInfoSave, 'version'> = {
    ...changes,
    ...(bizScenes === undefined ? {} : { bizScenes: bizScenes.map(bizSceneCodeForSave) }),
  };
  return toStationSave(initial, values, basicInfo, version);
}
