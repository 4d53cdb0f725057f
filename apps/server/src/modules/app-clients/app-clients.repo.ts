import { and, asc, eq } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { clientKeyColumns } from '../../platform/signed-clients/client-secrets.js';
import { signedClients } from '../../platform/signed-clients/signed-clients.tables.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { appClients } from './app-clients.tables.js';

export type ClientRow = typeof appClients.$inferSelect;
export interface KeyRow {
  publicKey: string;
  keyRotatedAt: Date;
  state: string;
}

/** The tenant's app back ends with their keys, the first registered first; one of them by id. */
export function clientsOf(
  db: DbOrTx,
  tenant: Tenant,
  clientId?: string,
): Promise<{ client: ClientRow; key: KeyRow }[]> {
  return db
    .select({ client: appClients, key: clientKeyColumns })
    .from(appClients)
    .innerJoin(signedClients, eq(signedClients.clientId, appClients.clientId))
    .where(
      and(
        eq(appClients.tenant, tenant),
        eq(signedClients.kind, APP_BACKEND_CLIENT),
        clientId === undefined ? undefined : eq(appClients.clientId, clientId),
      ),
    )
    .orderBy(asc(appClients.createdAt), asc(appClients.clientId));
}

export async function insertClient(tx: DbOrTx, values: typeof appClients.$inferInsert): Promise<void> {
  await tx.insert(appClients).values(values);
}

export async function updateClient(
  tx: DbOrTx,
  clientId: string,
  values: { name: string; description: string | null },
): Promise<void> {
  await tx
    .update(appClients)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(appClients.clientId, clientId));
}

export async function deleteClient(tx: DbOrTx, clientId: string): Promise<void> {
  await tx.delete(appClients).where(eq(appClients.clientId, clientId));
}
