import { and, eq, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../db/database.js';
import { keyFingerprint, newKeyPair } from './signing-keys.js';
import { portalSigningKeys, signedClients } from './signed-clients.tables.js';

/** Registers a client, or gives it a new key: its old secret stops working at once. */
export async function saveClientKey(
  db: DbOrTx,
  client: { clientId: string; kind: string; tenant: Tenant; publicKey: string; state: string },
): Promise<void> {
  await db
    .insert(signedClients)
    .values(client)
    .onConflictDoUpdate({
      target: signedClients.clientId,
      set: { publicKey: client.publicKey, state: client.state, keyRotatedAt: sql`now()` },
    });
}

export async function setClientState(
  db: DbOrTx,
  clientId: string,
  kind: string,
  state: string,
): Promise<void> {
  await db
    .update(signedClients)
    .set({ state })
    .where(and(eq(signedClients.clientId, clientId), eq(signedClients.kind, kind)));
}

/** Forgets a client: its secret stops working at once. */
export async function removeClient(db: DbOrTx, clientId: string, kind: string): Promise<void> {
  await db
    .delete(signedClients)
    .where(and(eq(signedClients.clientId, clientId), eq(signedClients.kind, kind)));
}

export interface PortalKey {
  keyId: string;
  publicKey: string;
  /** In the secret-code form `signWithSecret` takes. */
  privateKey: string;
}

/**
 * The portal's key for signing callbacks, made at first use. Two processes making it at once both insert
 * under their own id; every caller then reads the oldest, so all sign with the same key.
 */
export async function portalSigningKey(db: DbOrTx): Promise<PortalKey> {
  const oldest = () =>
    db
      .select()
      .from(portalSigningKeys)
      .orderBy(portalSigningKeys.createdAt, portalSigningKeys.keyId)
      .limit(1);
  const [known] = await oldest();
  if (known) return known;
  const pair = newKeyPair();
  await db
    .insert(portalSigningKeys)
    .values({ keyId: keyFingerprint(pair.publicKey), publicKey: pair.publicKey, privateKey: pair.secretCode })
    .onConflictDoNothing();
  const [made] = await oldest();
  return made!;
}
