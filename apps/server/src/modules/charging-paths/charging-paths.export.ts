import type { ChargingPathListItem } from '@cmp/domain/charging-paths/charging-path-contracts';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The path list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'pathId',
  'searchTime',
  'user',
  'mobile',
  'origPoi',
  'destPoi',
  'status',
  'commentaryRating',
  'tag',
  'distance',
  'duration',
  'vehicleModel',
  'ratedRange',
  'currentRange',
  'userAccountId',
  'vehicleId',
  'tenantName',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '充电路径列表',
    sheetName: '充电路径列表',
    headers: {
      pathId: '路径ID',
      searchTime: '规划时间',
      user: '用户',
      mobile: '手机号',
      origPoi: '起点',
      destPoi: '终点',
      tag: '方案',
      distance: '里程(公里)',
      duration: '时长(分钟)',
      status: '状态',
      commentaryRating: '评分',
      vehicleModel: '车型',
      ratedRange: '额定续航(公里)',
      currentRange: '当前续航(公里)',
      userAccountId: '账号ID',
      vehicleId: '车辆ID',
      tenantName: '租户',
    },
  },
  'en-US': {
    fileName: 'charging-paths',
    sheetName: 'Charging paths',
    headers: {
      pathId: 'Path ID',
      searchTime: 'Planned at',
      user: 'User',
      mobile: 'Mobile',
      origPoi: 'Origin',
      destPoi: 'Destination',
      tag: 'Plan',
      distance: 'Distance (km)',
      duration: 'Duration (min)',
      status: 'Status',
      commentaryRating: 'Rating',
      vehicleModel: 'Vehicle model',
      ratedRange: 'Rated range (km)',
      currentRange: 'Current range (km)',
      userAccountId: 'Account ID',
      vehicleId: 'Vehicle ID',
      tenantName: 'Tenant',
    },
  },
};

const WIDTHS: Partial<Record<Column, number>> = { searchTime: 20, user: 24, origPoi: 28, destPoi: 28 };

/** Kilometres with one decimal, as the screen shows them. */
const km = (metres: number): number => Math.round(metres / 100) / 10;

const CELLS: Record<
  Column,
  (p: ChargingPathListItem, text: SheetTexts<Column>, at: { locale: Locale; timeZone: string }) => Cell
> = {
  pathId: (p) => p.pathId,
  searchTime: (p, _text, at) => wallClock(p.searchTime, at.timeZone),
  user: (p) => [p.name, p.nickname].filter(Boolean).join(' / ') || null,
  mobile: (p) => p.mobile,
  origPoi: (p) => p.orig_poi.name,
  destPoi: (p) => p.dest_poi.name,
  tag: (p, _text, at) => enumLabel(at.locale, 'planTag', p.tag),
  distance: (p) => km(p.distance),
  duration: (p) => Math.round(p.duration / 60),
  status: (p, _text, at) => enumLabel(at.locale, 'chargingPathStatus', p.status),
  commentaryRating: (p) => p.commentaryRating,
  vehicleModel: (p) => p.vehicleModel,
  ratedRange: (p) => p.ratedRange,
  currentRange: (p) => p.currentRange,
  userAccountId: (p) => p.userAccountId,
  vehicleId: (p) => p.vehicleId,
  tenantName: (p) => p.tenantName,
};

/** The path list's export: its columns with their headers in both languages, by the screen's keys. */
export const CHARGING_PATH_LIST_EXPORT = exportSheet<ChargingPathListItem, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
