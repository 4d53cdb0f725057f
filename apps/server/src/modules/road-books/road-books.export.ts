import { formatMessage, type Locale } from '@cmp/domain/messages/format';
import { PLANNING_RESOURCE_TYPE_LABELS } from '@cmp/domain/road-books/planning-resource-types';
import type { RoadBookDetail } from '@cmp/domain/road-books/road-book';
import { ROUTE_TACTIC_LABELS } from '@cmp/domain/road-books/route-tactics';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/**
 * The road-book list screen's column keys (`RoadBookListPage`), in its order, then what only the file
 * offers (regions, waypoints, stops, ranges, update time), which an export without `columns` includes.
 */
const COLUMNS = [
  'roadBookId',
  'trip',
  'roadLength',
  'resourceTypes',
  'resourcePointNumber',
  'tactics',
  'creator',
  'createTime',
  'onlineState',
  'startRegion',
  'endRegion',
  'waypoints',
  'waypointResourceSeq',
  'ranges',
  'updateTime',
] as const;
type Column = (typeof COLUMNS)[number];

interface SheetText extends SheetTexts<Column> {
  /** The language of the domain's labels (route tactics, planning resource types). */
  locale: Locale;
  untitled: (roadBookId: number) => string;
  waypointN: (n: number) => string;
  routeDeleted: string;
  online: string;
  offline: string;
  listSeparator: string;
}

const TEXT: Record<Locale, SheetText> = {
  'zh-CN': {
    fileName: '路书列表',
    sheetName: '路书列表',
    headers: {
      roadBookId: '路书名称',
      trip: '起点 → 终点',
      roadLength: '路线里程',
      resourceTypes: '补能类型',
      resourcePointNumber: '停靠站',
      tactics: '路线策略',
      creator: '创建人',
      createTime: '创建时间',
      onlineState: '分享状态',
      startRegion: '起点地区',
      endRegion: '终点地区',
      waypoints: '途经点',
      waypointResourceSeq: '停靠站编号',
      ranges: '续航（当前/最大）',
      updateTime: '更新时间',
    },
    locale: 'zh-CN',
    untitled: (id) => `路书 ${id}`,
    waypointN: (n) => `途经点 ${n}`,
    routeDeleted: '路线已删除',
    online: '已分享',
    offline: '未分享',
    listSeparator: '、',
  },
  'en-US': {
    fileName: 'road-books',
    sheetName: 'Road books',
    headers: {
      roadBookId: 'Name',
      trip: 'Origin → destination',
      roadLength: 'Route length',
      resourceTypes: 'Energy types',
      resourcePointNumber: 'Stops',
      tactics: 'Route tactic',
      creator: 'Created by',
      createTime: 'Created',
      onlineState: 'Sharing',
      startRegion: 'Origin region',
      endRegion: 'Destination region',
      waypoints: 'Waypoints',
      waypointResourceSeq: 'Stop stations',
      ranges: 'Range (current/max)',
      updateTime: 'Updated',
    },
    locale: 'en-US',
    untitled: (id) => `Road book ${id}`,
    waypointN: (n) => `Waypoint ${n}`,
    routeDeleted: 'Route deleted',
    online: 'Shared',
    offline: 'Not shared',
    listSeparator: ', ',
  },
};

const WIDTHS: Partial<Record<Column, number>> = {
  roadBookId: 32,
  trip: 48,
  roadLength: 14,
  resourceTypes: 24,
  tactics: 14,
  createTime: 20,
  startRegion: 28,
  endRegion: 28,
  waypoints: 40,
  waypointResourceSeq: 32,
  ranges: 18,
  updateTime: 20,
};

/** Metres as kilometres with one decimal, as the screen shows a route's length. */
const km = (metres: number) => `${(metres / 1000).toFixed(1)} km`;

const CELLS: Record<Column, (roadBook: RoadBookDetail, text: SheetText, at: CellContext) => Cell> = {
  // The screen shows the name over the number; one cell keeps both, as the screen's one column does.
  roadBookId: (r, text) => `${r.name ?? text.untitled(r.roadBookId)} (#${r.roadBookId})`,
  trip: (r) => `${r.startAddress ?? '-'} → ${r.endAddress ?? '-'}`,
  roadLength: (r, text) =>
    r.state === 0 ? text.routeDeleted : r.roadLength === null ? null : km(r.roadLength),
  resourceTypes: (r, text) =>
    r.planningResourceTypes
      .map((type) => formatMessage(text.locale, { key: PLANNING_RESOURCE_TYPE_LABELS[type] }))
      .join(text.listSeparator),
  resourcePointNumber: (r) => r.resourcePointNumber,
  tactics: (r, text) => formatMessage(text.locale, { key: ROUTE_TACTIC_LABELS[r.tactics] }),
  creator: (r) => r.creator,
  createTime: (r, _text, at) => wallClock(r.createTime, at.timeZone),
  onlineState: (r, text) => (r.onlineState === 1 ? text.online : text.offline),
  startRegion: (r) => r.startRegion,
  endRegion: (r) => r.endRegion,
  waypoints: (r, text) =>
    r.waypoints.map((waypoint, i) => waypoint.name ?? text.waypointN(i + 1)).join(' → ') || null,
  waypointResourceSeq: (r, text) =>
    r.waypointResourceSeq.map((stop) => stop.resourceId).join(text.listSeparator) || null,
  ranges: (r) => `${r.currentRange}/${r.maxRange} km`,
  updateTime: (r, _text, at) => wallClock(r.updateTime, at.timeZone),
};

/** The road-book list's export: its columns with their headers in both languages, by the screen's keys. */
export const ROAD_BOOK_LIST_EXPORT = exportSheet<RoadBookDetail, Column, SheetText>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
