import { and, eq, sum } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { REPORT_REVIEW_STATUSES } from '@cmp/domain/stations/reported-stations';
import type { Db } from '../../platform/db/database.js';
import { crowdsourcedTotals } from './crowdsourced-stations.tables.js';

/** What the home dashboard reads of crowd-sourced reports: the tenant's review queue, from the kept totals. */
export class ReportFigures {
  constructor(private readonly db: Db) {}

  async pendingReview(tenant: Tenant): Promise<number> {
    const [row] = await this.db
      .select({ n: sum(crowdsourcedTotals.total).mapWith(Number) })
      .from(crowdsourcedTotals)
      .where(
        and(
          eq(crowdsourcedTotals.tenant, tenant),
          eq(crowdsourcedTotals.stationStatus, REPORT_REVIEW_STATUSES.pending),
        ),
      );
    return row?.n ?? 0;
  }
}
