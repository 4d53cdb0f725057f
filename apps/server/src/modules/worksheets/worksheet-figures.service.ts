import { count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { worksheets } from './worksheets.tables.js';

/**
 * What the home dashboard reads of worksheets. Open worksheets are the few of the network's: counted over
 * `worksheets_status_idx` (status, id), an index-only range, not the table.
 */
export class WorksheetFigures {
  constructor(private readonly db: Db) {}

  async open(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(worksheets).where(eq(worksheets.status, 'open'));
    return row?.n ?? 0;
  }
}
