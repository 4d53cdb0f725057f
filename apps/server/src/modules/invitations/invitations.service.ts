import { z } from 'zod';
import { Tenant as TenantSchema, type Page } from '@cmp/domain';
import { InvitationKindSchema } from '@cmp/domain/invitations/invitation-codes';
import {
  INVITE_TREE_LIMITS,
  InviteFilterSchema,
  type InviteAccount,
  type InviteListItem,
  type InviteListQuery,
  type InviteRecord,
  type InviteTree,
  type InviteTreeNode,
  type InviteTreeQuery,
} from '@cmp/domain/invitations/invitations';
import type { Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { auditMobileReveal, mobileFor } from '../../platform/auth/mobile-reveal.js';
import { INVITATION_LIST_EXPORT } from './invitations.export.js';
import * as repo from './invitations.repo.js';

/** Who reads: operators see mobiles whole, viewers masked; a search by mobile that shows them is audited. */
export interface InvitationReader {
  revealMobile: boolean;
  actor: Actor;
}

const toAccount = (row: repo.AccountRow | undefined, reveal: boolean): InviteAccount | null =>
  row
    ? {
        accountId: row.accountId,
        nickname: row.nickName,
        name: row.name,
        mobile: mobileFor(row.mobile, reveal),
      }
    : null;

/** The most invitees an export's audit record names. */
const EXPORT_AUDIT_INVITEES = 100;

const toInvitations = (rows: { invitation: repo.InvitationRow }[]) => rows.map((row) => row.invitation);

/** The export's query: the list's filter with its tenant, kind and the reader's right to see mobiles whole. */
export const InvitationExportFilterSchema = InviteFilterSchema.extend({
  tenant: TenantSchema,
  kind: InvitationKindSchema,
  revealMobile: z.boolean(),
});
export type InvitationExportFilter = z.infer<typeof InvitationExportFilterSchema>;

/**
 * The invitations of a tenant as its staff read them: the invite lists of each kind, a user's record, and
 * an inviter's tree of invitees. Invitation counts and accounts are read for the rows at hand only.
 */
export class InvitationsService {
  constructor(private readonly db: Db) {}

  /** The list rows of `rows`: each with its invitee's count of invitees and both parties' accounts. */
  private async items(
    db: DbOrTx,
    scope: repo.InvitationScope,
    rows: repo.InvitationRow[],
    revealMobile: boolean,
  ): Promise<InviteListItem[]> {
    const [counts, people] = await Promise.all([
      repo.invitedCounts(
        db,
        scope,
        rows.map((r) => r.userId),
      ),
      repo.accountsOf(
        db,
        scope.tenant,
        rows.flatMap((r) => [r.userId, r.inviterId]),
      ),
    ]);
    return rows.map((r) => ({
      invitationId: r.invitationId,
      kind: scope.kind,
      externalId: r.externalId,
      userId: r.userId,
      inviterId: r.inviterId,
      inviteStatus: r.inviteStatus,
      invitedCount: counts.get(r.userId) ?? 0,
      createTime: r.createTime.getTime(),
      updateTime: r.updateTime.getTime(),
      account: toAccount(people.get(r.userId), revealMobile),
      inviterAccount: toAccount(people.get(r.inviterId), revealMobile),
    }));
  }

  async list(
    scope: repo.InvitationScope,
    query: InviteListQuery,
    reader: InvitationReader,
  ): Promise<Page<InviteListItem>> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.invitationList.page(this.db, { ...filter, ...scope }, { pageNo, pageSize });
    const items = await this.items(this.db, scope, toInvitations(page.rows), reader.revealMobile);
    if (filter.mobile && reader.revealMobile) {
      await auditMobileReveal(this.db, {
        actor: reader.actor,
        tenant: scope.tenant,
        via: `invitations.${scope.kind}`,
        query: { mobile: filter.mobile },
        accountIds: [...new Set(items.filter((i) => i.account?.mobile).map((i) => i.userId))],
      });
    }
    return { items, total: page.total };
  }

  readonly export = listExport({
    list: 'invitations.list',
    query: InvitationExportFilterSchema,
    sheet: INVITATION_LIST_EXPORT,
    rows: repo.invitationList,
    items: (rows, { tenant, kind, revealMobile }) =>
      this.items(this.db, { tenant, kind }, toInvitations(rows), revealMobile),
  });

  /** Records that an export filtered by a mobile will show the mobiles of that mobile's accounts whole. */
  async auditExport(filter: InvitationExportFilter, actor: Actor): Promise<void> {
    if (!filter.mobile || !filter.revealMobile) return;
    const { tenant, kind } = filter;
    const first = await repo.invitationList.batch(this.db, filter, null, EXPORT_AUDIT_INVITEES);
    await auditMobileReveal(this.db, {
      actor,
      tenant,
      via: `invitations.${kind}.export`,
      query: { mobile: filter.mobile },
      accountIds: [...new Set(toInvitations(first.rows).map((r) => r.userId))],
    });
  }

  /**
   * A user's invite record: the latest invitation that invited them (none when they came on their own),
   * how many they invited, and their account. 404 when no invitation of the kind names them.
   */
  async record(scope: repo.InvitationScope, userId: string, reader: InvitationReader): Promise<InviteRecord> {
    const [invited, counts, named] = await Promise.all([
      repo.latestInvitationOf(this.db, scope, userId),
      repo.invitedCounts(this.db, scope, [userId]),
      repo.isNamed(this.db, scope, userId),
    ]);
    if (!named) throw AppError.notFound('invitee or inviter', userId);
    const people = await repo.accountsOf(
      this.db,
      scope.tenant,
      invited ? [userId, invited.inviterId] : [userId],
    );
    return {
      kind: scope.kind,
      userId,
      inviterId: invited?.inviterId ?? null,
      inviteStatus: invited?.inviteStatus ?? null,
      createTime: invited?.createTime.getTime() ?? null,
      invitedCount: counts.get(userId) ?? 0,
      account: toAccount(people.get(userId), reader.revealMobile),
      inviterAccount: invited ? toAccount(people.get(invited.inviterId), reader.revealMobile) : null,
    };
  }

  /**
   * The invitees of an inviter, level by level down to `depth`, at most `breadth` under each node and
   * `INVITE_TREE_LIMITS.maxNodes` in all. A user met again (invitations that loop) is not descended into
   * twice.
   */
  async tree(
    scope: repo.InvitationScope,
    query: InviteTreeQuery,
    reader: InvitationReader,
  ): Promise<InviteTree> {
    const seen = new Set([query.accountId]);
    const found: (repo.InvitationRow & { level: number })[] = [];
    let parents = [query.accountId];
    let truncated = false;
    for (let level = 1; level <= query.depth && parents.length > 0 && !truncated; level++) {
      const room = INVITE_TREE_LIMITS.maxNodes - found.length;
      const rows = await repo.inviteesOf(this.db, scope, parents, query.breadth, room + 1);
      if (rows.length > room) {
        truncated = true;
        rows.length = room;
      }
      parents = [];
      for (const row of rows) {
        if (seen.has(row.userId)) continue;
        seen.add(row.userId);
        found.push({ ...row, level });
        parents.push(row.userId);
      }
    }
    const ids = [query.accountId, ...found.map((r) => r.userId)];
    const [counts, people] = await Promise.all([
      repo.invitedCounts(this.db, scope, ids),
      repo.accountsOf(this.db, scope.tenant, ids),
    ]);
    const nodes: InviteTreeNode[] = found.map((r) => ({
      userId: r.userId,
      inviterId: r.inviterId,
      level: r.level,
      inviteStatus: r.inviteStatus,
      createTime: r.createTime.getTime(),
      invitedCount: counts.get(r.userId) ?? 0,
      account: toAccount(people.get(r.userId), reader.revealMobile),
    }));
    return {
      kind: scope.kind,
      root: {
        accountId: query.accountId,
        invitedCount: counts.get(query.accountId) ?? 0,
        account: toAccount(people.get(query.accountId), reader.revealMobile),
      },
      nodes,
      truncated,
    };
  }
}
