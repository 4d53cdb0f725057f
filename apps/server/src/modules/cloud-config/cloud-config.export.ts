import type { ReleaseSummary } from '@cmp/domain/cloud-config/cloud-config';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The release history screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'notificationId',
  'releaseTitle',
  'releaseComment',
  'releasedBy',
  'releasedAt',
  'itemCount',
  'rollbackOfReleaseId',
  'releaseId',
  'releaseKey',
  'namespaceName',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '配置发布历史',
    sheetName: '发布历史',
    headers: {
      notificationId: '发布序号',
      releaseTitle: '发布名称',
      releaseComment: '发布说明',
      releasedBy: '发布人',
      releasedAt: '发布时间',
      itemCount: '配置项数',
      rollbackOfReleaseId: '回滚至发布ID',
      releaseId: '发布ID',
      releaseKey: '发布Key',
      namespaceName: '命名空间',
    },
  },
  'en-US': {
    fileName: 'config-releases',
    sheetName: 'Releases',
    headers: {
      notificationId: 'Release no.',
      releaseTitle: 'Title',
      releaseComment: 'Comment',
      releasedBy: 'Released by',
      releasedAt: 'Released at',
      itemCount: 'Items',
      rollbackOfReleaseId: 'Rolled back to release ID',
      releaseId: 'Release ID',
      releaseKey: 'Release key',
      namespaceName: 'Namespace',
    },
  },
};

const CELLS: Record<Column, (r: ReleaseSummary, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  notificationId: (r) => r.notificationId,
  releaseTitle: (r) => r.releaseTitle,
  releaseComment: (r) => r.releaseComment,
  releasedBy: (r) => r.releasedBy,
  releasedAt: (r, _text, at) => wallClock(r.releasedAt, at.timeZone),
  itemCount: (r) => r.itemCount,
  rollbackOfReleaseId: (r) => r.rollbackOfReleaseId,
  releaseId: (r) => r.releaseId,
  releaseKey: (r) => r.releaseKey,
  namespaceName: (r) => r.namespaceName,
};

/** A namespace's release history as a file: what each release was, not its items. */
export const RELEASE_LIST_EXPORT = exportSheet<ReleaseSummary, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { releaseTitle: 30, releaseComment: 40, releasedAt: 20, releaseKey: 34 },
  cells: CELLS,
});
