import type { ConstructionType } from '@cmp/domain/stations/construction-types';
import type { ResourceOperatorInfo, ResourceOperatorInfoSave } from '@cmp/domain/stations/operator-info';
import { changedFields } from '../../../components';

/** The station itself and its operator info (kept beside it): the fields both detail forms have. */
export interface StationFormValues {
  resourceName: string;
  description: string | null;
  regionId: string | null;
  address: string | null;
  longitude: number;
  latitude: number;
  construction: ConstructionType | null;
  /** The direction of travel a service area serves (degrees); null: either way. */
  servedBearing: number | null;
  guide: string | null;
  remark: string | null;
  pictureAppVisible: boolean;
  /** The worksheet the change is made for; kept with the change's record, not on the station. */
  worksheetId?: number | null;
}

type SharedStationInfo = Pick<
  StationFormValues,
  | 'resourceName'
  | 'description'
  | 'regionId'
  | 'address'
  | 'longitude'
  | 'latitude'
  | 'construction'
  | 'servedBearing'
  | 'guide'
  | 'remark'
>;

export function toStationForm(
  info: SharedStationInfo,
  operatorInfo: ResourceOperatorInfo | undefined,
): StationFormValues {
  return {
    resourceName: info.resourceName,
    description: info.description,
    regionId: info.regionId,
    address: info.address,
    longitude: info.longitude,
    latitude: info.latitude,
    construction: info.construction,
    servedBearing: info.servedBearing,
    guide: info.guide,
    remark: operatorInfo?.remark ?? info.remark,
    pictureAppVisible: operatorInfo?.pictureAppVisible ?? false,
    worksheetId: null,
  };
}

/** The change's worksheet, if the user named one, in the form the operation record keeps. */
export const worksheetExtData = (worksheetId: number | null | undefined) =>
  worksheetId == null ? undefined : { worksheet_id: worksheetId };

const OPERATOR_INFO_FIELDS = ['remark', 'pictureAppVisible'] as const;

export interface StationSave<B> {
  /** Null when no basic-info field changed. */
  basicInfo: B | null;
  /** Null when neither remark nor the pictures' app visibility changed. */
  operatorInfo: ResourceOperatorInfoSave | null;
}

/**
 * The two saves of a detail form: the station's changes (with the version they were edited from, when
 * there are any) and the operator info if it changed, each naming the worksheet the change is made for.
 */
export function toStationSave<V extends StationFormValues, B extends object>(
  initial: V,
  values: V,
  basicInfo: B,
  version: number,
): StationSave<B & { version: number }> {
  const operationExtData = worksheetExtData(values.worksheetId);
  const operatorInfo = changedFields(initial, values, OPERATOR_INFO_FIELDS);
  return {
    basicInfo: Object.keys(basicInfo).length === 0 ? null : { ...basicInfo, version, operationExtData },
    operatorInfo: Object.keys(operatorInfo).length === 0 ? null : { ...operatorInfo, operationExtData },
  };
}
