import { TENANTS } from '@cmp/domain';
import { newKeyPair } from '../platform/signed-clients/signing-keys.js';
import { signedClients } from '../platform/signed-clients/signed-clients.tables.js';
import { APP_BACKEND_CLIENT } from '../platform/signed-clients/app-client-kind.js';
import { appClients } from '../modules/app-clients/app-clients.tables.js';
import type { DemoContext } from './demo-context.js';

/**
 * One app back end per tenant, as its admins would have registered it. Only the public key is kept, as
 * for every client: nobody holds the demo's secret, and rotating it on the app clients screen gives one.
 */
export async function seedAppClients({ tx }: DemoContext): Promise<void> {
  for (const tenant of TENANTS) {
    const clientId = `demo-${tenant}-app`;
    await tx.insert(signedClients).values({
      clientId,
      kind: APP_BACKEND_CLIENT,
      tenant,
      publicKey: newKeyPair().publicKey,
    });
    await tx.insert(appClients).values({
      clientId,
      tenant,
      name: `${tenant.toUpperCase()} App 后台`,
      description: '账号、车辆、站点关系、邀请和路线规划',
    });
  }
}
