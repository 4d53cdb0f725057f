import type { CatalogueGroup } from '@cmp/domain/tags/tag-catalogue-editing';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The catalogue screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'tagGroupCode',
  'tagGroupName',
  'tagCategory',
  'tagProvider',
  'bizCode',
  'tagType',
  'range',
  'manualUpdateAllowed',
  'enable',
  'recommendation',
  'tagList',
  'tooltipText',
  'description',
  'relationGroupCode',
  'remark',
  'createTime',
] as const;
type Column = (typeof COLUMNS)[number];

interface Texts extends SheetTexts<Column> {
  yes: string;
  no: string;
}

const TEXT: Record<Locale, Texts> = {
  'zh-CN': {
    fileName: '资源标签',
    sheetName: '资源标签',
    yes: '是',
    no: '否',
    headers: {
      tagGroupCode: '标签组编码',
      tagGroupName: '标签组名称',
      tagCategory: '标签分类',
      tagProvider: '标签提供方',
      bizCode: '资源类型',
      tagType: '录入方式',
      range: '取值范围',
      manualUpdateAllowed: '允许人工修改',
      enable: '启用',
      recommendation: '推荐文案',
      tagList: '标签',
      tooltipText: '提示说明',
      description: '描述',
      relationGroupCode: '关联标签组',
      remark: '备注',
      createTime: '创建时间',
    },
  },
  'en-US': {
    fileName: 'resource-tags',
    sheetName: 'Resource tags',
    yes: 'Yes',
    no: 'No',
    headers: {
      tagGroupCode: 'Tag group code',
      tagGroupName: 'Tag group name',
      tagCategory: 'Category',
      tagProvider: 'Provider',
      bizCode: 'Resource type',
      tagType: 'Input',
      range: 'Range',
      manualUpdateAllowed: 'Manual update allowed',
      enable: 'Enabled',
      recommendation: 'Recommendation text',
      tagList: 'Tags',
      tooltipText: 'Tooltip',
      description: 'Description',
      relationGroupCode: 'Related group',
      remark: 'Remark',
      createTime: 'Created',
    },
  },
};

const yesNo = (value: boolean, text: Texts) => (value ? text.yes : text.no);

const CELLS: Record<Column, (row: CatalogueGroup, text: Texts, at: CellContext) => Cell> = {
  tagGroupCode: (r) => r.tagGroupCode,
  tagGroupName: (r) => r.tagGroupName,
  tagCategory: (r, _t, at) => enumLabel(at.locale, 'tagCategory', r.tagCategoryCode, r.tagCategoryName),
  tagProvider: (r, _t, at) => enumLabel(at.locale, 'tagProvider', r.tagProviderCode),
  bizCode: (r, _t, at) => enumLabel(at.locale, 'resourceType', r.bizCode),
  tagType: (r, _t, at) => enumLabel(at.locale, 'tagInputType', r.tagType),
  range: (r) =>
    r.min === null && r.max === null ? null : `${r.min ?? ''}~${r.max ?? ''}${r.unit ? ` ${r.unit}` : ''}`,
  manualUpdateAllowed: (r, text) => yesNo(r.manualUpdateAllowed, text),
  enable: (r, text) => yesNo(r.enable, text),
  recommendation: (r) => (r.recommendationTag ? r.recommendationText : null),
  tagList: (r) => r.tagList.map((tag) => `${tag.tagCode} ${tag.tagName}`).join('; ') || null,
  tooltipText: (r) => r.tooltipText,
  description: (r) => r.description,
  relationGroupCode: (r) => r.relationGroupCode,
  remark: (r) => r.remark,
  createTime: (r, _t, at) => wallClock(r.createTime, at.timeZone),
};

/** The catalogue's export: one row per group, its tags in one cell. */
export const TAG_CATALOGUE_EXPORT = exportSheet<CatalogueGroup, Column, Texts>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { tagGroupName: 20, tagList: 48, tooltipText: 40, createTime: 20 },
  cells: CELLS,
});
