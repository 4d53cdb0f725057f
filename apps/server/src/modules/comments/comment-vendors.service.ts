import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type {
  CommentVendor,
  CommentVendorSaved,
  CommentVendorSecret,
} from '@cmp/domain/comments/comment-vendors';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  ClientSecrets,
  clientKeyColumns,
  clientKeyOf,
  type IssuedSecret,
} from '../../platform/signed-clients/client-secrets.js';
import { signedClients } from '../../platform/signed-clients/signed-clients.tables.js';
import { comments, commentVendors } from './comments.tables.js';

export const COMMENT_VENDOR_CLIENT = 'comment_vendor';

type VendorRow = typeof commentVendors.$inferSelect;
type KeyRow = { publicKey: string; keyRotatedAt: Date };

const toVendor = (row: VendorRow, key: KeyRow): CommentVendor => ({
  applicationId: row.applicationId,
  applicationName: row.applicationName,
  description: row.description,
  sourceId: row.sourceId,
  callbackUrl: row.callbackUrl,
  state: row.state as CommentVendor['state'],
  tenant: row.tenant,
  ...clientKeyOf(key),
  createTime: row.createdAt.getTime(),
  updateTime: row.updatedAt.getTime(),
});

const secretOf = ({ client, ...secret }: IssuedSecret<CommentVendor>): CommentVendorSecret => ({
  vendor: client,
  ...secret,
});

/** Comment vendors of a tenant, each a signed client whose secret is answered once and never kept. */
export class CommentVendorsService {
  private readonly secrets: ClientSecrets;

  constructor(private readonly db: Db) {
    this.secrets = new ClientSecrets(db, COMMENT_VENDOR_CLIENT, {
      entityType: 'comment_vendor',
      actionPrefix: 'COMMENT_VENDOR',
    });
  }

  private async rows(db: DbOrTx, tenant: Tenant, applicationId?: string): Promise<CommentVendor[]> {
    const rows = await db
      .select({ vendor: commentVendors, key: clientKeyColumns })
      .from(commentVendors)
      .innerJoin(signedClients, eq(signedClients.clientId, commentVendors.applicationId))
      .where(
        and(
          eq(commentVendors.tenant, tenant),
          applicationId === undefined ? undefined : eq(commentVendors.applicationId, applicationId),
        ),
      )
      .orderBy(asc(commentVendors.createdAt), asc(commentVendors.applicationId));
    return rows.map((r) => toVendor(r.vendor, r.key));
  }

  list(tenant: Tenant): Promise<CommentVendor[]> {
    return this.rows(this.db, tenant);
  }

  private async require(db: DbOrTx, tenant: Tenant, applicationId: string): Promise<CommentVendor> {
    const [vendor] = await this.rows(db, tenant, applicationId);
    if (!vendor) throw AppError.notFound('comment vendor', applicationId);
    return vendor;
  }

  private async checkSource(db: DbOrTx, tenant: Tenant, sourceId: string, applicationId?: string) {
    const [taken] = await db
      .select({ applicationId: commentVendors.applicationId })
      .from(commentVendors)
      .where(and(eq(commentVendors.tenant, tenant), eq(commentVendors.sourceId, sourceId)));
    if (taken && taken.applicationId !== applicationId) {
      throw new RuleError(ruleMessage('commentVendor.sourceIdTaken', { sourceId }));
    }
  }

  async create(tenant: Tenant, input: CommentVendorSaved, actor: Actor): Promise<CommentVendorSecret> {
    const applicationId = `cv${randomBytes(8).toString('hex')}`;
    const issued = await this.secrets.create(
      { clientId: applicationId, tenant, state: input.state },
      actor,
      input,
      async (tx) => {
        await this.checkSource(tx, tenant, input.sourceId);
        await tx.insert(commentVendors).values({ applicationId, tenant, ...input });
        return this.require(tx, tenant, applicationId);
      },
    );
    return secretOf(issued);
  }

  async update(
    tenant: Tenant,
    applicationId: string,
    input: CommentVendorSaved,
    actor: Actor,
  ): Promise<CommentVendor> {
    return this.db.transaction(async (tx) => {
      const before = await this.require(tx, tenant, applicationId);
      await this.checkSource(tx, tenant, input.sourceId, applicationId);
      await tx
        .update(commentVendors)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(commentVendors.applicationId, applicationId));
      await this.secrets.update(
        tx,
        {
          tenant,
          clientId: applicationId,
          state: input.state,
          before: {
            applicationName: before.applicationName,
            description: before.description,
            sourceId: before.sourceId,
            callbackUrl: before.callbackUrl,
            state: before.state,
          },
          after: input,
        },
        actor,
      );
      return this.require(tx, tenant, applicationId);
    });
  }

  /**
   * Removes a vendor that never sent a comment (a mistaken registration); one whose comments the portal
   * holds is kept, as they name it, and can be disabled instead.
   */
  async remove(tenant: Tenant, applicationId: string, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.require(tx, tenant, applicationId);
      const [sent] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(comments)
        .where(eq(comments.applicationId, applicationId));
      if (sent && sent.n > 0) {
        throw new RuleError(ruleMessage('commentVendor.hasComments', { count: sent.n }));
      }
      await tx.delete(commentVendors).where(eq(commentVendors.applicationId, applicationId));
      await this.secrets.remove(
        tx,
        {
          tenant,
          clientId: applicationId,
          before: {
            applicationName: before.applicationName,
            sourceId: before.sourceId,
            keyFingerprint: before.keyFingerprint,
          },
        },
        actor,
      );
    });
  }

  /** A new key pair: the old secret stops working at once, the new one is answered this once. */
  async rotateSecret(tenant: Tenant, applicationId: string, actor: Actor): Promise<CommentVendorSecret> {
    return secretOf(
      await this.secrets.rotate(tenant, applicationId, actor, (tx) =>
        this.require(tx, tenant, applicationId),
      ),
    );
  }
}
