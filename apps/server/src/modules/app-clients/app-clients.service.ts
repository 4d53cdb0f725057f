import { randomBytes } from 'node:crypto';
import type { Tenant } from '@cmp/domain';
import type { AppClient, AppClientSaved, AppClientSecret } from '@cmp/domain/platform/app-clients';
import type { Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { ClientSecrets, clientKeyOf } from '../../platform/signed-clients/client-secrets.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import * as repo from './app-clients.repo.js';

const toClient = (row: repo.ClientRow, key: repo.KeyRow): AppClient => ({
  clientId: row.clientId,
  name: row.name,
  description: row.description,
  state: key.state as AppClient['state'],
  tenant: row.tenant,
  ...clientKeyOf(key),
  createTime: row.createdAt.getTime(),
  updateTime: row.updatedAt.getTime(),
});

/**
 * A tenant's app back ends, each a signed client whose secret is answered once and never kept. Their state
 * is the signed client's: a disabled one's requests are refused.
 */
export class AppClientsService {
  private readonly secrets: ClientSecrets;

  constructor(private readonly db: Db) {
    this.secrets = new ClientSecrets(db, APP_BACKEND_CLIENT, {
      entityType: 'app_client',
      actionPrefix: 'APP_CLIENT',
    });
  }

  private async rows(db: DbOrTx, tenant: Tenant, clientId?: string): Promise<AppClient[]> {
    const rows = await repo.clientsOf(db, tenant, clientId);
    return rows.map((r) => toClient(r.client, r.key));
  }

  list(tenant: Tenant): Promise<AppClient[]> {
    return this.rows(this.db, tenant);
  }

  private async require(db: DbOrTx, tenant: Tenant, clientId: string): Promise<AppClient> {
    const [client] = await this.rows(db, tenant, clientId);
    if (!client) throw AppError.notFound('app client', clientId);
    return client;
  }

  async create(tenant: Tenant, input: AppClientSaved, actor: Actor): Promise<AppClientSecret> {
    const clientId = `app${randomBytes(8).toString('hex')}`;
    return this.secrets.create({ clientId, tenant, state: input.state }, actor, input, async (tx) => {
      await repo.insertClient(tx, {
        clientId,
        tenant,
        name: input.name,
        description: input.description ?? null,
        createdBy: actor.userName,
      });
      return this.require(tx, tenant, clientId);
    });
  }

  /** Renames, describes, enables or disables a client. */
  async update(tenant: Tenant, clientId: string, input: AppClientSaved, actor: Actor): Promise<AppClient> {
    return this.db.transaction(async (tx) => {
      const before = await this.require(tx, tenant, clientId);
      await repo.updateClient(tx, clientId, {
        name: input.name,
        description: input.description ?? null,
      });
      await this.secrets.update(
        tx,
        {
          tenant,
          clientId,
          state: input.state,
          before: { name: before.name, description: before.description, state: before.state },
          after: input,
        },
        actor,
      );
      return this.require(tx, tenant, clientId);
    });
  }

  /**
   * Removes a client: its secret stops working at once. What it sent stays, as the records name accounts,
   * not the client that sent them.
   */
  async remove(tenant: Tenant, clientId: string, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.require(tx, tenant, clientId);
      await repo.deleteClient(tx, clientId);
      await this.secrets.remove(
        tx,
        {
          tenant,
          clientId,
          before: { name: before.name, state: before.state, keyFingerprint: before.keyFingerprint },
        },
        actor,
      );
    });
  }

  /** A new key pair: the old secret stops working at once, the new one is answered this once. */
  rotateSecret(tenant: Tenant, clientId: string, actor: Actor): Promise<AppClientSecret> {
    return this.secrets.rotate(tenant, clientId, actor, (tx) => this.require(tx, tenant, clientId));
  }
}
