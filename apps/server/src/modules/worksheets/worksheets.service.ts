import type { z } from 'zod';
import type { Page, Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import {
  WorksheetFilterSchema,
  type Worksheet,
  type WorksheetCloseSchema,
  type WorksheetCreateSchema,
  type WorksheetListFilter,
  type WorksheetStatus,
} from '@cmp/domain/stations/worksheets';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { worksheetClosed, worksheetOpened } from '../stations/station-directory.service.js';
import { WORKSHEET_LIST_EXPORT } from './worksheets.export.js';
import * as repo from './worksheets.repo.js';

export type WorksheetCreateInput = z.infer<typeof WorksheetCreateSchema>;
export type WorksheetCloseInput = z.infer<typeof WorksheetCloseSchema>;

/** Who acts: the audit actor, and the name a worksheet shows as its creator or closer. */
export interface ActingStaff {
  actor: Actor;
  displayName: string;
}

export const toWorksheet = ({ worksheet: w, resourceName, resourceType }: repo.WorksheetRow): Worksheet => ({
  worksheetId: w.worksheetId,
  resourceId: w.resourceId,
  resourceName,
  resourceType,
  tenant: w.tenant,
  title: w.title,
  description: w.description,
  status: w.status as WorksheetStatus,
  creatorName: w.creatorName,
  closedByName: w.closedByName,
  closeRemark: w.closeRemark,
  createTime: w.createdAt.getTime(),
  updateTime: w.updatedAt.getTime(),
  closeTime: w.closedAt?.getTime() ?? null,
});

/**
 * Worksheets are work orders on network-wide stations: every tenant sees all of them, as it sees the
 * station's worksheet counters; `tenant` records where one was raised. Their history lives in the
 * station's operation records.
 */
export class WorksheetsService {
  constructor(private readonly db: Db) {}

  async list(query: WorksheetListFilter): Promise<Page<Worksheet>> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.worksheetList.page(this.db, filter, { pageNo, pageSize });
    return { items: page.rows.map(toWorksheet), total: page.total };
  }

  /** The list as an export (`platform/export`): the same filter and order, read batch by batch by key. */
  readonly export = listExport({
    list: 'worksheets.list',
    query: WorksheetFilterSchema,
    sheet: WORKSHEET_LIST_EXPORT,
    rows: repo.worksheetList,
    items: (rows) => rows.map(toWorksheet),
  });

  /** The station a worksheet is on (the stations module asks, through app.ts, to check a change's worksheet). */
  stationOf(db: DbOrTx, worksheetId: number): Promise<string | undefined> {
    return repo.stationOfWorksheet(db, worksheetId);
  }

  async get(worksheetId: number): Promise<Worksheet> {
    return toWorksheet(await this.require(this.db, worksheetId));
  }

  async create(tenant: Tenant, input: WorksheetCreateInput, acting: ActingStaff): Promise<Worksheet> {
    return this.db.transaction(async (tx) => {
      // Counting first also proves the station exists before the worksheet row refers to it.
      if (!(await worksheetOpened(tx, input.resourceId))) {
        throw AppError.notFound('station', input.resourceId);
      }
      const worksheetId = await repo.insertWorksheet(tx, {
        resourceId: input.resourceId,
        tenant,
        title: input.title,
        description: input.description ?? '',
        status: 'open',
        creatorUserId: acting.actor.userId,
        creatorName: acting.displayName,
      });
      const created = await this.require(tx, worksheetId);
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: 'station',
        entityId: created.worksheet.resourceId,
        action: 'WORKSHEET_CREATE',
        after: {
          title: created.worksheet.title,
          description: created.worksheet.description,
          status: created.worksheet.status,
        },
        extData: { worksheet_id: worksheetId },
      });
      return toWorksheet(created);
    });
  }

  async close(
    tenant: Tenant,
    worksheetId: number,
    input: WorksheetCloseInput,
    acting: ActingStaff,
  ): Promise<Worksheet> {
    return this.db.transaction(async (tx) => {
      const before = await this.require(tx, worksheetId);
      const closeRemark = input.closeRemark ?? null;
      // The update only closes an open worksheet, so two closes at once cannot both count.
      if (!(await repo.closeWorksheet(tx, worksheetId, { closedByName: acting.displayName, closeRemark }))) {
        throw new RuleError(ruleMessage('worksheet.alreadyClosed'));
      }
      await worksheetClosed(tx, before.worksheet.resourceId);
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: 'station',
        entityId: before.worksheet.resourceId,
        action: 'WORKSHEET_CLOSE',
        before: { status: before.worksheet.status },
        after: { status: 'closed', closeRemark },
        extData: { worksheet_id: worksheetId },
      });
      return toWorksheet(await this.require(tx, worksheetId));
    });
  }

  private async require(db: DbOrTx, worksheetId: number): Promise<repo.WorksheetRow> {
    const row = await repo.findWorksheet(db, worksheetId);
    if (!row) throw AppError.notFound('worksheet', worksheetId);
    return row;
  }
}
