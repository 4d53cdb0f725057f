import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { TENANTS, type StaffRole, type Tenant, type TenantRole } from '@cmp/domain';
import { buildApp, type App, type AppDeps } from '../app.js';
import { defaultConfig, type Config } from '../config.js';
import type { Database } from '../platform/db/database.js';
import { hashPassword } from '../platform/auth/password.js';
import * as staffRepo from '../modules/staff/staff.repo.js';
import { resetDatabase, testDatabase } from './test-database.js';

export const TEST_PASSWORD = 'correct-horse-battery';
// Hashing is deliberately slow; one hash serves every factory-made user.
const TEST_PASSWORD_HASH = await hashPassword(TEST_PASSWORD);

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  /** Makes a staff user straight in the database. */
  createUser(input: {
    userName: string;
    roles?: TenantRole[];
    disabled?: boolean;
    mustChangePassword?: boolean;
    systemAdmin?: boolean;
  }): Promise<number>;
  /** Signs in over HTTP and answers the session cookie header value. */
  signIn(userName: string, password?: string): Promise<string>;
  /** A signed-in user with one role in one tenant. */
  userWith(role: StaffRole, tenant: Tenant, userName?: string): Promise<string>;
  /** The system administrator, admin of every tenant as the bootstrap `admin` is, signed in. */
  systemAdmin(userName?: string): Promise<string>;
}

/** A fresh app on an emptied worker database. Call in `beforeEach`; close the app in `afterEach`. */
export async function createTestContext(
  overrides: Partial<Config> = {},
  deps: Partial<AppDeps> = {},
): Promise<TestContext> {
  const database = await testDatabase();
  await resetDatabase(database);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-test-'));
  const config = defaultConfig({
    dataDir,
    webDist: path.join(dataDir, 'no-web'),
    logLevel: 'silent',
    // Tests write stations straight into the tables after the app is ready: the planner reads them on first use.
    routePlannerPreload: false,
    ...overrides,
  });
  const app = await buildApp({ config, database, logger: false, ...deps });
  actAsTheWebClient(app);
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));

  const createUser: TestContext['createUser'] = async (input) => {
    const id = await staffRepo.insertStaffUser(database.db, {
      userName: input.userName,
      displayName: input.userName,
      passwordHash: TEST_PASSWORD_HASH,
      disabled: input.disabled ?? false,
      mustChangePassword: input.mustChangePassword ?? false,
      systemAdmin: input.systemAdmin ?? false,
    });
    await staffRepo.replaceRoles(database.db, id, input.roles ?? []);
    return id;
  };
  const signIn = async (userName: string, password = TEST_PASSWORD) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName, password },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${userName} failed: ${response.body}`);
    return sessionCookie(response);
  };
  const userWith = async (role: StaffRole, tenant: Tenant, userName = `${tenant}-${role}`) => {
    await createUser({ userName, roles: [{ tenant, role }] });
    return signIn(userName);
  };
  const systemAdmin = async (userName = 'root') => {
    await createUser({
      userName,
      systemAdmin: true,
      roles: TENANTS.map((tenant) => ({ tenant, role: 'admin' as const })),
    });
    return signIn(userName);
  };
  return { app, database, config, createUser, signIn, userWith, systemAdmin };
}

/** Light-my-request's default address; the portal's own web client sends it as its Origin. */
export const TEST_ORIGIN = 'http://localhost:80';

/**
 * Tests call the API as the portal's web client does: state-changing requests carry the portal's own
 * Origin (the same-origin guard refuses them otherwise), unless a test sets an `origin` header itself,
 * `undefined` to send none.
 */
function actAsTheWebClient(app: App): void {
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  app.inject = ((options: InjectOptions) => {
    const headers: NonNullable<InjectOptions['headers']> = { ...options.headers };
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'origin')) headers.origin = TEST_ORIGIN;
    else if (headers.origin === undefined) delete headers.origin;
    return inject({ ...options, headers });
  }) as App['inject'];
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'cmp_session');
  if (!cookie) throw new Error('no session cookie in the response');
  return `cmp_session=${cookie.value}`;
}

export const errorOf = (response: LightMyRequestResponse) =>
  (response.json() as { error: { code: string; message: string; details?: unknown } }).error;
