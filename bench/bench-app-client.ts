import type { Tenant } from '@cmp/domain';
import { appClients } from '../apps/server/src/modules/app-clients/app-clients.tables.js';
import type { DbOrTx } from '../apps/server/src/platform/db/database.js';
import { APP_BACKEND_CLIENT } from '../apps/server/src/platform/signed-clients/app-client-kind.js';
import { saveClientKey } from '../apps/server/src/platform/signed-clients/client-registry.js';
import { signedHeaders } from '../apps/server/src/platform/signed-clients/client-signing.js';
import { newKeyPair } from '../apps/server/src/platform/signed-clients/signing-keys.js';

const CLIENT_ID = 'bench-app-backend';

/** A JSON body and its headers, signed as the app back end signs it. */
export type BenchSigner = (
  method: string,
  path: string,
  /** None for a GET: the signature covers the empty body. */
  payload?: object,
) => { headers: Record<string, string>; body: string };

/** The tenant's app back end as the benches call the signed app API: registered and enabled. */
export async function registerBenchAppClient(db: DbOrTx, tenant: Tenant): Promise<BenchSigner> {
  const { publicKey, secretCode } = newKeyPair();
  await saveClientKey(db, {
    clientId: CLIENT_ID,
    kind: APP_BACKEND_CLIENT,
    tenant,
    publicKey,
    state: 'enabled',
  });
  await db.insert(appClients).values({ clientId: CLIENT_ID, tenant, name: 'bench' });
  return (method, path, payload) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers = {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...signedHeaders({ clientId: CLIENT_ID, secretCode }, { method, path, body }),
    };
    return { headers, body };
  };
}

/** The value at the p-th percentile (0–100) of sorted values. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
