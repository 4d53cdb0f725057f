import {
  DEFAULT_ELECTRICITY_SEL,
  type ReportedStationEquipment,
  type ReportedStation,
  type ReportedStationCreate,
  type ReportedStationUpdate,
} from '@cmp/domain/stations/reported-stations';

/** A charger row as the editor holds it: numbers stay empty until typed. */
export interface EquipmentRow {
  equipmentId?: string;
  equipmentType: ReportedStationEquipment['equipmentType'];
  power?: number | null;
  connectorCount?: number | null;
}

/** The editor's values: the request's fields, any of them possibly emptied by the user. */
export type ReportedStationFormValues = Omit<
  { [K in keyof ReportedStationCreate]?: ReportedStationCreate[K] | null },
  'equipments' | 'pictures'
> & {
  equipments?: EquipmentRow[];
  pictures?: string[];
};

/** Numbers the server sets to 0 when none is sent (spec C3.11.2): an emptied field is not sent. */
const DEFAULTED_NUMBERS = [
  'dcPower',
  'dcCurrent',
  'dcEquipmentNumber',
  'acPower',
  'acCurrent',
  'acEquipmentNumber',
] as const;

/** What a new station starts with: the contract's defaults. */
export const NEW_STATION_VALUES: ReportedStationFormValues = {
  source: 'staff',
  countryCode: 'CN',
  stationStatus: 50,
  supportOrder: false,
  electricitySel: DEFAULT_ELECTRICITY_SEL,
  equipments: [],
  pictures: [],
};

/** The station as the editor shows it. */
export function toFormValues(station: ReportedStation | undefined): ReportedStationFormValues {
  if (!station) return NEW_STATION_VALUES;
  const {
    operatorName: _operatorName,
    subOperatorName: _subOperatorName,
    equipmentOwnerName: _equipmentOwnerName,
    areaName: _areaName,
    creator: _creator,
    createdAt: _createdAt,
    updater: _updater,
    updatedAt: _updatedAt,
    reviewUser: _reviewUser,
    reviewTime: _reviewTime,
    rejectReason: _rejectReason,
    version: _version,
    ...fields
  } = station;
  return fields;
}

/** `POST /reported-stations`: the values with emptied defaulted numbers and blank picture rows left out. */
export function toCreateBody(values: ReportedStationFormValues): ReportedStationCreate {
  const body: Record<string, unknown> = { ...values };
  for (const key of DEFAULTED_NUMBERS) if (body[key] === null) delete body[key];
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  body.pictures = (values.pictures ?? []).map((link) => link.trim()).filter((link) => link !== '');
  body.equipments = values.equipments ?? [];
  return body as ReportedStationCreate;
}

/** `PUT /reported-stations/:connectorId`: every field again (not the key) with the version it was read at. */
export function toUpdateBody(values: ReportedStationFormValues, version: number): ReportedStationUpdate {
  const { connectorId: _key, ...fields } = toCreateBody(values);
  return { ...fields, version };
}
