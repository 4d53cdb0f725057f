import type { EquipmentOwner, Operator, SubOperator } from '@cmp/domain/stations/operators';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';
import type { Locale } from '@cmp/domain/messages/format';

interface YesNo {
  yes: string;
  no: string;
}
const YES_NO: Record<Locale, YesNo> = { 'zh-CN': { yes: '是', no: '否' }, 'en-US': { yes: 'Yes', no: 'No' } };

const OPERATOR_COLUMNS = [
  'operatorId',
  'operatorName',
  'operatorOrganizationCode',
  'equipmentOwnerId',
  'equipmentOwnerName',
  'controlledByNio',
  'isSharedPower',
] as const;
type OperatorColumn = (typeof OPERATOR_COLUMNS)[number];

const OPERATOR_CELLS: Record<OperatorColumn, (row: Operator, text: YesNo) => Cell> = {
  operatorId: (row) => row.operatorId,
  operatorName: (row) => row.operatorName,
  operatorOrganizationCode: (row) => row.operatorOrganizationCode,
  equipmentOwnerId: (row) => row.equipmentOwnerId,
  equipmentOwnerName: (row) => row.equipmentOwnerName,
  controlledByNio: (row, text) => (row.controlledByNio ? text.yes : text.no),
  isSharedPower: (row, text) => (row.isSharedPower ? text.yes : text.no),
};

/** The operators list's export, its headers as the screen titles its columns. */
export const OPERATOR_LIST_EXPORT = exportSheet<Operator, OperatorColumn, SheetTexts<OperatorColumn> & YesNo>(
  {
    columns: OPERATOR_COLUMNS,
    texts: {
      'zh-CN': {
        fileName: '运营商',
        sheetName: '运营商',
        headers: {
          operatorId: '运营商 ID',
          operatorName: '运营商名称',
          operatorOrganizationCode: '统一社会信用代码',
          equipmentOwnerId: '设备所有者 ID',
          equipmentOwnerName: '设备所有者',
          controlledByNio: '蔚来可控',
          isSharedPower: '共享电力',
        },
        ...YES_NO['zh-CN'],
      },
      'en-US': {
        fileName: 'operators',
        sheetName: 'Operators',
        headers: {
          operatorId: 'Operator ID',
          operatorName: 'Operator name',
          operatorOrganizationCode: 'Credit code',
          equipmentOwnerId: 'Equipment owner ID',
          equipmentOwnerName: 'Equipment owner',
          controlledByNio: 'Controlled by NIO',
          isSharedPower: 'Shared power',
        },
        ...YES_NO['en-US'],
      },
    },
    widths: { operatorId: 16, operatorName: 32, operatorOrganizationCode: 22, equipmentOwnerName: 32 },
    cells: OPERATOR_CELLS,
  },
);

const OWNER_COLUMNS = [
  'equipmentOwnerId',
  'equipmentOwnerName',
  'organizationCode',
  'operatorId',
  'operatorName',
] as const;
type OwnerColumn = (typeof OWNER_COLUMNS)[number];

export const EQUIPMENT_OWNER_LIST_EXPORT = exportSheet<EquipmentOwner, OwnerColumn, SheetTexts<OwnerColumn>>({
  columns: OWNER_COLUMNS,
  texts: {
    'zh-CN': {
      fileName: '设备所有者',
      sheetName: '设备所有者',
      headers: {
        equipmentOwnerId: '设备所有者 ID',
        equipmentOwnerName: '设备所有者名称',
        organizationCode: '统一社会信用代码',
        operatorId: '所属运营商 ID',
        operatorName: '所属运营商',
      },
    },
    'en-US': {
      fileName: 'equipment-owners',
      sheetName: 'Equipment owners',
      headers: {
        equipmentOwnerId: 'Equipment owner ID',
        equipmentOwnerName: 'Equipment owner name',
        organizationCode: 'Credit code',
        operatorId: 'Own operator ID',
        operatorName: 'Own operator',
      },
    },
  },
  widths: { equipmentOwnerName: 32, organizationCode: 22, operatorName: 32 },
  cells: {
    equipmentOwnerId: (row) => row.equipmentOwnerId,
    equipmentOwnerName: (row) => row.equipmentOwnerName,
    organizationCode: (row) => row.organizationCode,
    operatorId: (row) => row.operatorId,
    operatorName: (row) => row.operatorName,
  },
});

const SUB_OPERATOR_COLUMNS = [
  'subOperatorName',
  'subOperatorId',
  'organizationCode',
  'serviceTel',
  'syncedAt',
] as const;
type SubOperatorColumn = (typeof SUB_OPERATOR_COLUMNS)[number];

export const SUB_OPERATOR_LIST_EXPORT = exportSheet<
  SubOperator,
  SubOperatorColumn,
  SheetTexts<SubOperatorColumn>
>({
  columns: SUB_OPERATOR_COLUMNS,
  texts: {
    'zh-CN': {
      fileName: '子运营商',
      sheetName: '子运营商',
      headers: {
        subOperatorName: '子运营商名称',
        subOperatorId: '子运营商 ID',
        organizationCode: '统一社会信用代码',
        serviceTel: '服务电话',
        syncedAt: '同步时间',
      },
    },
    'en-US': {
      fileName: 'sub-operators',
      sheetName: 'Sub-operators',
      headers: {
        subOperatorName: 'Sub-operator name',
        subOperatorId: 'Sub-operator ID',
        organizationCode: 'Credit code',
        serviceTel: 'Service phone',
        syncedAt: 'Synced at',
      },
    },
  },
  widths: { subOperatorName: 32, organizationCode: 22, syncedAt: 20 },
  cells: {
    subOperatorName: (row) => row.subOperatorName,
    subOperatorId: (row) => row.subOperatorId,
    organizationCode: (row) => row.organizationCode,
    serviceTel: (row) => row.serviceTel,
    syncedAt: (row, _text, at: CellContext) => wallClock(row.syncedAt, at.timeZone),
  },
});
