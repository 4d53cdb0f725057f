import type { Poster, PosterResource } from '@cmp/domain/posters/poster-contracts';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The poster list screen's column keys in its order, then what only the file offers. */
const POSTER_COLUMNS = [
  'posterId',
  'posterName',
  'ruleId',
  'clientCode',
  'visible',
  'effective',
  'priority',
  'showTimeBegin',
  'showTimeEnd',
  'linkType',
  'resourceScope',
  'resourceCount',
  'activityName',
  'creator',
  'updateTime',
  'linkUrl',
  'regionInfo',
  'image',
] as const;
type PosterColumn = (typeof POSTER_COLUMNS)[number];

const POSTER_TEXT: Record<
  Locale,
  SheetTexts<PosterColumn> & { yes: string; no: string; everywhere: string }
> = {
  'zh-CN': {
    fileName: '海报列表',
    sheetName: '海报',
    yes: '是',
    no: '否',
    everywhere: '不限站点',
    headers: {
      posterId: '海报ID',
      posterName: '海报名称',
      ruleId: '触发规则',
      clientCode: '客户端',
      visible: '是否可见',
      effective: '当前生效',
      priority: '优先级',
      showTimeBegin: '展示开始时间',
      showTimeEnd: '展示结束时间',
      linkType: '跳转类型',
      resourceScope: '站点范围',
      resourceCount: '绑定站点数',
      activityName: '关联活动',
      creator: '创建人',
      updateTime: '更新时间',
      linkUrl: '跳转链接',
      regionInfo: '地区',
      image: '图片',
    },
  },
  'en-US': {
    fileName: 'posters',
    sheetName: 'Posters',
    yes: 'Yes',
    no: 'No',
    everywhere: 'Any station',
    headers: {
      posterId: 'Poster ID',
      posterName: 'Poster name',
      ruleId: 'Trigger rule',
      clientCode: 'Client',
      visible: 'Visible',
      effective: 'Showing now',
      priority: 'Priority',
      showTimeBegin: 'Shown from',
      showTimeEnd: 'Shown until',
      linkType: 'Link type',
      resourceScope: 'Stations',
      resourceCount: 'Bound stations',
      activityName: 'Activity',
      creator: 'Created by',
      updateTime: 'Updated',
      linkUrl: 'Link',
      regionInfo: 'Regions',
      image: 'Picture',
    },
  },
};

type PosterText = (typeof POSTER_TEXT)[Locale];
const yesNo = (value: boolean, text: PosterText) => (value ? text.yes : text.no);

const POSTER_CELLS: Record<PosterColumn, (p: Poster, text: PosterText, at: CellContext) => Cell> = {
  posterId: (p) => p.posterId,
  posterName: (p) => p.posterName,
  ruleId: (p, _text, at) => enumLabel(at.locale, 'posterTrigger', p.ruleId),
  clientCode: (p, _text, at) => enumLabel(at.locale, 'client', p.clientCode),
  visible: (p, text) => yesNo(p.visible, text),
  effective: (p, text) => yesNo(p.effective, text),
  priority: (p) => p.priority,
  showTimeBegin: (p, _text, at) => wallClock(p.showTimeBegin, at.timeZone),
  showTimeEnd: (p, _text, at) => wallClock(p.showTimeEnd, at.timeZone),
  linkType: (p, _text, at) => enumLabel(at.locale, 'posterLinkType', p.linkType),
  resourceScope: (p, text, at) =>
    p.configType === null
      ? text.everywhere
      : `${enumLabel(at.locale, 'operationListResourceType', p.configType)} / ${enumLabel(at.locale, 'posterResourceScope', p.resourceScope)}`,
  resourceCount: (p) => p.resourceCount,
  activityName: (p) => p.activityName,
  creator: (p) => p.creator,
  updateTime: (p, _text, at) => wallClock(p.updateTime, at.timeZone),
  linkUrl: (p) => p.linkUrl,
  regionInfo: (p) => p.regionInfo.join(','),
  image: (p) => p.image,
};

/** The poster list's export: its columns with their headers in both languages, by the screen's keys. */
export const POSTER_LIST_EXPORT = exportSheet<Poster, PosterColumn, PosterText>({
  columns: POSTER_COLUMNS,
  texts: POSTER_TEXT,
  widths: { posterName: 32, showTimeBegin: 20, showTimeEnd: 20, updateTime: 20, linkUrl: 40, image: 40 },
  cells: POSTER_CELLS,
});

const RESOURCE_COLUMNS = [
  'posterId',
  'posterName',
  'resourceId',
  'resourceName',
  'resourceType',
  'description',
  'address',
  'createTime',
] as const;
type ResourceColumn = (typeof RESOURCE_COLUMNS)[number];

const RESOURCE_TEXT: Record<Locale, SheetTexts<ResourceColumn>> = {
  'zh-CN': {
    fileName: '海报站点',
    sheetName: '海报站点',
    headers: {
      posterId: '海报ID',
      posterName: '海报名称',
      resourceId: '站点ID',
      resourceName: '站点名称',
      resourceType: '站点类型',
      description: '站点描述',
      address: '地址',
      createTime: '绑定时间',
    },
  },
  'en-US': {
    fileName: 'poster-stations',
    sheetName: 'Poster stations',
    headers: {
      posterId: 'Poster ID',
      posterName: 'Poster name',
      resourceId: 'Station ID',
      resourceName: 'Station name',
      resourceType: 'Station type',
      description: 'Description',
      address: 'Address',
      createTime: 'Bound',
    },
  },
};

const RESOURCE_CELLS: Record<
  ResourceColumn,
  (r: PosterResource, text: SheetTexts<ResourceColumn>, at: CellContext) => Cell
> = {
  posterId: (r) => r.posterId,
  posterName: (r) => r.posterName,
  resourceId: (r) => r.resourceId,
  resourceName: (r) => r.resourceName,
  resourceType: (r, _text, at) => enumLabel(at.locale, 'operationListResourceType', r.resourceType),
  description: (r) => r.description,
  address: (r) => r.address,
  createTime: (r, _text, at) => wallClock(r.createTime, at.timeZone),
};

/** The poster resource list's export. */
export const POSTER_RESOURCE_EXPORT = exportSheet<PosterResource, ResourceColumn, SheetTexts<ResourceColumn>>(
  {
    columns: RESOURCE_COLUMNS,
    texts: RESOURCE_TEXT,
    widths: { posterName: 32, resourceName: 32, address: 40, createTime: 20 },
    cells: RESOURCE_CELLS,
  },
);
