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
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  portalSigningKey,
  removeClient,
  saveClientKey,
  setClientState,
} from '../../platform/signed-clients/client-registry.js';
import { keyFingerprint, newKeyPair } from '../../platform/signed-clients/signing-keys.js';
import { signedClients } from '../../platform/signed-clients/signed-clients.tables.js';
import { comments, commentVendors } from './comments.tables.js';

export const COMMENT_VENDOR_CLIENT = 'comment_vendor';
const VENDOR_ENTITY = 'comment_vendor';

type VendorRow = typeof commentVendors.$inferSelect & { publicKey: string; keyRotatedAt: Date };

const toVendor = (row: VendorRow): CommentVendor => ({
  applicationId: row.applicationId,
  applicationName: row.applicationName,
  description: row.description,
  sourceId: row.sourceId,
  callbackUrl: row.callbackUrl,
  state: row.state as CommentVendor['state'],
  tenant: row.tenant,
  keyFingerprint: keyFingerprint(row.publicKey),
  secretRotateTime: row.keyRotatedAt.getTime(),
  createTime: row.createdAt.getTime(),
  updateTime: row.updatedAt.getTime(),
});

/** Comment vendors of a tenant, each a signed client whose secret is answered once and never kept. */
export class CommentVendorsService {
  constructor(private readonly db: Db) {}

  private rows(db: DbOrTx, tenant: Tenant, applicationId?: string) {
    return db
      .select({
        vendor: commentVendors,
        publicKey: signedClients.publicKey,
        keyRotatedAt: signedClients.keyRotatedAt,
      })
      .from(commentVendors)
      .innerJoin(signedClients, eq(signedClients.clientId, commentVendors.applicationId))
      .where(
        and(
          eq(commentVendors.tenant, tenant),
          applicationId === undefined ? undefined : eq(commentVendors.applicationId, applicationId),
        ),
      )
      .orderBy(asc(commentVendors.createdAt), asc(commentVendors.applicationId))
      .then((rows) =>
        rows.map((r) => ({ ...r.vendor, publicKey: r.publicKey, keyRotatedAt: r.keyRotatedAt })),
      );
  }

  async list(tenant: Tenant): Promise<CommentVendor[]> {
    return (await this.rows(this.db, tenant)).map(toVendor);
  }

  private async require(db: DbOrTx, tenant: Tenant, applicationId: string): Promise<VendorRow> {
    const [row] = await this.rows(db, tenant, applicationId);
    if (!row) throw AppError.notFound('comment vendor', applicationId);
    return row;
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
    const pair = newKeyPair();
    const portalKey = await portalSigningKey(this.db);
    const vendor = await this.db.transaction(async (tx) => {
      await this.checkSource(tx, tenant, input.sourceId);
      await saveClientKey(tx, {
        clientId: applicationId,
        kind: COMMENT_VENDOR_CLIENT,
        tenant,
        publicKey: pair.publicKey,
        state: input.state,
      });
      await tx.insert(commentVendors).values({ applicationId, tenant, ...input });
      const created = await this.require(tx, tenant, applicationId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: VENDOR_ENTITY,
        entityId: applicationId,
        action: 'COMMENT_VENDOR_CREATE',
        after: { ...input, keyFingerprint: keyFingerprint(pair.publicKey) },
      });
      return toVendor(created);
    });
    return { vendor, secretCode: pair.secretCode, portalPublicKey: portalKey.publicKey };
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
      await setClientState(tx, applicationId, COMMENT_VENDOR_CLIENT, input.state);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: VENDOR_ENTITY,
        entityId: applicationId,
        action: 'COMMENT_VENDOR_UPDATE',
        before: {
          applicationName: before.applicationName,
          description: before.description,
          sourceId: before.sourceId,
          callbackUrl: before.callbackUrl,
          state: before.state,
        },
        after: input,
      });
      return toVendor(await this.require(tx, tenant, applicationId));
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
      await removeClient(tx, applicationId, COMMENT_VENDOR_CLIENT);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: VENDOR_ENTITY,
        entityId: applicationId,
        action: 'COMMENT_VENDOR_DELETE',
        before: {
          applicationName: before.applicationName,
          sourceId: before.sourceId,
          keyFingerprint: keyFingerprint(before.publicKey),
        },
      });
    });
  }

  /** A new key pair: the old secret stops working at once, the new one is answered this once. */
  async rotateSecret(tenant: Tenant, applicationId: string, actor: Actor): Promise<CommentVendorSecret> {
    const pair = newKeyPair();
    const portalKey = await portalSigningKey(this.db);
    const vendor = await this.db.transaction(async (tx) => {
      const before = await this.require(tx, tenant, applicationId);
      await saveClientKey(tx, {
        clientId: applicationId,
        kind: COMMENT_VENDOR_CLIENT,
        tenant,
        publicKey: pair.publicKey,
        state: before.state,
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: VENDOR_ENTITY,
        entityId: applicationId,
        action: 'COMMENT_VENDOR_SECRET_ROTATE',
        before: { keyFingerprint: keyFingerprint(before.publicKey) },
        after: { keyFingerprint: keyFingerprint(pair.publicKey) },
      });
      return toVendor(await this.require(tx, tenant, applicationId));
    });
    return { vendor, secretCode: pair.secretCode, portalPublicKey: portalKey.publicKey };
  }
}
