import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import type { RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';

/** The remote operation list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'remoteOperationLogId',
  'resourceId',
  'chargePointId',
  'connectorNo',
  'operationType',
  'operatorType',
  'operator',
  'status',
  'reason',
  'progress',
  'percentage',
  'chargeSessionId',
  'createAt',
  'updateAt',
  'command',
  'commandId',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '远程操作记录',
    sheetName: '远程操作记录',
    headers: {
      remoteOperationLogId: '操作ID',
      resourceId: '资源ID',
      chargePointId: '充电桩编号',
      connectorNo: '枪号',
      operationType: '操作类型',
      operatorType: '操作人类型',
      operator: '操作人',
      status: '状态',
      reason: '原因',
      progress: '进度',
      percentage: '百分比',
      chargeSessionId: '充电会话ID',
      createAt: '创建时间',
      updateAt: '更新时间',
      command: '指令',
      commandId: '指令ID',
    },
  },
  'en-US': {
    fileName: 'remote-operations',
    sheetName: 'Remote operations',
    headers: {
      remoteOperationLogId: 'Operation ID',
      resourceId: 'Resource ID',
      chargePointId: 'Charge point',
      connectorNo: 'Connector',
      operationType: 'Operation',
      operatorType: 'Operator type',
      operator: 'Operator',
      status: 'Status',
      reason: 'Reason',
      progress: 'Progress',
      percentage: 'Percentage',
      chargeSessionId: 'Charge session',
      createAt: 'Created',
      updateAt: 'Updated',
      command: 'Command',
      commandId: 'Command ID',
    },
  },
};

/** A reason code the catalogue knows reads as its label; a charger's own error text as it came. */
const reasonOf = (log: RemoteOperationLog, locale: Locale): string | null =>
  log.reason === null ? null : enumLabel(locale, 'remoteOperationReason', log.reason, log.reason);

/** The remote operation list's export: its columns with their headers in both languages. */
export const REMOTE_OPERATION_LIST_EXPORT = exportSheet<RemoteOperationLog, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: { chargePointId: 24, operationType: 20, reason: 32, createAt: 20, updateAt: 20, commandId: 38 },
  cells: {
    remoteOperationLogId: (l) => l.remoteOperationLogId,
    resourceId: (l) => l.resourceId,
    chargePointId: (l) => l.chargePointId,
    connectorNo: (l) => l.connectorNo,
    operationType: (l, _text, at) => enumLabel(at.locale, 'remoteOperationType', l.operationType),
    operatorType: (l, _text, at) => enumLabel(at.locale, 'remoteOperatorType', l.operatorType),
    operator: (l) => l.operator,
    status: (l, _text, at) => enumLabel(at.locale, 'remoteOperationStatus', l.status),
    reason: (l, _text, at) => reasonOf(l, at.locale),
    progress: (l) => l.progress,
    percentage: (l) => l.percentage,
    chargeSessionId: (l) => l.chargeSessionId,
    createAt: (l, _text, at) => wallClock(l.createAt, at.timeZone),
    updateAt: (l, _text, at) => wallClock(l.updateAt, at.timeZone),
    command: (l) => l.command,
    commandId: (l) => l.commandId,
  },
});
