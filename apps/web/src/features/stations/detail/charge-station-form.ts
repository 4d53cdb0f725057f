import { BIZ_SCENE_NONE, bizSceneCodeForSave } from '@cmp/domain/stations/biz-scenes';
import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type {
  ChargeStationBasicInfo,
  ChargeStationBasicInfoSave,
} from '@cmp/domain/stations/charge-station-info';
import type { ConstructionType } from '@cmp/domain/stations/construction-types';
import type { FeePeriod } from '@cmp/domain/stations/fees';
import type { ResourceOperatorInfo, ResourceOperatorInfoSave } from '@cmp/domain/stations/operator-info';
import type { StationStatus } from '@cmp/domain/stations/station-status';
import { changedFields, worksheetExtData } from './form-changes';

/** The charge station's basic-info form: the station's own fields plus the operator info kept beside it. */
export interface ChargeStationFormValues {
  resourceName: string;
  status: StationStatus;
  description: string | null;
  address: string | null;
  regionId: string | null;
  longitude: number;
  latitude: number;
  serviceTel: string | null;
  guide: string | null;
  construction: ConstructionType | null;
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
  remark: string | null;
  pictureAppVisible: boolean;
  /** The worksheet the change is made for; kept with the change's record, not on the station. */
  worksheetId?: number | null;
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

const OPERATOR_INFO_FIELDS = ['remark', 'pictureAppVisible'] as const;

export function toChargeStationForm(
  info: ChargeStationBasicInfo,
  operatorInfo: ResourceOperatorInfo | undefined,
): ChargeStationFormValues {
  return {
    resourceName: info.resourceName,
    status: info.status,
    description: info.description,
    address: info.address,
    regionId: info.regionId,
    longitude: info.longitude,
    latitude: info.latitude,
    serviceTel: info.serviceTel,
    guide: info.guide,
    construction: info.construction,
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
    remark: operatorInfo?.remark ?? info.remark,
    pictureAppVisible: operatorInfo?.pictureAppVisible ?? false,
    worksheetId: null,
  };
}

export interface ChargeStationSave {
  /** Null when no basic-info field changed. */
  basicInfo: ChargeStationBasicInfoSave | null;
  /** Null when neither remark nor the pictures' app visibility changed. */
  operatorInfo: ResourceOperatorInfoSave | null;
}

/**
 * The two saves of the form: the station's changed fields with the version they were edited from, and the
 * operator info if it changed. Business scenes go out as codes, "none" as '' (the station service's empty).
 */
export function toChargeStationSave(
  initial: ChargeStationFormValues,
  values: ChargeStationFormValues,
  version: number,
): ChargeStationSave {
  const operationExtData = worksheetExtData(values.worksheetId);
  const { bizScenes, ...changes } = changedFields(initial, values, BASIC_INFO_FIELDS);
  const basicInfo: Omit<ChargeStationBasicInfoSave, 'version'> = {
    ...changes,
    ...(bizScenes === undefined ? {} : { bizScenes: bizScenes.map(bizSceneCodeForSave) }),
  };
  const operatorInfo = changedFields(initial, values, OPERATOR_INFO_FIELDS);
  return {
    basicInfo: Object.keys(basicInfo).length === 0 ? null : { ...basicInfo, version, operationExtData },
    operatorInfo: Object.keys(operatorInfo).length === 0 ? null : { ...operatorInfo, operationExtData },
  };
}
