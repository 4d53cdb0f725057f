import type { Tenant } from '@cmp/domain';
import { writeAudit, type Actor } from '../audit/audit.js';
import type { Db, DbOrTx } from '../db/database.js';
import { portalSigningKey, removeClient, saveClientKey, setClientState } from './client-registry.js';
import { keyFingerprint, newKeyPair } from './signing-keys.js';
import { signedClients } from './signed-clients.tables.js';

/** The columns a client's listing joins from `signed_clients`: its key and its state. */
export const clientKeyColumns = {
  publicKey: signedClients.publicKey,
  keyRotatedAt: signedClients.keyRotatedAt,
  state: signedClients.state,
};

/** Which key a client holds and since when, as listings show it (`SIGNED_CLIENT_KEY`). */
export const clientKeyOf = (row: { publicKey: string; keyRotatedAt: Date }) => ({
  keyFingerprint: keyFingerprint(row.publicKey),
  secretRotateTime: row.keyRotatedAt.getTime(),
});

/** A client with its secret code, answered this once, and the portal's public key. */
export interface IssuedSecret<Client> {
  client: Client;
  secretCode: string;
  portalPublicKey: string;
}

/** How one kind of client is audited: its entity type and the prefix of its actions (`<PREFIX>_CREATE`). */
export interface ClientAuditNames {
  entityType: string;
  actionPrefix: string;
}

type ClientAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'SECRET_ROTATE';

/**
 * The key side of the clients of one kind that a tenant's admins register: a new key pair at creation and
 * rotation whose secret code is answered once and never kept, state changes and removal, each audited in
 * the transaction of the client's own change. The service of the kind keeps the client's own row.
 */
export class ClientSecrets {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
    private readonly names: ClientAuditNames,
  ) {}

  /**
   * Registers a client with a new key: `register` saves the client's own row and answers the client, in
   * the transaction that saves the key and the audit record (`input` is what the record says was saved).
   */
  async create<Client>(
    client: { clientId: string; tenant: Tenant; state: string },
    actor: Actor,
    input: object,
    register: (tx: DbOrTx) => Promise<Client>,
  ): Promise<IssuedSecret<Client>> {
    const pair = newKeyPair();
    const portalKey = await portalSigningKey(this.db);
    const saved = await this.db.transaction(async (tx) => {
      await saveClientKey(tx, { ...client, kind: this.kind, publicKey: pair.publicKey });
      const registered = await register(tx);
      await this.audit(tx, actor, client.tenant, client.clientId, 'CREATE', {
        after: { ...input, keyFingerprint: keyFingerprint(pair.publicKey) },
      });
      return registered;
    });
    return { client: saved, secretCode: pair.secretCode, portalPublicKey: portalKey.publicKey };
  }

  /**
   * A new key pair: the old secret stops working at once, the new one is answered this once. `find`
   * answers the client as the tenant sees it (and refuses one it does not), before and after.
   */
  async rotate<Client extends { keyFingerprint: string; state: string }>(
    tenant: Tenant,
    clientId: string,
    actor: Actor,
    find: (tx: DbOrTx) => Promise<Client>,
  ): Promise<IssuedSecret<Client>> {
    const pair = newKeyPair();
    const portalKey = await portalSigningKey(this.db);
    const rotated = await this.db.transaction(async (tx) => {
      const before = await find(tx);
      await saveClientKey(tx, {
        clientId,
        kind: this.kind,
        tenant,
        publicKey: pair.publicKey,
        state: before.state,
      });
      await this.audit(tx, actor, tenant, clientId, 'SECRET_ROTATE', {
        before: { keyFingerprint: before.keyFingerprint },
        after: { keyFingerprint: keyFingerprint(pair.publicKey) },
      });
      return find(tx);
    });
    return { client: rotated, secretCode: pair.secretCode, portalPublicKey: portalKey.publicKey };
  }

  /** Records a change of the client's own fields and sets its state: a disabled client's requests are refused. */
  async update(
    tx: DbOrTx,
    change: { tenant: Tenant; clientId: string; state: string; before: object; after: object },
    actor: Actor,
  ): Promise<void> {
    await setClientState(tx, change.clientId, this.kind, change.state);
    await this.audit(tx, actor, change.tenant, change.clientId, 'UPDATE', change);
  }

  /** Forgets the client's key, so its secret stops working at once, and records what was removed. */
  async remove(
    tx: DbOrTx,
    removed: { tenant: Tenant; clientId: string; before: object },
    actor: Actor,
  ): Promise<void> {
    await removeClient(tx, removed.clientId, this.kind);
    await this.audit(tx, actor, removed.tenant, removed.clientId, 'DELETE', removed);
  }

  private audit(
    tx: DbOrTx,
    actor: Actor,
    tenant: Tenant,
    clientId: string,
    action: ClientAction,
    { before, after }: { before?: object; after?: object },
  ): Promise<void> {
    return writeAudit(tx, {
      actor,
      tenant,
      entityType: this.names.entityType,
      entityId: clientId,
      action: `${this.names.actionPrefix}_${action}`,
      before,
      after,
    });
  }
}
