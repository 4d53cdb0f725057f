import { eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { pageOffset } from '@cmp/domain';
import type { DbOrTx } from '../db/database.js';
import { defineList, type ListPage, type Sorted } from '../lists/define-list.js';
import { auditRecords } from './audit.tables.js';

export type AuditRecordRow = typeof auditRecords.$inferSelect;

/** What every history can be narrowed by: the actions, who acted and when. */
export interface HistoryFilter {
  actions?: readonly string[];
  userId?: number;
  userType?: string;
  /** Epoch milliseconds; the whole end millisecond is inside the range. */
  operationTimeBegin?: number;
  operationTimeEnd?: number;
}

/** The conditions of a history filter, on `audit_records`. */
export function historyConditions(f: HistoryFilter): (SQL | undefined)[] {
  return [
    f.actions?.length ? inArray(auditRecords.action, [...f.actions]) : undefined,
    f.userId !== undefined ? eq(auditRecords.actorUserId, f.userId) : undefined,
    f.userType ? eq(auditRecords.actorType, f.userType) : undefined,
    f.operationTimeBegin !== undefined
      ? gte(auditRecords.occurredAt, new Date(f.operationTimeBegin))
      : undefined,
    // Stored times are finer than a millisecond.
    f.operationTimeEnd !== undefined
      ? lt(auditRecords.occurredAt, new Date(f.operationTimeEnd + 1))
      : undefined,
  ];
}

/** A page of a history: by `pageNo`, or after the record `lastRecordId` whatever `pageNo` says. */
export interface HistoryPage extends ListPage {
  lastRecordId?: number;
}

/**
 * An entity's history (the spec's operation records): the audit records the filter keeps, newest first.
 * Ids grow with time, so the id is the order, and audit_records_entity_idx (entity type, entity id, id)
 * serves it backwards. A page continues after `lastRecordId` by key, so records arriving while someone
 * reads older ones do not shift the pages; without it, `pageNo` pages by offset. Each page answers the
 * filter's total and the record the next page continues after (null when none follows).
 */
export function auditHistory<Filter>(where: (filter: Filter) => SQL | undefined) {
  const list = defineList({
    table: auditRecords,
    id: auditRecords.id,
    sort: { keys: { recordId: auditRecords.id }, default: 'recordId:desc' },
    where,
    select: (db, cursor) =>
      db
        .select({ record: auditRecords, ...cursor })
        .from(auditRecords)
        .$dynamic(),
  });
  return {
    async page(
      db: DbOrTx,
      filter: Sorted<Filter>,
      { pageNo, pageSize, lastRecordId }: HistoryPage,
    ): Promise<{ rows: AuditRecordRow[]; total: number; next: number | null }> {
      if (lastRecordId === undefined) {
        const { rows, total } = await list.page(db, filter, { pageNo, pageSize });
        const last = rows.at(-1);
        const more = pageOffset(pageNo, pageSize) + rows.length < total;
        return { rows: rows.map((row) => row.record), total, next: more && last ? last.record.id : null };
      }
      const after = { value: String(lastRecordId), id: String(lastRecordId) };
      // One row more than the page tells whether another page follows.
      const [batch, total] = await Promise.all([
        list.batch(db, filter, after, pageSize + 1),
        list.count(db, filter),
      ]);
      const rows = batch.rows.slice(0, pageSize).map((row) => row.record);
      const last = rows.at(-1);
      return { rows, total, next: batch.rows.length > pageSize && last ? last.id : null };
    },
  };
}
