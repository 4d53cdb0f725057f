import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import type { ReportedStation } from '@cmp/domain/stations/reported-stations';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The reported station list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'connectorId',
  'stationName',
  'operator',
  'subOperator',
  'equipmentOwner',
  'source',
  'area',
  'address',
  'stationStatus',
  'dcEquipmentNumber',
  'acEquipmentNumber',
  'createdAt',
  'updatedAt',
  'stationId',
  'serviceTel',
  'longitude',
  'latitude',
  'dcPower',
  'acPower',
  'creator',
  'updater',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '运营商上报站点',
    sheetName: '运营商上报站点',
    headers: {
      connectorId: '充电枪ID',
      stationName: '站点名称',
      operator: '运营商',
      subOperator: '子运营商',
      equipmentOwner: '设备所属方',
      source: '来源',
      area: '区域',
      address: '地址',
      stationStatus: '站点状态',
      dcEquipmentNumber: '直流桩数',
      acEquipmentNumber: '交流桩数',
      createdAt: '创建时间',
      updatedAt: '更新时间',
      stationId: '站点ID',
      serviceTel: '服务电话',
      longitude: '经度',
      latitude: '纬度',
      dcPower: '直流功率(kW)',
      acPower: '交流功率(kW)',
      creator: '创建人',
      updater: '更新人',
    },
  },
  'en-US': {
    // The names readers knew before the code said "reported station" (docs/decisions.md "One name: reported
    // stations").
    fileName: 'operator-stations',
    sheetName: 'Operator stations',
    headers: {
      connectorId: 'Connector ID',
      stationName: 'Station name',
      operator: 'Operator',
      subOperator: 'Sub-operator',
      equipmentOwner: 'Equipment owner',
      source: 'Source',
      area: 'Area',
      address: 'Address',
      stationStatus: 'Station status',
      dcEquipmentNumber: 'DC chargers',
      acEquipmentNumber: 'AC chargers',
      createdAt: 'Created',
      updatedAt: 'Updated',
      stationId: 'Station ID',
      serviceTel: 'Service phone',
      longitude: 'Longitude',
      latitude: 'Latitude',
      dcPower: 'DC power (kW)',
      acPower: 'AC power (kW)',
      creator: 'Created by',
      updater: 'Updated by',
    },
  },
};

const WIDTHS: Partial<Record<Column, number>> = {
  connectorId: 24,
  stationName: 32,
  operator: 24,
  subOperator: 24,
  equipmentOwner: 24,
  area: 28,
  address: 40,
  createdAt: 20,
  updatedAt: 20,
};

/** A party as a reader knows it: its name, or its id when the portal no longer has it. */
const party = (name: string | null, id: string | null): Cell => name ?? id;

const CELLS: Record<Column, (s: ReportedStation, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  connectorId: (s) => s.connectorId,
  stationName: (s) => s.stationName,
  operator: (s) => party(s.operatorName, s.operatorId),
  subOperator: (s) => party(s.subOperatorName, s.subOperatorId),
  equipmentOwner: (s) => party(s.equipmentOwnerName, s.equipmentOwnerId),
  source: (s, _text, at) => enumLabel(at.locale, 'reportedStationSource', s.source),
  area: (s) => s.areaName ?? s.areaCode,
  address: (s) => s.address,
  stationStatus: (s, _text, at) => enumLabel(at.locale, 'stationStatus', s.stationStatus),
  dcEquipmentNumber: (s) => s.dcEquipmentNumber,
  acEquipmentNumber: (s) => s.acEquipmentNumber,
  createdAt: (s, _text, at) => wallClock(s.createdAt, at.timeZone),
  updatedAt: (s, _text, at) => wallClock(s.updatedAt, at.timeZone),
  stationId: (s) => s.stationId,
  serviceTel: (s) => s.serviceTel,
  longitude: (s) => s.longitude,
  latitude: (s) => s.latitude,
  dcPower: (s) => s.dcPower,
  acPower: (s) => s.acPower,
  creator: (s) => s.creator,
  updater: (s) => s.updater,
};

/** The reported station list's export: its columns with their headers in both languages, by the screen's keys. */
export const REPORTED_STATION_LIST_EXPORT = exportSheet<ReportedStation, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
