import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import type { ShareTemplate } from '@cmp/domain/share-templates/share-templates';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The share template list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'shareTempletId',
  'shareType',
  'shareInfoId',
  'shareTitle',
  'description',
  'landingPage',
  'pictures',
  'updater',
  'updatedAt',
  'creator',
  'createdAt',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '分享模板',
    sheetName: '分享模板',
    headers: {
      shareTempletId: '模板ID',
      shareType: '分享类型',
      shareInfoId: '分享信息ID',
      shareTitle: '分享标题',
      description: '分享描述',
      landingPage: '落地页',
      pictures: '分享图片数',
      updater: '更新人',
      updatedAt: '更新时间',
      creator: '创建人',
      createdAt: '创建时间',
    },
  },
  'en-US': {
    fileName: 'share-templates',
    sheetName: 'Share templates',
    headers: {
      shareTempletId: 'Template ID',
      shareType: 'Share type',
      shareInfoId: 'Share info ID',
      shareTitle: 'Share title',
      description: 'Description',
      landingPage: 'Landing page',
      pictures: 'Share pictures',
      updater: 'Updated by',
      updatedAt: 'Updated',
      creator: 'Created by',
      createdAt: 'Created',
    },
  },
};

const CELLS: Record<Column, (t: ShareTemplate, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  shareTempletId: (t) => t.shareTempletId,
  shareType: (t, _text, at) => enumLabel(at.locale, 'shareType', t.shareType),
  shareInfoId: (t) => t.shareInfoId,
  shareTitle: (t) => t.shareTitle,
  description: (t) => t.description,
  landingPage: (t) => t.landingPage,
  pictures: (t) => t.sharePic.length,
  updater: (t) => t.updater,
  updatedAt: (t, _text, at) => wallClock(t.updatedAt, at.timeZone),
  creator: (t) => t.creator,
  createdAt: (t, _text, at) => wallClock(t.createdAt, at.timeZone),
};

export const SHARE_TEMPLATE_LIST_EXPORT = exportSheet<ShareTemplate, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { shareTitle: 32, description: 40, landingPage: 48, updatedAt: 20, createdAt: 20 },
  cells: CELLS,
});
