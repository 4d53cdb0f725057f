import type { PersonalCarItem } from '@cmp/domain/accounts/car-contracts';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The personal car list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'plateNumber',
  'vehicleId',
  'owner',
  'userId',
  'model',
  'color',
  'ratedCapacityInKwh',
  'ratedRange',
  'bindingStatus',
  'support',
  'updateTime',
  'brand',
  'modelSeries',
  'modelId',
  'ratedCapacityInAh',
  'createTime',
] as const;
type Column = (typeof COLUMNS)[number];
type SheetText = SheetTexts<Column> & { support: { swap: string; mobile: string } };

const TEXT: Record<Locale, SheetText> = {
  'zh-CN': {
    fileName: '个人车辆',
    sheetName: '个人车辆',
    headers: {
      plateNumber: '车牌号',
      vehicleId: '车辆ID',
      owner: '车主',
      userId: '账号ID',
      model: '车型',
      color: '颜色',
      ratedCapacityInKwh: '额定容量（kWh）',
      ratedRange: '额定续航（km）',
      bindingStatus: '绑定状态',
      support: '补能支持',
      updateTime: '更新时间',
      brand: '品牌',
      modelSeries: '车系',
      modelId: '车型ID',
      ratedCapacityInAh: '额定容量（Ah）',
      createTime: '绑定时间',
    },
    support: { swap: '换电', mobile: '移动补能' },
  },
  'en-US': {
    fileName: 'personal-cars',
    sheetName: 'Personal cars',
    headers: {
      plateNumber: 'Plate',
      vehicleId: 'Vehicle ID',
      owner: 'Owner',
      userId: 'Account ID',
      model: 'Model',
      color: 'Colour',
      ratedCapacityInKwh: 'Rated capacity (kWh)',
      ratedRange: 'Rated range (km)',
      bindingStatus: 'Binding',
      support: 'Supports',
      updateTime: 'Updated',
      brand: 'Brand',
      modelSeries: 'Series',
      modelId: 'Model ID',
      ratedCapacityInAh: 'Rated capacity (Ah)',
      createTime: 'Bound',
    },
    support: { swap: 'Battery swap', mobile: 'Mobile charging' },
  },
};

const CELLS: Record<Column, (c: PersonalCarItem, text: SheetText, at: CellContext) => Cell> = {
  plateNumber: (c) => c.plateNumber,
  vehicleId: (c) => c.vehicleId,
  owner: (c) => [c.ownerName, c.ownerNickName].filter(Boolean).join(' / ') || null,
  userId: (c) => c.userId,
  model: (c) => c.model,
  color: (c) => c.color,
  ratedCapacityInKwh: (c) => c.ratedCapacityInKwh,
  ratedRange: (c) => c.ratedRange,
  bindingStatus: (c, _text, at) => enumLabel(at.locale, 'bindingStatus', c.bindingStatus),
  support: (c, text) =>
    [c.isPsSupported && text.support.swap, c.isPmSupported && text.support.mobile]
      .filter(Boolean)
      .join(', ') || null,
  updateTime: (c, _text, at) => wallClock(c.updateTime, at.timeZone),
  brand: (c) => c.brand,
  modelSeries: (c) => c.modelSeries,
  modelId: (c) => c.modelId,
  ratedCapacityInAh: (c) => c.ratedCapacityInAh,
  createTime: (c, _text, at) => wallClock(c.createTime, at.timeZone),
};

/** The personal car list's export: its columns with their headers in both languages. */
export const PERSONAL_CAR_LIST_EXPORT = exportSheet<PersonalCarItem, Column, SheetText>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { plateNumber: 14, vehicleId: 22, owner: 24, updateTime: 20, createTime: 20 },
  cells: CELLS,
});
