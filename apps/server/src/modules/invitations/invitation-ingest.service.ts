import type { InvitationIngested, InvitationIngestResult } from '@cmp/domain/invitations/invitations';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { SignedClient } from '../../platform/signed-clients/signed-routes.js';
import * as repo from './invitations.repo.js';

/**
 * Invitations as the tenant's app back end sends them, by its own id: the first sending records the
 * invitation, a later one its new status. A sending older than what is kept changes nothing, so sendings
 * that cross on the way arrive at the newest status. Like comments, ingestion writes no operation record:
 * the row says when it came.
 */
export class InvitationIngestService {
  constructor(private readonly db: Db) {}

  async receive(client: SignedClient, input: InvitationIngested): Promise<InvitationIngestResult> {
    if (input.userId === input.inviterId) throw new RuleError(ruleMessage('invitation.selfInvite'));
    const scope = { tenant: client.tenant, kind: input.kind };
    const createTime = new Date(input.createTime);
    const updateTime = new Date(input.updateTime ?? input.createTime);
    return this.db.transaction(async (tx) => {
      const inserted = await repo.insertInvitation(tx, {
        ...scope,
        externalId: input.externalId,
        userId: input.userId,
        inviterId: input.inviterId,
        inviteStatus: input.inviteStatus,
        createTime,
        updateTime,
      });
      if (inserted !== undefined) return { invitationId: inserted, created: true };
      const kept = (await repo.findByExternalId(tx, scope, input.externalId))!;
      if (kept.userId !== input.userId || kept.inviterId !== input.inviterId) {
        throw AppError.conflict(ruleMessage('invitation.otherParties', { externalId: input.externalId }));
      }
      await repo.updateInvitation(tx, kept.invitationId, {
        inviteStatus: input.inviteStatus,
        createTime,
        updateTime,
      });
      return { invitationId: kept.invitationId, created: false };
    });
  }
}
