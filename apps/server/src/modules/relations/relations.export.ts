import type { Relation } from '@cmp/domain/accounts/relation-contracts';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/** The relation list screen's column keys in its order, then what only the file offers. */
const COLUMNS = [
  'relationId',
  'station',
  'account',
  'mobile',
  'relationType',
  'state',
  'bindReason',
  'bindTime',
  'unbindReason',
  'unbindTime',
  'source',
  'accountId',
  'resourceId',
  'resourceType',
  'resourceOriginId',
  'udsUserId',
  'gender',
  'countryCode',
  'boundBy',
  'unboundBy',
] as const;
type Column = (typeof COLUMNS)[number];

const TEXT: Record<Locale, SheetTexts<Column>> = {
  'zh-CN': {
    fileName: '用户站点关系',
    sheetName: '用户站点关系',
    headers: {
      relationId: '关系ID',
      station: '站点',
      account: '用户',
      mobile: '手机号',
      relationType: '关系类型',
      state: '状态',
      bindReason: '绑定原因',
      bindTime: '绑定时间',
      unbindReason: '解绑原因',
      unbindTime: '解绑时间',
      source: '来源',
      accountId: '账号ID',
      resourceId: '站点ID',
      resourceType: '站点类型',
      resourceOriginId: '站点原始ID',
      udsUserId: 'UDS用户ID',
      gender: '性别',
      countryCode: '国家码',
      boundBy: '绑定人',
      unboundBy: '解绑人',
    },
  },
  'en-US': {
    fileName: 'relations',
    sheetName: 'Relations',
    headers: {
      relationId: 'Relation ID',
      station: 'Station',
      account: 'User',
      mobile: 'Mobile',
      relationType: 'Type',
      state: 'State',
      bindReason: 'Bind reason',
      bindTime: 'Bound',
      unbindReason: 'Unbind reason',
      unbindTime: 'Unbound',
      source: 'Source',
      accountId: 'Account ID',
      resourceId: 'Station ID',
      resourceType: 'Station type',
      resourceOriginId: 'Origin station ID',
      udsUserId: 'UDS user ID',
      gender: 'Gender',
      countryCode: 'Country code',
      boundBy: 'Bound by',
      unboundBy: 'Unbound by',
    },
  },
};

const WIDTHS: Partial<Record<Column, number>> = {
  station: 36,
  account: 24,
  bindReason: 36,
  unbindReason: 36,
  bindTime: 20,
  unbindTime: 20,
};

/** The account as a reader knows it: its name and nickname, or nothing when the portal lacks the account. */
export const accountLabel = (r: Pick<Relation, 'name' | 'nickname'>): string | null =>
  [r.name, r.nickname].filter(Boolean).join(' / ') || null;

const CELLS: Record<Column, (r: Relation, text: SheetTexts<Column>, at: CellContext) => Cell> = {
  relationId: (r) => r.relationId,
  station: (r) => `${r.resourceName} (${r.resourceId})`,
  account: (r) => accountLabel(r),
  mobile: (r) => r.mobile,
  relationType: (r, _text, at) => enumLabel(at.locale, 'relationType', r.relationType),
  state: (r, _text, at) => enumLabel(at.locale, 'relationState', r.state),
  bindReason: (r) => r.bindReason,
  bindTime: (r, _text, at) => wallClock(r.bindTime, at.timeZone),
  unbindReason: (r) => r.unbindReason,
  unbindTime: (r, _text, at) => wallClock(r.unbindTime, at.timeZone),
  source: (r, _text, at) => enumLabel(at.locale, 'relationSource', r.source),
  accountId: (r) => r.accountId,
  resourceId: (r) => r.resourceId,
  resourceType: (r, _text, at) => enumLabel(at.locale, 'operationListResourceType', r.resourceType),
  resourceOriginId: (r) => r.resourceOriginId,
  udsUserId: (r) => r.udsUserId,
  gender: (r, _text, at) => (r.gender ? enumLabel(at.locale, 'gender', r.gender) : null),
  countryCode: (r) => r.countryCode,
  boundBy: (r) => r.boundBy,
  unboundBy: (r) => r.unboundBy,
};

/** The relation list's export: its columns with their headers in both languages, by the screen's keys. */
export const RELATION_LIST_EXPORT = exportSheet<Relation, Column, SheetTexts<Column>>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
