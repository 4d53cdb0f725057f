import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import {
  columnValues,
  endedJob,
  jobFile,
  rowValues,
  sheetOf,
  sheetOfBytes,
} from '../../test/export-files.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { staffUserRoles, staffUsers } from './staff.tables.js';

describe('staff administration', () => {
  let sut: TestContext;
  let admin: string;
  beforeEach(async () => {
    sut = await createTestContext();
    await sut.createUser({
      userName: 'boss',
      roles: [
        { tenant: 'nio', role: 'admin' },
        { tenant: 'pe', role: 'admin' },
      ],
    });
    admin = await sut.signIn('boss');
  });
  afterEach(() => sut.app.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = admin) =>
    sut.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  describe('list', () => {
    beforeEach(async () => {
      // The system administrator sees every account; tenant scoping has its own tests below.
      await sut.database.db.execute(sql`update staff_users set system_admin = true where user_name = 'boss'`);
      for (let i = 1; i <= 25; i++) {
        await sut.createUser({
          userName: `op${String(i).padStart(2, '0')}`,
          roles: [{ tenant: i % 2 ? 'nio' : 'rsc', role: 'operator' }],
          disabled: i === 3,
        });
      }
    });

    it('should page with pageNo and pageSize and answer the total', async () => {
      const response = await call('GET', '/api/admin/users?pageNo=2&pageSize=10&sort=userName:asc');

      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.total).toBe(26);
      expect(page.items.map((u: { userName: string }) => u.userName)).toEqual([
        'op10',
        'op11',
        'op12',
        'op13',
        'op14',
        'op15',
        'op16',
        'op17',
        'op18',
        'op19',
      ]);
    });

    it('should default to page 1 of 20 and answer the total past the last page', async () => {
      expect((await call('GET', '/api/admin/users')).json().items).toHaveLength(20);
      expect((await call('GET', '/api/admin/users?pageNo=9')).json()).toEqual({ items: [], total: 26 });
    });

    it('should allow pages of up to 1000 and refuse larger ones', async () => {
      expect((await call('GET', '/api/admin/users?pageSize=1000')).json().items).toHaveLength(26);

      const tooLarge = await call('GET', '/api/admin/users?pageSize=1001');
      expect(tooLarge.statusCode).toBe(400);
      expect(errorOf(tooLarge).details).toEqual([
        {
          path: 'querystring.pageSize',
          message: '输入数字不能超过1000',
          key: 'form.maxNumber',
          params: { max: 1000 },
        },
      ]);
    });

    it('should sort descending and refuse a column outside the whitelist', async () => {
      const sorted = await call('GET', '/api/admin/users?sort=userName:desc&pageSize=2');
      expect(sorted.json().items.map((u: { userName: string }) => u.userName)).toEqual(['op25', 'op24']);

      const refused = await call('GET', '/api/admin/users?sort=passwordHash:asc');
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toMatchObject({
        code: 'validation_failed',
        details: [
          {
            path: 'sort',
            message: 'cannot sort by "passwordHash"; sortable columns: userName, createdAt, lastSignInAt',
          },
        ],
      });
    });

    it('should filter by role, alone or within a tenant', async () => {
      expect((await call('GET', '/api/admin/users?role=admin')).json().total).toBe(1);
      expect((await call('GET', '/api/admin/users?role=operator&tenant=rsc')).json().total).toBe(12);
      expect((await call('GET', '/api/admin/users?role=viewer')).json().total).toBe(0);
    });

    it('should filter by creation and last sign-in time, both ends included', async () => {
      const db = sut.database.db;
      await db.execute(
        sql`update staff_users set created_at = '2026-01-10T08:00:00Z' where user_name in ('op01', 'op02')`,
      );
      await db.execute(
        sql`update staff_users set last_sign_in_at = '2026-02-01T00:00:00Z' where user_name = 'op05'`,
      );
      const jan10 = Date.parse('2026-01-10T00:00:00Z');

      const created = await call(
        'GET',
        `/api/admin/users?createdAtBegin=${jan10}&createdAtEnd=${jan10 + 86_399_999}`,
      );
      expect(created.json().items.map((u: { userName: string }) => u.userName)).toEqual(['op01', 'op02']);
      const exact = Date.parse('2026-02-01T00:00:00Z');
      const signedIn = await call(
        'GET',
        `/api/admin/users?lastSignInAtBegin=${exact}&lastSignInAtEnd=${exact}`,
      );
      expect(signedIn.json().items.map((u: { userName: string }) => u.userName)).toEqual(['op05']);
    });

    it('should filter by keyword, tenant and disabled flag', async () => {
      expect((await call('GET', '/api/admin/users?keyword=op2')).json().total).toBe(6);
      expect((await call('GET', '/api/admin/users?tenant=rsc')).json().total).toBe(12);
      const disabled = (await call('GET', '/api/admin/users?disabled=true')).json();
      expect(disabled.items.map((u: { userName: string }) => u.userName)).toEqual(['op03']);
    });
  });

  it('should create a user with a generated password that must be changed at first sign-in', async () => {
    const response = await call('POST', '/api/admin/users', {
      userName: 'wang.fang',
      displayName: '王芳',
      mail: 'wang.fang@example.com',
      mobilePhoneNumber: '13800000000',
      roles: [{ tenant: 'nio', role: 'operator' }],
    });

    expect(response.statusCode).toBe(201);
    const { user, initialPassword } = response.json();
    expect(user).toMatchObject({
      userName: 'wang.fang',
      displayName: '王芳',
      mail: 'wang.fang@example.com',
      mobilePhoneNumber: '13800000000',
      tenants: ['nio'],
      mustChangePassword: true,
      disabled: false,
      lastSignInAt: null,
    });
    expect(initialPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const signIn = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: 'wang.fang', password: initialPassword },
    });
    expect(signIn.json()).toMatchObject({ mustChangePassword: true });
    const [audit] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'staff_user'), eq(auditRecords.action, 'CREATE')));
    expect(audit).toMatchObject({ actorUserName: 'boss', entityId: String(user.userId), result: 'success' });
    expect(audit!.after).toMatchObject({ userName: 'wang.fang' });
    expect(JSON.stringify(audit)).not.toContain('passwordHash');
  });

  it('should refuse a taken user name with 409 and invalid fields with 400 details', async () => {
    const duplicate = await call('POST', '/api/admin/users', {
      userName: 'boss',
      displayName: 'x',
      roles: [{ tenant: 'nio', role: 'viewer' }],
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate)).toEqual({ code: 'conflict', message: 'user name "boss" is taken' });

    const invalid = await call('POST', '/api/admin/users', {
      userName: 'has space',
      displayName: '',
      mail: 'not-a-mail',
      password: 'short',
      roles: [{ tenant: 'xyz', role: 'admin' }],
    });
    expect(invalid.statusCode).toBe(400);
    expect((errorOf(invalid).details as { path: string }[]).map((d) => d.path).sort()).toEqual([
      'body.displayName',
      'body.mail',
      'body.password',
      'body.roles.0.tenant',
      'body.userName',
    ]);
  });

  it('should refuse a mobile number that is not one and an account with no role, with 400 details', async () => {
    const response = await call('POST', '/api/admin/users', {
      userName: 'no.role',
      displayName: 'No role',
      mobilePhoneNumber: 'abc',
      roles: [],
    });
    expect(response.statusCode).toBe(400);
    expect((errorOf(response).details as { path: string }[]).map((d) => d.path).sort()).toEqual([
      'body.mobilePhoneNumber',
      'body.roles',
    ]);
    expect(await sut.database.db.select().from(staffUsers).where(eq(staffUsers.userName, 'no.role'))).toEqual(
      [],
    );

    const id = await sut.createUser({ userName: 'li.lei', roles: [{ tenant: 'nio', role: 'viewer' }] });
    const update = await call('PATCH', `/api/admin/users/${id}`, { mobilePhoneNumber: '138-0000 0000' });
    expect(update.statusCode).toBe(400);
    const fine = await call('PATCH', `/api/admin/users/${id}`, { mobilePhoneNumber: '+8613800000000' });
    expect(fine.statusCode).toBe(200);
  });

  it('should refuse to grant a role in a tenant the admin does not administer', async () => {
    const response = await call('POST', '/api/admin/users', {
      userName: 'rsc.op',
      displayName: 'RSC operator',
      roles: [{ tenant: 'rsc', role: 'operator' }],
    });

    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'forbidden', message: 'you cannot change roles in rsc' });
  });

  it('should update profile and roles and audit before and after', async () => {
    const id = await sut.createUser({ userName: 'li.lei', roles: [{ tenant: 'nio', role: 'viewer' }] });

    const response = await call('PATCH', `/api/admin/users/${id}`, {
      displayName: '李雷',
      roles: [
        { tenant: 'nio', role: 'operator' },
        { tenant: 'pe', role: 'viewer' },
      ],
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: '李雷', tenants: ['nio', 'pe'] });
    const [audit] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'UPDATE'));
    expect(audit!.before).toMatchObject({
      displayName: 'li.lei',
      roles: [{ tenant: 'nio', role: 'viewer' }],
    });
    expect(audit!.after).toMatchObject({
      displayName: '李雷',
      roles: [
        { tenant: 'nio', role: 'operator' },
        { tenant: 'pe', role: 'viewer' },
      ],
    });
  });

  it('should not let an admin manage an account that also works in a tenant it does not administer', async () => {
    const id = await sut.createUser({
      userName: 'shared',
      roles: [
        { tenant: 'nio', role: 'viewer' },
        { tenant: 'rsc', role: 'viewer' },
      ],
    });

    for (const response of [
      await call('PATCH', `/api/admin/users/${id}`, { displayName: 'renamed' }),
      await call('POST', `/api/admin/users/${id}/disable`),
      await call('POST', `/api/admin/users/${id}/reset-password`, {}),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe('this account also works in rsc, which you do not administer');
    }
  });

  it('should disable and enable an account, and refuse to disable oneself', async () => {
    const id = await sut.createUser({ userName: 'li.lei', roles: [{ tenant: 'pe', role: 'viewer' }] });

    expect((await call('POST', `/api/admin/users/${id}/disable`)).json()).toMatchObject({ disabled: true });
    expect((await call('GET', `/api/admin/users/${id}`)).json()).toMatchObject({ disabled: true });
    expect((await call('POST', `/api/admin/users/${id}/enable`)).json()).toMatchObject({ disabled: false });

    const me = (await call('GET', '/api/auth/me')).json();
    const self = await call('POST', `/api/admin/users/${me.userId}/disable`);
    expect(self.statusCode).toBe(422);
    expect(errorOf(self).code).toBe('cannot_disable_self');
  });

  it('should reset a password to a generated one and require a change at next sign-in', async () => {
    const id = await sut.createUser({ userName: 'li.lei', roles: [{ tenant: 'pe', role: 'viewer' }] });
    const old = await sut.signIn('li.lei');

    const response = await call('POST', `/api/admin/users/${id}/reset-password`, {});

    expect(response.statusCode).toBe(200);
    const { password } = response.json();
    expect(password).toHaveLength(16);
    expect(
      (await sut.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: old } })).statusCode,
    ).toBe(401);
    const signIn = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: 'li.lei', password },
    });
    expect(signIn.json()).toMatchObject({ mustChangePassword: true });
  });

  it('should answer 404 for an unknown user', async () => {
    const response = await call('GET', '/api/admin/users/99999');

    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'not_found', message: 'staff user 99999 not found' });
  });

  it('should refuse staff administration to operators and viewers', async () => {
    await sut.createUser({ userName: 'op', roles: [{ tenant: 'nio', role: 'operator' }] });
    const cookie = await sut.signIn('op');

    const response = await call('GET', '/api/admin/users', undefined, cookie);

    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('forbidden');
  });

  describe('across tenants', () => {
    const ids: Record<string, number> = {};
    const cookies: Record<string, string> = {};
    beforeEach(async () => {
      ids.nioOp = await sut.createUser({ userName: 'nio.op', roles: [{ tenant: 'nio', role: 'operator' }] });
      ids.peOp = await sut.createUser({ userName: 'pe.op', roles: [{ tenant: 'pe', role: 'operator' }] });
      ids.shared = await sut.createUser({
        userName: 'shared',
        roles: [
          { tenant: 'nio', role: 'viewer' },
          { tenant: 'pe', role: 'viewer' },
        ],
      });
      ids.roleless = await sut.createUser({ userName: 'roleless' });
      cookies.root = await sut.systemAdmin('root');
      ids.root = (await call('GET', '/api/auth/me', undefined, cookies.root)).json().userId;
      cookies.nioAdmin = await sut.userWith('admin', 'nio', 'nio.admin');
      cookies.peAdmin = await sut.userWith('admin', 'pe', 'pe.admin');
    });

    const userNames = async (cookie: string) =>
      (await call('GET', '/api/admin/users?pageSize=100&sort=userName:asc', undefined, cookie))
        .json()
        .items.map((u: { userName: string }) => u.userName);

    it('should list to a tenant admin only staff with a role in its tenants, and only those roles', async () => {
      expect(await userNames(cookies.nioAdmin!)).toEqual(['boss', 'nio.admin', 'nio.op', 'root', 'shared']);
      expect(await userNames(cookies.peAdmin!)).toEqual(['boss', 'pe.admin', 'pe.op', 'root', 'shared']);
      expect(await userNames(cookies.root!)).toEqual([
        'boss',
        'nio.admin',
        'nio.op',
        'pe.admin',
        'pe.op',
        'roleless',
        'root',
        'shared',
      ]);
      const shared = (
        await call('GET', `/api/admin/users/${ids.shared}`, undefined, cookies.nioAdmin)
      ).json();
      expect(shared).toMatchObject({ roles: [{ tenant: 'nio', role: 'viewer' }], rolesElsewhere: true });
      const whole = (await call('GET', `/api/admin/users/${ids.shared}`, undefined, cookies.root)).json();
      expect(whole).toMatchObject({ tenants: ['nio', 'pe'], rolesElsewhere: false });
      expect(
        (await call('GET', '/api/admin/users?tenant=pe', undefined, cookies.nioAdmin)).json().items,
      ).toEqual(expect.not.arrayContaining([expect.objectContaining({ userName: 'pe.op' })]));
    });

    // [acting admin, target, expected status] for reading, renaming, disabling and resetting the password.
    const MATRIX: [string, string, number][] = [
      ['nioAdmin', 'nioOp', 200],
      ['nioAdmin', 'peOp', 404],
      ['nioAdmin', 'roleless', 404],
      ['nioAdmin', 'shared', 403],
      ['nioAdmin', 'root', 403],
      ['peAdmin', 'nioOp', 404],
      ['peAdmin', 'peOp', 200],
      ['peAdmin', 'shared', 403],
      ['root', 'nioOp', 200],
      ['root', 'peOp', 200],
      ['root', 'shared', 200],
      ['root', 'roleless', 200],
    ];

    it.each(MATRIX)('should let %s manage %s with %i', async (actor, target, status) => {
      const cookie = cookies[actor]!;
      const id = ids[target]!;
      const read = await call('GET', `/api/admin/users/${id}`, undefined, cookie);
      expect(read.statusCode).toBe(status === 404 ? 404 : 200);

      const answers = [
        await call('PATCH', `/api/admin/users/${id}`, { displayName: `renamed by ${actor}` }, cookie),
        await call('POST', `/api/admin/users/${id}/reset-password`, {}, cookie),
        await call('POST', `/api/admin/users/${id}/disable`, undefined, cookie),
      ];

      expect(answers.map((a) => a.statusCode)).toEqual([status, status, status]);
      const stored = (await call('GET', `/api/admin/users/${id}`, undefined, cookies.root)).json();
      expect(stored.disabled).toBe(status === 200);
      expect(stored.displayName === `renamed by ${actor}`).toBe(status === 200);
    });

    it("should let a tenant admin change a shared account's roles in its tenants, keeping the others", async () => {
      const response = await call(
        'PATCH',
        `/api/admin/users/${ids.shared}`,
        { displayName: 'shared', roles: [{ tenant: 'nio', role: 'operator' }] },
        cookies.nioAdmin,
      );

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        roles: [{ tenant: 'nio', role: 'operator' }],
        rolesElsewhere: true,
      });
      const whole = (await call('GET', `/api/admin/users/${ids.shared}`, undefined, cookies.root)).json();
      expect(whole.roles).toEqual([
        { tenant: 'nio', role: 'operator' },
        { tenant: 'pe', role: 'viewer' },
      ]);
      const outside = await call(
        'PATCH',
        `/api/admin/users/${ids.shared}`,
        { roles: [{ tenant: 'pe', role: 'viewer' }] },
        cookies.nioAdmin,
      );
      expect(outside.statusCode).toBe(403);
    });

    it('should make a tenant admin give every account it creates or edits a role in its tenants', async () => {
      const create = (roles: object[], cookie = cookies.nioAdmin) =>
        call(
          'POST',
          '/api/admin/users',
          { userName: `new${roles.length}`, displayName: 'New', roles },
          cookie,
        );

      // No account is created without a role, by anyone: the request itself is refused.
      const roleless = await create([]);
      expect(roleless.statusCode).toBe(400);
      expect((await create([], cookies.root)).statusCode).toBe(400);
      expect((await create([{ tenant: 'pe', role: 'viewer' }])).statusCode).toBe(403);
      const lastRole = await call('PATCH', `/api/admin/users/${ids.nioOp}`, { roles: [] }, cookies.nioAdmin);
      expect(lastRole.statusCode).toBe(422);
    });

    it("should count only the roles in the admin's tenants, and leave the system administrator's to it", async () => {
      // The shared account keeps its PE role whatever the NIO admin sends, so that is not the role it needs.
      const stripped = await call('PATCH', `/api/admin/users/${ids.shared}`, { roles: [] }, cookies.nioAdmin);
      expect(stripped.statusCode).toBe(422);
      expect(errorOf(stripped).code).toBe('staff_role_required');
      const root = await call('PATCH', `/api/admin/users/${ids.root}`, { roles: [] }, cookies.nioAdmin);
      expect(root.statusCode).toBe(403);
      const demoted = await call(
        'PATCH',
        `/api/admin/users/${ids.root}`,
        { roles: [{ tenant: 'nio', role: 'viewer' }] },
        cookies.nioAdmin,
      );
      expect(demoted.statusCode).toBe(403);
      const rolesOf = async (id: number) =>
        (await call('GET', `/api/admin/users/${id}`, undefined, cookies.root)).json().roles;
      expect(await rolesOf(ids.shared!)).toEqual([
        { tenant: 'nio', role: 'viewer' },
        { tenant: 'pe', role: 'viewer' },
      ]);
      expect((await rolesOf(ids.root!)).filter((r: { tenant: string }) => r.tenant === 'nio')).toEqual([
        { tenant: 'nio', role: 'admin' },
      ]);
    });
  });
});

describe('GET /api/admin/users/export', () => {
  let sut: TestContext;
  const cookies: Record<string, string> = {};
  /**
   * root (system administrator), nio.admin, nio.op, pe.op, shared (viewer in nio and pe), roleless and
   * gone (disabled, rsc); in user-name order: gone, nio.admin, nio.op, pe.op, roleless, root, shared.
   */
  async function insertStaff() {
    cookies.root = await sut.systemAdmin('root');
    cookies.nioAdmin = await sut.userWith('admin', 'nio', 'nio.admin');
    await sut.createUser({ userName: 'nio.op', roles: [{ tenant: 'nio', role: 'operator' }] });
    await sut.createUser({ userName: 'pe.op', roles: [{ tenant: 'pe', role: 'operator' }] });
    await sut.createUser({
      userName: 'shared',
      roles: [
        { tenant: 'nio', role: 'viewer' },
        { tenant: 'pe', role: 'viewer' },
      ],
    });
    await sut.createUser({ userName: 'roleless' });
    await sut.createUser({ userName: 'gone', roles: [{ tenant: 'rsc', role: 'operator' }], disabled: true });
    await sut.database.db.execute(sql`update staff_users set display_name = 'NIO Operator',
      mail = 'nio.op@example.com', mobile_phone_number = '13800000001', outer_user_id = 'E-1',
      created_at = '2026-01-10T08:00:00Z', last_sign_in_at = '2026-02-01T00:00:00.5Z'
      where user_name = 'nio.op'`);
  }
  beforeEach(async () => {
    sut = await createTestContext();
    await insertStaff();
  });
  afterEach(() => sut.app.close());

  const exportOf = (query: string, cookie: string, headers: Record<string, string> = {}) =>
    sut.app.inject({
      method: 'GET',
      url: `/api/admin/users/export?${query}`,
      headers: { cookie, ...headers },
    });
  const listed = async (query: string, cookie: string) =>
    (await sut.app.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: { cookie } }))
      .json()
      .items.map((u: { userName: string }) => u.userName);
  const userNamesIn = (sheet: ExcelJS.Worksheet) => columnValues(sheet, 1);

  it('should stream the listed staff as a workbook with Chinese headers, role labels and local times', async () => {
    const response = await exportOf('', cookies.root!);
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="staff-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(`员工列表-${day}.xlsx`)}`,
    );
    const sheet = await sheetOf(response);
    expect(sheet.name).toBe('员工列表');
    expect(rowValues(sheet, 1)).toEqual([
      '用户名',
      '姓名',
      '角色',
      '邮箱',
      '手机号',
      '状态',
      '最近登录',
      '创建时间',
      '外部用户 ID',
    ]);
    expect(userNamesIn(sheet)).toEqual(await listed('pageSize=100', cookies.root!));
    expect(userNamesIn(sheet)).toEqual([
      'gone',
      'nio.admin',
      'nio.op',
      'pe.op',
      'roleless',
      'root',
      'shared',
    ]);
    expect(rowValues(sheet, 2).slice(0, 6)).toEqual([
      'gone',
      'gone',
      'RSC · 运营',
      undefined,
      undefined,
      '停用',
    ]);
    expect(rowValues(sheet, 4)).toEqual([
      'nio.op',
      'NIO Operator',
      'NIO · 运营',
      'nio.op@example.com',
      '13800000001',
      '启用',
      // Wall-clock time in UTC+08:00.
      '2026-02-01 08:00:00',
      '2026-01-10 16:00:00',
      'E-1',
    ]);
    expect(rowValues(sheet, 6).slice(0, 3)).toEqual(['roleless', 'roleless', undefined]);
    expect(rowValues(sheet, 7)[2]).toBe('系统管理员, NIO · 管理员, PE · 管理员, RSC · 管理员');
  });

  it('should write English headers and labels when the caller prefers English', async () => {
    const sheet = await sheetOf(
      await exportOf('keyword=shared', cookies.root!, { 'accept-language': 'en-US,en;q=0.9' }),
    );
    expect(sheet.name).toBe('Staff');
    expect(rowValues(sheet, 1)).toEqual([
      'User name',
      'Name',
      'Roles',
      'Email',
      'Mobile phone',
      'Status',
      'Last sign-in',
      'Created',
      'External user ID',
    ]);
    expect(sheet.rowCount).toBe(2);
    expect(rowValues(sheet, 2).slice(0, 6)).toEqual([
      'shared',
      'shared',
      'NIO · Viewer, PE · Viewer',
      undefined,
      undefined,
      'Enabled',
    ]);
  });

  it('should export to a tenant admin exactly the staff and roles of its list, never a secret', async () => {
    for (const query of [
      '',
      'tenant=pe',
      'role=operator',
      'disabled=false&sort=lastSignInAt:desc',
      'keyword=o',
    ]) {
      const sheet = await sheetOf(await exportOf(query, cookies.nioAdmin!));
      expect(userNamesIn(sheet), query).toEqual(await listed(`${query}&pageSize=100`, cookies.nioAdmin!));
    }
    const all = await sheetOf(await exportOf('columns=userName,roles', cookies.nioAdmin!));
    expect(
      all
        .getSheetValues()
        .slice(2)
        .map((row) => (row as ExcelJS.CellValue[]).slice(1)),
    ).toEqual([
      ['nio.admin', 'NIO · 管理员'],
      ['nio.op', 'NIO · 运营'],
      ['root', '系统管理员, NIO · 管理员, 其他区域'],
      ['shared', 'NIO · 只读, 其他区域'],
    ]);

    const csv = await exportOf('format=csv', cookies.root!);
    expect(csv.statusCode).toBe(200);
    const hashes = await sut.database.db.select({ hash: staffUsers.passwordHash }).from(staffUsers);
    expect(hashes.length).toBeGreaterThan(0);
    for (const { hash } of hashes) expect(csv.body).not.toContain(hash);
  });

  it('should read every account once, in the list order, across batches that split ties and nulls', async () => {
    // 1,500 more accounts in nio: two thirds never signed in, so that a batch ends among the nulls in
    // either direction; the others signed in at five distinct instants.
    const db = sut.database.db;
    const base = Date.UTC(2026, 0, 1);
    const added = await db
      .insert(staffUsers)
      .values(
        Array.from({ length: 1500 }, (_, i) => ({
          userName: `bulk${String(i).padStart(4, '0')}`,
          displayName: 'bulk',
          passwordHash: 'not-a-hash',
          createdAt: new Date(base + (i % 7) * 1000),
          lastSignInAt: i % 3 === 0 ? new Date(base + (i % 5) * 1000) : null,
        })),
      )
      .returning({ id: staffUsers.id });
    await db
      .insert(staffUserRoles)
      .values(added.map(({ id }) => ({ userId: id, tenant: 'nio', role: 'viewer' })));
    const listedAll = async (query: string) => [
      ...(await listed(`${query}&pageSize=1000&pageNo=1`, cookies.nioAdmin!)),
      ...(await listed(`${query}&pageSize=1000&pageNo=2`, cookies.nioAdmin!)),
    ];
    for (const sort of ['', 'createdAt:asc', 'lastSignInAt:asc', 'lastSignInAt:desc']) {
      const sheet = await sheetOf(await exportOf(`sort=${sort}&columns=userName`, cookies.nioAdmin!));
      const expected = await listedAll(`sort=${sort}`);
      expect(expected).toHaveLength(1504);
      expect(new Set(expected).size).toBe(1504);
      expect(userNamesIn(sheet), sort).toEqual(expected);
    }
  });

  it('should write only the given columns, in their order, and CSV when asked', async () => {
    const sheet = await sheetOf(await exportOf('role=operator&columns=disabled,userName', cookies.root!));
    expect(rowValues(sheet, 1)).toEqual(['状态', '用户名']);
    expect(
      sheet
        .getSheetValues()
        .slice(2)
        .map((row) => (row as ExcelJS.CellValue[]).slice(1)),
    ).toEqual([
      ['停用', 'gone'],
      ['启用', 'nio.op'],
      ['启用', 'pe.op'],
    ]);

    const csv = await exportOf(
      'tenant=nio&role=operator&format=csv&columns=userName,mail,lastSignInAt',
      cookies.root!,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/filename="staff-\d{8}\.csv"/);
    expect(csv.body).toBe('\uFEFF用户名,邮箱,最近登录\r\nnio.op,nio.op@example.com,2026-02-01 08:00:00\r\n');
  });

  it("should turn an export above the stream limit into a job that keeps the admin's scope", async () => {
    await sut.app.close();
    sut = await createTestContext({ exportStreamLimit: 1 }, { jobRunner: { pollMs: 20 } });
    await insertStaff();

    const started = await exportOf('sort=userName:desc&columns=userName,roles', cookies.nioAdmin!, {
      'accept-language': 'en-US',
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json();
    expect(job).toMatchObject({
      kind: 'export.staff.list',
      state: 'queued',
      params: {
        query: { sort: 'userName:desc', scope: ['nio'] },
        columns: ['userName', 'roles'],
        format: 'xlsx',
        locale: 'en-US',
      },
    });

    const ended = await endedJob(sut.database.db, job.jobId);
    expect(ended).toMatchObject({ state: 'succeeded', progressDone: 4, progressTotal: 4 });
    const name = (ended.result as { files: { name: string }[] }).files[0]!.name;
    expect(name).toMatch(/^staff-\d{8}\.xlsx$/);
    const sheet = await sheetOfBytes(await jobFile(sut, job.jobId, name));
    expect(sheet.name).toBe('Staff');
    expect(
      sheet
        .getSheetValues()
        .slice(1)
        .map((row) => (row as ExcelJS.CellValue[]).slice(1)),
    ).toEqual([
      ['User name', 'Roles'],
      ['shared', 'NIO · Viewer, Other areas'],
      ['root', 'System administrator, NIO · Admin, Other areas'],
      ['nio.op', 'NIO · Operator'],
      ['nio.admin', 'NIO · Admin'],
    ]);
  });

  it('should refuse the export to whom the list refuses, and what the list refuses', async () => {
    for (const role of ['viewer', 'operator'] as const) {
      const cookie = await sut.userWith(role, 'nio');
      const refused = await exportOf('', cookie);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('forbidden');
    }
    expect((await sut.app.inject({ method: 'GET', url: '/api/admin/users/export' })).statusCode).toBe(401);
    const badSort = await exportOf('sort=passwordHash:asc', cookies.root!);
    expect(badSort.statusCode).toBe(400);
    expect(errorOf(badSort).details).toEqual([
      { path: 'sort', message: expect.stringContaining('cannot sort by "passwordHash"') },
    ]);
    expect((await exportOf('disabled=maybe', cookies.root!)).statusCode).toBe(400);
    expect((await exportOf('tenant=xx', cookies.root!)).statusCode).toBe(400);
  });
});
