import type { PushBatch } from '@cmp/domain/push-messages/push-messages';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The push batch list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'batchId',
  'title',
  'targetClients',
  'status',
  'recipients',
  'pushAt',
  'createdAt',
  'content',
  'landingPage',
  'ratePerSecond',
  'creator',
  'updater',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '推送批次',
    sheetName: '推送批次',
    headers: {
      batchId: '批次ID',
      title: '标题',
      targetClients: '目标客户端',
      status: '状态',
      recipients: '接收人数',
      pushAt: '定时推送时间',
      createdAt: '创建时间',
      content: '内容',
      landingPage: '落地页',
      ratePerSecond: '每秒推送数',
      creator: '创建人',
      updater: '更新人',
    },
  },
  'en-US': {
    fileName: 'push-batches',
    sheetName: 'Push batches',
    headers: {
      batchId: 'Batch ID',
      title: 'Title',
      targetClients: 'Target clients',
      status: 'Status',
      recipients: 'Recipients',
      pushAt: 'Scheduled for',
      createdAt: 'Created',
      content: 'Content',
      landingPage: 'Landing page',
      ratePerSecond: 'Messages per second',
      creator: 'Created by',
      updater: 'Updated by',
    },
  },
};

const CELLS: Record<Column, (b: PushBatch, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  batchId: (b) => b.batchId,
  title: (b) => b.title,
  targetClients: (b, _text, at) => b.targetClients.map((c) => enumLabel(at.locale, 'client', c)).join(', '),
  status: (b, _text, at) => enumLabel(at.locale, 'pushBatchStatus', b.status),
  recipients: (b) => b.recipients,
  pushAt: (b, _text, at) => (b.pushAt === null ? null : wallClock(b.pushAt, at.timeZone)),
  createdAt: (b, _text, at) => wallClock(b.createdAt, at.timeZone),
  content: (b) => b.content,
  landingPage: (b) => b.landingPage,
  ratePerSecond: (b) => b.ratePerSecond,
  creator: (b) => b.creator,
  updater: (b) => b.updater,
};

export const PUSH_BATCH_LIST_EXPORT = exportSheet<PushBatch, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { title: 28, targetClients: 28, content: 40, landingPage: 32, pushAt: 20, createdAt: 20 },
  cells: CELLS,
});
