import type { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import {
  PushBatchFilterSchema,
  type PushBatchCreateSchema,
  type PushBatchListQuerySchema,
  type PushBatchUpdateSchema,
  type PushRecipientQuerySchema,
  type PushBatch,
  type PushBatchDetail,
  type PushBatchPage,
  type PushReceipt,
  type PushRecipient,
  type PushRecipientPage,
  type PushSchedule,
} from '@cmp/domain/push-messages/push-messages';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { SYSTEM_ACTOR, writeAudit, type Actor } from '../../platform/audit/audit.js';
import { assertVersion } from '../../platform/audit/edits.js';
import { mobileFor } from '../../platform/auth/mobile-reveal.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { liveAccountExists } from '../accounts/accounts.views.js';
import { PUSH_BATCH_LIST_EXPORT } from './push-batches.export.js';
import * as repo from './push-batches.repo.js';

export const PUSH_BATCH_ENTITY = 'push_batch';
export const PUSH_JOB = 'push-messages.push';

export const PushBatchExportFilterSchema = PushBatchFilterSchema.extend({ tenant: TenantSchema });

type CreateFields = z.output<typeof PushBatchCreateSchema>;
type UpdateFields = z.output<typeof PushBatchUpdateSchema>;
type ListQuery = z.output<typeof PushBatchListQuerySchema>;
type RecipientQuery = z.output<typeof PushRecipientQuerySchema>;

const epoch = (value: Date | null): number | null => value?.getTime() ?? null;

export function toPushBatch({ batch }: { batch: repo.PushBatchRow }): PushBatch {
  return {
    batchId: batch.batchId,
    title: batch.title,
    content: batch.content,
    landingPage: batch.landingPage,
    targetClients: batch.targetClients,
    ratePerSecond: batch.ratePerSecond,
    status: batch.status as PushBatch['status'],
    pushAt: epoch(batch.pushAt),
    jobId: batch.jobId,
    recipients: batch.recipients,
    creator: batch.creator,
    updater: batch.updater,
    createdAt: batch.createdAt.getTime(),
    updatedAt: batch.updatedAt.getTime(),
    version: batch.version,
  };
}

const pushingRefusal = () => AppError.conflict(ruleMessage('pushMessages.pushing'));

/**
 * Push batches (marketing spec §7 "Push messages"): the message and its apps, its recipients from the
 * accounts of the tenant, its schedule, and its pushes, each a durable job (`push-delivery.job.ts`) that
 * delivers to every pending recipient at the batch's rate. Every change is audited.
 */
export class PushBatchesService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
  ) {}

  async list(tenant: Tenant, { pageNo, pageSize, ...filter }: ListQuery): Promise<PushBatchPage> {
    const page = await repo.pushBatchList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: page.rows.map(toPushBatch), total: page.total };
  }

  readonly export = listExport({
    list: 'push-messages.list',
    query: PushBatchExportFilterSchema,
    sheet: PUSH_BATCH_LIST_EXPORT,
    rows: repo.pushBatchList,
    items: (rows) => rows.map(toPushBatch),
  });

  async get(tenant: Tenant, batchId: number): Promise<PushBatchDetail> {
    const batch = await this.found(this.db, tenant, batchId);
    return { ...toPushBatch({ batch }), counts: await repo.deliveryCounts(this.db, batchId) };
  }

  async create(tenant: Tenant, fields: CreateFields, actor: Actor): Promise<PushBatch> {
    return this.db.transaction(async (tx) => {
      const batch = await repo.insertBatch(tx, {
        tenant,
        ...fields,
        landingPage: fields.landingPage ?? null,
        creator: actor.userName,
        updater: actor.userName,
      });
      await this.audit(tx, tenant, actor, batch.batchId, 'PUSH_BATCH_CREATE', undefined, fields);
      return toPushBatch({ batch });
    });
  }

  /** The message, its apps and its rate, from the version read; not while it is pushed. */
  async update(tenant: Tenant, batchId: number, input: UpdateFields, actor: Actor): Promise<PushBatch> {
    const { version, ...fields } = input;
    return this.db.transaction(async (tx) => {
      const stored = await this.locked(tx, tenant, batchId);
      assertVersion(stored.version, version, 'pushMessages.versionConflict');
      if (stored.status === 'pushing') throw pushingRefusal();
      const batch = await repo.updateBatch(tx, batchId, {
        ...fields,
        landingPage: fields.landingPage ?? null,
        updater: actor.userName,
      });
      const before = {
        title: stored.title,
        content: stored.content,
        landingPage: stored.landingPage,
        targetClients: stored.targetClients,
        ratePerSecond: stored.ratePerSecond,
      };
      await this.audit(tx, tenant, actor, batchId, 'PUSH_BATCH_UPDATE', before, fields);
      return toPushBatch({ batch });
    });
  }

  async recipients(tenant: Tenant, batchId: number, query: RecipientQuery): Promise<PushRecipientPage> {
    await this.found(this.db, tenant, batchId);
    const { rows, total } = await repo.recipientPage(this.db, tenant, batchId, query);
    return {
      items: rows.map(({ recipient, nickname, mobile }): PushRecipient => ({
        accountId: recipient.accountId,
        nickname,
        // The recipient list is for delivery, not for reaching people: its mobiles are always masked.
        mobile: mobileFor(mobile, false),
        state: recipient.state as PushRecipient['state'],
        channel: recipient.channel as PushRecipient['channel'],
        attempts: recipient.attempts,
        duplicates: recipient.duplicates,
        lastError: recipient.lastError,
        addedAt: recipient.addedAt.getTime(),
        sentAt: epoch(recipient.sentAt),
        acknowledgedAt: epoch(recipient.acknowledgedAt),
      })),
      total,
    };
  }

  /** Spec batch/add-user/single: a live account of the tenant, not a recipient yet. */
  async addRecipient(tenant: Tenant, batchId: number, accountId: string, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const batch = await this.locked(tx, tenant, batchId);
      if (batch.status === 'pushing') throw pushingRefusal();
      if (!(await liveAccountExists(tx, tenant, accountId)))
        throw new RuleError(ruleMessage('pushMessages.unknownAccount', { accountId }));
      if ((await repo.addRecipients(tx, batchId, [accountId])) === 0)
        throw AppError.conflict(ruleMessage('pushMessages.alreadyRecipient', { accountId }));
      await this.audit(tx, tenant, actor, batchId, 'PUSH_RECIPIENT_ADD', undefined, { accountId });
    });
  }

  /** Spec batch/remove-user/single. */
  async removeRecipient(tenant: Tenant, batchId: number, accountId: string, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const batch = await this.locked(tx, tenant, batchId);
      if (batch.status === 'pushing') throw pushingRefusal();
      if (!(await repo.removeRecipient(tx, batchId, accountId))) throw unknownRecipient(accountId);
      await this.audit(tx, tenant, actor, batchId, 'PUSH_RECIPIENT_REMOVE', { accountId }, undefined);
    });
  }

  /** Spec batch/empty-user/{id}: every recipient removed, from the version read. */
  async empty(tenant: Tenant, batchId: number, version: number, actor: Actor): Promise<PushBatch> {
    return this.db.transaction(async (tx) => {
      const stored = await this.locked(tx, tenant, batchId);
      assertVersion(stored.version, version, 'pushMessages.versionConflict');
      if (stored.status === 'pushing') throw pushingRefusal();
      await repo.emptyRecipients(tx, batchId);
      const batch = await repo.updateBatch(tx, batchId, { updater: actor.userName });
      await this.audit(
        tx,
        tenant,
        actor,
        batchId,
        'PUSH_RECIPIENT_EMPTY',
        { recipients: stored.recipients },
        {
          recipients: 0,
        },
      );
      return toPushBatch({ batch });
    });
  }

  /**
   * Spec batch/modify-job: push at a later time, change that time, or (null) cancel the schedule, until the
   * push starts.
   */
  async schedule(tenant: Tenant, batchId: number, input: PushSchedule, actor: Actor): Promise<PushBatch> {
    return this.db.transaction(async (tx) => {
      const stored = await this.locked(tx, tenant, batchId);
      assertVersion(stored.version, input.version, 'pushMessages.versionConflict');
      if (stored.status === 'pushing') throw pushingRefusal();
      if (input.pushAt !== null) {
        if (input.pushAt <= Date.now()) throw new RuleError(ruleMessage('pushMessages.pastTime'));
        if (stored.recipients === 0) throw new RuleError(ruleMessage('pushMessages.noRecipients'));
      }
      const status = input.pushAt !== null ? 'scheduled' : stored.jobId !== null ? 'pushed' : 'draft';
      const batch = await repo.updateBatch(tx, batchId, {
        pushAt: input.pushAt === null ? null : new Date(input.pushAt),
        status,
        updater: actor.userName,
        scheduledBy: input.pushAt === null ? null : actor.userId,
      });
      await this.audit(
        tx,
        tenant,
        actor,
        batchId,
        input.pushAt === null ? 'PUSH_SCHEDULE_CANCEL' : 'PUSH_SCHEDULE',
        { pushAt: epoch(stored.pushAt), status: stored.status },
        { pushAt: input.pushAt, status },
      );
      return toPushBatch({ batch });
    });
  }

  /** Spec batch/push/all/{id}: every recipient not pushed yet, from the version read. */
  async pushAll(tenant: Tenant, batchId: number, version: number, actor: Actor): Promise<PushReceipt> {
    return this.db.transaction(async (tx) => {
      const stored = await this.locked(tx, tenant, batchId);
      assertVersion(stored.version, version, 'pushMessages.versionConflict');
      const pending = await repo.pendingCount(tx, batchId);
      if (pending === 0) throw new RuleError(ruleMessage('pushMessages.nothingToPush'));
      return this.start(tx, stored, pending, actor, 'PUSH_ALL');
    });
  }

  /** Spec notification/batchRetry: the failed recipients pushed again, their attempts counted anew. */
  async retry(tenant: Tenant, batchId: number, version: number, actor: Actor): Promise<PushReceipt> {
    return this.db.transaction(async (tx) => {
      const stored = await this.locked(tx, tenant, batchId);
      assertVersion(stored.version, version, 'pushMessages.versionConflict');
      const failed = await repo.requeue(tx, batchId, { failed: true });
      if (failed === 0) throw new RuleError(ruleMessage('pushMessages.nothingToRetry'));
      return this.start(tx, stored, failed, actor, 'PUSH_RETRY');
    });
  }

  /** Spec batch/push/{id}: one recipient pushed (again, when it was pushed before). */
  async pushOne(tenant: Tenant, batchId: number, accountId: string, actor: Actor): Promise<PushReceipt> {
    return this.db.transaction(async (tx) => {
      const stored = await this.locked(tx, tenant, batchId);
      if ((await repo.requeue(tx, batchId, { accountId })) === 0) throw unknownRecipient(accountId);
      return this.start(tx, stored, 1, actor, 'PUSH_ONE', { accountId });
    });
  }

  /** Starts the scheduled batches whose time came (the module's timer calls it). */
  async startDue(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await repo.takeDueBatches(tx, 20);
      for (const batch of due) {
        const pending = await repo.pendingCount(tx, batch.batchId);
        // Started by the schedule, the job is the scheduler's: in their task center, as a push they start is.
        const owner =
          batch.scheduledBy === null
            ? undefined
            : { userId: batch.scheduledBy, userName: batch.updater ?? 'system' };
        await this.start(
          tx,
          batch,
          pending,
          SYSTEM_ACTOR,
          'PUSH_SCHEDULED',
          { pushAt: epoch(batch.pushAt) },
          owner,
        );
      }
      return due.length;
    });
  }

  /**
   * Queues the batch's push job. Jobs of one batch run in the order queued (the kind's order key), so a
   * push to one recipient while the batch is pushed waits for that push and then finds its recipient.
   */
  private async start(
    tx: DbOrTx,
    batch: repo.PushBatchRow,
    recipients: number,
    actor: Actor,
    action: string,
    extra: object = {},
    owner = { userId: actor.userId ?? 0, userName: actor.userName ?? 'system' },
  ): Promise<PushReceipt> {
    const startedBy = actor.userName ?? 'system';
    const job = await this.jobs.enqueue(
      {
        kind: PUSH_JOB,
        tenant: batch.tenant as Tenant,
        createdBy: owner,
        params: { batchId: batch.batchId },
      },
      tx,
    );
    await repo.updateBatch(tx, batch.batchId, {
      status: 'pushing',
      jobId: job.id,
      pushAt: action === 'PUSH_SCHEDULED' ? batch.pushAt : null,
      updater: startedBy,
    });
    await this.audit(tx, batch.tenant as Tenant, actor, batch.batchId, action, undefined, {
      jobId: job.id,
      recipients,
      ...extra,
    });
    return { jobId: job.id, recipients };
  }

  private async found(db: DbOrTx, tenant: Tenant, batchId: number): Promise<repo.PushBatchRow> {
    const batch = await repo.findBatch(db, tenant, batchId);
    if (!batch) throw AppError.notFound('push batch', batchId);
    return batch;
  }

  private async locked(tx: DbOrTx, tenant: Tenant, batchId: number): Promise<repo.PushBatchRow> {
    const batch = await repo.lockBatch(tx, tenant, batchId);
    if (!batch) throw AppError.notFound('push batch', batchId);
    return batch;
  }

  private audit(
    tx: DbOrTx,
    tenant: Tenant,
    actor: Actor,
    batchId: number,
    action: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return writeAudit(tx, {
      actor,
      tenant,
      entityType: PUSH_BATCH_ENTITY,
      entityId: batchId,
      action,
      before,
      after,
    });
  }
}

const unknownRecipient = (accountId: string) =>
  new AppError(
    404,
    'not_found',
    `account ${accountId} is not a recipient of this batch`,
    undefined,
    undefined,
    ruleMessage('pushMessages.unknownRecipient', { accountId }),
  );
