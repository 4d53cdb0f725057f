import { TENANT_LABELS, type StaffUser } from '@cmp/domain';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

/**
 * The staff list screen's column keys (`StaffListPage`), in its order, then what only the file offers.
 * Nothing secret is a column: the rows an export reads hold no password hash or credentials version.
 */
const COLUMNS = [
  'userName',
  'displayName',
  'roles',
  'mail',
  'mobilePhoneNumber',
  'disabled',
  'lastSignInAt',
  'createdAt',
  'outerUserId',
] as const;
type Column = (typeof COLUMNS)[number];

interface SheetText extends SheetTexts<Column> {
  systemAdmin: string;
  rolesElsewhere: string;
  enabled: string;
  disabled: string;
}

const TEXT: Record<Locale, SheetText> = {
  'zh-CN': {
    fileName: '员工列表',
    sheetName: '员工列表',
    headers: {
      userName: '用户名',
      displayName: '姓名',
      roles: '角色',
      mail: '邮箱',
      mobilePhoneNumber: '手机号',
      disabled: '状态',
      lastSignInAt: '最近登录',
      createdAt: '创建时间',
      outerUserId: '外部用户 ID',
    },
    systemAdmin: '系统管理员',
    rolesElsewhere: '其他区域',
    enabled: '启用',
    disabled: '停用',
  },
  'en-US': {
    fileName: 'staff',
    sheetName: 'Staff',
    headers: {
      userName: 'User name',
      displayName: 'Name',
      roles: 'Roles',
      mail: 'Email',
      mobilePhoneNumber: 'Mobile phone',
      disabled: 'Status',
      lastSignInAt: 'Last sign-in',
      createdAt: 'Created',
      outerUserId: 'External user ID',
    },
    systemAdmin: 'System administrator',
    rolesElsewhere: 'Other areas',
    enabled: 'Enabled',
    disabled: 'Disabled',
  },
};

const WIDTHS: Partial<Record<Column, number>> = {
  userName: 20,
  displayName: 20,
  roles: 40,
  mail: 28,
  mobilePhoneNumber: 16,
  lastSignInAt: 20,
  createdAt: 20,
};

/**
 * The roles as the screen's tags read: the system administrator first, each role within the admin's
 * scope as `NIO · 管理员`, and a mark when the account also works in tenants the admin does not administer.
 */
function rolesCell(user: StaffUser, text: SheetText, at: CellContext): string {
  return [
    ...(user.systemAdmin ? [text.systemAdmin] : []),
    ...user.roles.map(
      ({ tenant, role }) => `${TENANT_LABELS[tenant]} · ${enumLabel(at.locale, 'staffRole', role)}`,
    ),
    ...(user.rolesElsewhere ? [text.rolesElsewhere] : []),
  ].join(', ');
}

const CELLS: Record<Column, (user: StaffUser, text: SheetText, at: CellContext) => Cell> = {
  userName: (user) => user.userName,
  displayName: (user) => user.displayName,
  roles: rolesCell,
  mail: (user) => user.mail,
  mobilePhoneNumber: (user) => user.mobilePhoneNumber,
  disabled: (user, text) => (user.disabled ? text.disabled : text.enabled),
  lastSignInAt: (user, _text, at) => wallClock(user.lastSignInAt, at.timeZone),
  createdAt: (user, _text, at) => wallClock(user.createdAt, at.timeZone),
  outerUserId: (user) => user.outerUserId,
};

/** The staff list's export: its columns with their headers in both languages, by the screen's keys. */
export const STAFF_LIST_EXPORT = exportSheet<StaffUser, Column, SheetText>({
  columns: COLUMNS,
  texts: TEXT,
  widths: WIDTHS,
  cells: CELLS,
});
