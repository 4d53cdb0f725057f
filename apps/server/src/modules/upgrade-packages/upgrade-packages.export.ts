import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';
import type { UpgradePackageFields } from './upgrade-packages.service.js';

/** The upgrade package list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'upgradePackageId',
  'packageType',
  'version',
  'status',
  'action',
  'isPromotion',
  'editable',
  'fileName',
  'fileSize',
  'md5',
  'createTime',
  'updateTime',
  'releaseNote',
  'createdBy',
  'updatedBy',
] as const;
type Column = (typeof COLUMNS)[number];

interface Texts extends SheetTexts<Column> {
  yes: string;
  no: string;
}

const TEXT: Record<Locale, Texts> = {
  'zh-CN': {
    fileName: '升级包',
    sheetName: '升级包',
    yes: '是',
    no: '否',
    headers: {
      upgradePackageId: '升级包ID',
      packageType: '类型',
      version: '版本',
      status: '状态',
      action: '安装方式',
      isPromotion: '推广',
      editable: '可编辑',
      fileName: '文件名',
      fileSize: '文件大小(字节)',
      md5: 'MD5',
      createTime: '创建时间',
      updateTime: '更新时间',
      releaseNote: '发布说明',
      createdBy: '创建人',
      updatedBy: '更新人',
    },
  },
  'en-US': {
    fileName: 'upgrade-packages',
    sheetName: 'Upgrade packages',
    yes: 'Yes',
    no: 'No',
    headers: {
      upgradePackageId: 'Package ID',
      packageType: 'Type',
      version: 'Version',
      status: 'Status',
      action: 'Action',
      isPromotion: 'Promotion',
      editable: 'Editable',
      fileName: 'File name',
      fileSize: 'File size (bytes)',
      md5: 'MD5',
      createTime: 'Created',
      updateTime: 'Updated',
      releaseNote: 'Release note',
      createdBy: 'Created by',
      updatedBy: 'Updated by',
    },
  },
};

const CELLS: Record<Column, (p: UpgradePackageFields, text: Texts, at: CellContext) => Cell> = {
  upgradePackageId: (p) => p.upgradePackageId,
  packageType: (p, _text, at) => enumLabel(at.locale, 'upgradePackageType', p.packageType),
  version: (p) => p.version,
  status: (p, _text, at) => enumLabel(at.locale, 'upgradePackageStatus', p.status),
  action: (p, _text, at) => enumLabel(at.locale, 'upgradePackageAction', p.action),
  isPromotion: (p, text) => (p.isPromotion ? text.yes : text.no),
  editable: (p, text) => (p.editable ? text.yes : text.no),
  fileName: (p) => p.fileName,
  fileSize: (p) => p.fileSize,
  md5: (p) => p.md5,
  createTime: (p, _text, at) => wallClock(p.createTime, at.timeZone),
  updateTime: (p, _text, at) => wallClock(p.updateTime, at.timeZone),
  releaseNote: (p) => p.releaseNote,
  createdBy: (p) => p.createdBy,
  updatedBy: (p) => p.updatedBy,
};

/** The upgrade package list's export (no download links: they expire, a file outlives them). */
export const UPGRADE_PACKAGE_LIST_EXPORT = exportSheet<UpgradePackageFields, Column, Texts>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { version: 20, fileName: 32, md5: 34, createTime: 20, updateTime: 20, releaseNote: 40 },
  cells: CELLS,
});
