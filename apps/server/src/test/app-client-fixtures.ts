import type { Tenant } from '@cmp/domain';
import { APP_BACKEND_CLIENT } from '../platform/signed-clients/app-client-kind.js';
import { appClients } from '../modules/app-clients/app-clients.tables.js';
import { saveClientKey } from '../platform/signed-clients/client-registry.js';
import { signedHeaders } from '../platform/signed-clients/client-signing.js';
import { keyFingerprint, newKeyPair } from '../platform/signed-clients/signing-keys.js';
import type { TestContext } from './test-app.js';

export interface TestAppClient {
  clientId: string;
  secretCode: string;
  tenant: Tenant;
}

/** Registers a tenant's app back end straight in the database and answers its secret. */
export async function createAppClient(sut: TestContext, tenant: Tenant = 'nio'): Promise<TestAppClient> {
  const pair = newKeyPair();
  const clientId = `app-${tenant}-${keyFingerprint(pair.publicKey).slice(0, 12)}`;
  await saveClientKey(sut.database.db, {
    clientId,
    kind: APP_BACKEND_CLIENT,
    tenant,
    publicKey: pair.publicKey,
    state: 'enabled',
  });
  await sut.database.db.insert(appClients).values({ clientId, tenant, name: `${tenant} app back end` });
  return { clientId, secretCode: pair.secretCode, tenant };
}

/** A request as the app back end's code sends it: the JSON body signed with its secret. */
export function sendSigned(
  sut: TestContext,
  client: TestAppClient,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  overrides: { timestamp?: number; nonce?: string } = {},
) {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return sut.app.inject({
    method,
    url: path,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      origin: undefined,
      ...signedHeaders(client, { method, path, body }, overrides),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}
