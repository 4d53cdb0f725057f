import { z } from 'zod';
import { Tenant as TenantSchema, type Page, type Tenant } from '@cmp/domain';
import { ruleMessage, type Locale } from '@cmp/domain/messages/format';
import { businessHoursText } from '@cmp/domain/stations/business-hours';
import { feePeriodsText } from '@cmp/domain/stations/fees';
import { RuleError } from '@cmp/domain/shared/rule-error';
import {
  CrowdsourcedFilterSchema,
  REPORT_NEAREST_RADIUS_METERS,
  REPORT_NEAREST_STATIONS,
  REPORT_REVIEW_STATUSES,
  REPORTER_REPORTS_SHOWN,
  REVIEW_NOTIFICATION_ORIGIN,
  type CrowdsourcedFilter,
  type CrowdsourcedListQuery,
  type CrowdsourcedStation,
  type CrowdsourcedStationDetail,
  type NearbyStation,
  type ReportReviewSchema,
} from '@cmp/domain/stations/crowdsourced-stations';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { auditMobileReveal } from '../../platform/auth/mobile-reveal.js';
import { notifyUser } from '../accounts/user-notifications.service.js';
import { removeFileRows } from '../files/file-removal.service.js';
import type { RelationsService } from '../relations/relations.service.js';
import { changedFields } from '../../platform/audit/edits.js';
import { findStation } from '../stations/station-directory.service.js';
import { CROWDSOURCED_LIST_EXPORT } from './crowdsourced-stations.export.js';
import * as repo from './crowdsourced-stations.repo.js';
import { bindDiscoverer, unbindDiscoverer } from './report-discoverer.service.js';
import { findDuplicates } from './report-duplicates.service.js';
import { equipmentSummaries, NO_EQUIPMENT, nearbyStations } from './report-neighbours.repo.js';
import {
  assertNotOnline,
  assertReportVersion,
  auditedFields,
  REPORT_ENTITY,
  reportValues,
  requireLockedReport,
  requireReporter,
  toReport,
  type ReportInput,
} from './report-records.service.js';

/** Who reads: the audit's actor, and whether they see reporters' mobiles whole. */
export interface ReportReader {
  actor: Actor;
  revealMobile: boolean;
}

export type ReportUpdate = ReportInput & { version: number };
export type ReportReview = z.output<typeof ReportReviewSchema>;

/** The export's query: the list's filter with the tenant and the reader's right to see mobiles whole. */
export const CrowdsourcedExportFilterSchema = CrowdsourcedFilterSchema.extend({
  tenant: TenantSchema,
  revealMobile: z.boolean(),
});
export type CrowdsourcedExportFilter = z.infer<typeof CrowdsourcedExportFilterSchema>;

const toReports = (rows: repo.ReportRow[], revealMobile: boolean): CrowdsourcedStation[] =>
  rows.map((row) => toReport(row, revealMobile));

/** A search that names a reporter shows whose mobiles it found: the audit keeps that. */
const namesReporter = (filter: CrowdsourcedFilter): boolean =>
  Boolean(filter.mobile || filter.creatorAccountId);

/** Where a discoverer relation of a report is: its reporter on the network station it names, if both exist. */
async function discoveryOf(tx: DbOrTx, row: repo.ReportTableRow) {
  if (!row.creatorAccountId || !row.stationId) return null;
  const station = await findStation(tx, row.stationId);
  return station
    ? { resourceId: station.resourceId, accountId: row.creatorAccountId, objectId: row.objectId }
    : null;
}

const sameDiscovery = (
  a: { resourceId: string; accountId: string } | null,
  b: { resourceId: string; accountId: string } | null,
) => a?.resourceId === b?.resourceId && a?.accountId === b?.accountId;

/**
 * Crowd-sourced station reports for staff (spec C3.11.5–C3.11.8, C4.13, C4.14): the review queue and its
 * export, a report with what its review needs, edits, deletion and the review itself. Intake is
 * `ReportIntake`'s, going online `ReportOnlineService`'s.
 */
export class CrowdsourcedStationsService {
  constructor(
    private readonly deps: {
      db: Db;
      storage: FileStorage;
      relations: RelationsService;
      duplicateRadiusMeters: number;
    },
  ) {}

  private get db(): Db {
    return this.deps.db;
  }

  async list(
    tenant: Tenant,
    query: CrowdsourcedListQuery,
    reader: ReportReader,
  ): Promise<Page<CrowdsourcedStation>> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.reportList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    // Object ids are unique within a tenant only: a page's ids may also name another tenant's reports.
    const rows = page.rows.filter((row) => row.report.tenant === tenant);
    if (reader.revealMobile && namesReporter(filter)) {
      await auditMobileReveal(this.db, {
        actor: reader.actor,
        tenant,
        via: 'crowdsourced_stations.search',
        query: { mobile: filter.mobile, creatorAccountId: filter.creatorAccountId },
        accountIds: [...new Set(rows.filter((row) => row.mobile).map((row) => row.report.creatorAccountId!))],
      });
    }
    return { items: toReports(rows, reader.revealMobile), total: page.total };
  }

  /** Before an export that names a reporter is answered or queued: whose mobiles the file shows whole. */
  async auditExport(tenant: Tenant, filter: CrowdsourcedFilter, reader: ReportReader): Promise<void> {
    if (!reader.revealMobile || !namesReporter(filter)) return;
    const byMobile = filter.mobile ? await repo.accountIdsWithMobile(this.db, tenant, filter.mobile) : [];
    const named = filter.creatorAccountId ? [filter.creatorAccountId] : [];
    await auditMobileReveal(this.db, {
      actor: reader.actor,
      tenant,
      via: 'crowdsourced_stations.export',
      query: { mobile: filter.mobile, creatorAccountId: filter.creatorAccountId },
      accountIds: [...new Set([...byMobile, ...named])],
    });
  }

  /** The list as an export (`platform/export`): the same filter and order, read batch by batch by key. */
  readonly export = listExport({
    list: 'crowdsourced-stations.list',
    query: CrowdsourcedExportFilterSchema,
    sheet: CROWDSOURCED_LIST_EXPORT,
    rows: repo.reportList,
    items: (rows, { revealMobile }) => toReports(rows, revealMobile),
  });

  /** The report, the network stations nearest to it and the reporter's other reports. */
  async get(
    tenant: Tenant,
    objectId: string,
    reader: ReportReader,
    locale: Locale,
  ): Promise<CrowdsourcedStationDetail> {
    const row = await repo.findReport(this.db, tenant, objectId);
    if (!row) throw AppError.notFound('crowd-sourced station', objectId);
    const { report } = row;
    const creator = report.creatorAccountId;
    const nearestStations = await this.nearestStations(report, locale);
    const reporterReports = creator
      ? await repo.reporterReports(this.db, tenant, creator, objectId, REPORTER_REPORTS_SHOWN)
      : [];
    return {
      report: toReport(row, reader.revealMobile),
      nearestStations,
      reporterReports: reporterReports.map((other) => toReport(other, reader.revealMobile)),
      reporterReportCount: creator ? await repo.countReporterReports(this.db, tenant, creator) : 0,
    };
  }

  /** The stations nearest to the report, their hours and fees as text in the reader's language, for the diff. */
  private async nearestStations(report: repo.ReportTableRow, locale: Locale): Promise<NearbyStation[]> {
    const stations = await nearbyStations(
      this.db,
      report,
      REPORT_NEAREST_RADIUS_METERS,
      REPORT_NEAREST_STATIONS,
    );
    const equipment = await equipmentSummaries(
      this.db,
      stations.map((station) => station.resourceId),
    );
    return stations.map(({ businessHours, electricityFee, serviceFee, ...station }) => ({
      ...station,
      distance: Math.round(station.distance),
      ...(equipment.get(station.resourceId) ?? NO_EQUIPMENT),
      businessHours: businessHours && businessHoursText(businessHours, locale),
      // The review page labels each row, so the fees go without their label.
      electricityFee: electricityFee && feePeriodsText(electricityFee),
      serviceFee: serviceFee && feePeriodsText(serviceFee),
    }));
  }

  /**
   * Saves every field. When the reporter or the station the report names changes, the old reporter's
   * discoverer relation on the old station is unbound and the new one bound (spec C4.14), in the same
   * transaction; a moved report has its duplicate candidates looked for again.
   */
  async update(
    tenant: Tenant,
    objectId: string,
    input: ReportUpdate,
    reader: ReportReader,
  ): Promise<CrowdsourcedStation> {
    const { actor } = reader;
    return this.db.transaction(async (tx) => {
      const stored = await requireLockedReport(tx, tenant, objectId);
      assertNotOnline(stored);
      assertReportVersion(stored.version, input.version);
      const values = reportValues(input);
      if (values.creatorAccountId && values.creatorAccountId !== stored.creatorAccountId) {
        await requireReporter(tx, tenant, values.creatorAccountId);
      }
      const moved =
        values.longitude !== stored.longitude ||
        values.latitude !== stored.latitude ||
        values.stationId !== stored.stationId;
      const station = values.stationId ? await findStation(tx, values.stationId) : undefined;
      const duplicates = moved
        ? await findDuplicates(tx, tenant, {
            point: values,
            radiusMeters: this.deps.duplicateRadiusMeters,
            stationId: station?.resourceId ?? null,
            objectId,
          })
        : null;
      const row = await repo.updateReport(tx, tenant, objectId, {
        ...values,
        ...(duplicates && {
          duplicateCandidates: duplicates,
          suspectedDuplicate: duplicates.length > 0,
        }),
      });
      await this.rebind(tx, tenant, stored, row, actor);
      const changes = changedFields(auditedFields(stored), auditedFields(row));
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: REPORT_ENTITY,
        entityId: objectId,
        action: 'UPDATE',
        before: changes.before,
        after: changes.after,
      });
      return toReport((await repo.findReport(tx, tenant, objectId))!, reader.revealMobile);
    });
  }

  private async rebind(
    tx: DbOrTx,
    tenant: Tenant,
    stored: repo.ReportTableRow,
    row: repo.ReportTableRow,
    actor: Actor,
  ): Promise<void> {
    const before = await discoveryOf(tx, stored);
    const after = await discoveryOf(tx, row);
    if (sameDiscovery(before, after)) return;
    if (before) {
      const reason =
        before.accountId === after?.accountId
          ? `report ${row.objectId}: station changed`
          : `report ${row.objectId}: reporter changed`;
      await unbindDiscoverer(this.deps.relations, tx, tenant, before, reason, actor);
    }
    if (after) await bindDiscoverer(this.deps.relations, tx, tenant, after, actor);
  }

  /** Deletes a report that is not online, and its pictures' files once the deletion is committed. */
  async remove(tenant: Tenant, objectId: string, version: number, actor: Actor): Promise<void> {
    const storageKeys = await this.db.transaction(async (tx) => {
      const stored = await requireLockedReport(tx, tenant, objectId);
      assertNotOnline(stored);
      assertReportVersion(stored.version, version);
      await repo.deleteReport(tx, tenant, objectId);
      const keys = await removeFileRows(
        tx,
        stored.pictures.map((picture) => picture.fileId),
      );
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: REPORT_ENTITY,
        entityId: objectId,
        action: 'DELETE',
        before: auditedFields(stored),
      });
      return keys;
    });
    // Bytes no row points to any more; one that cannot be removed now is only disk space.
    await Promise.allSettled(storageKeys.map((key) => this.deps.storage.remove(key)));
  }

  /**
   * Approves or rejects a report not yet online; a rejection keeps its reason, an approval clears it. With
   * a notification, the reporter's message is written to the outbox in the same transaction.
   */
  async review(
    tenant: Tenant,
    objectId: string,
    input: ReportReview,
    reader: ReportReader,
  ): Promise<CrowdsourcedStation> {
    const { actor } = reader;
    return this.db.transaction(async (tx) => {
      const stored = await requireLockedReport(tx, tenant, objectId);
      assertNotOnline(stored);
      assertReportVersion(stored.version, input.version);
      if (input.sendNotification && !stored.creatorAccountId) {
        throw new RuleError(ruleMessage('crowdsourced.noReporter'));
      }
      const approved = input.stationStatus === REPORT_REVIEW_STATUSES.approved;
      const row = await repo.updateReport(tx, tenant, objectId, {
        stationStatus: input.stationStatus,
        reviewUser: actor.userName,
        reviewTime: new Date(),
        rejectReason: approved ? null : (input.rejectReason ?? null),
      });
      if (input.sendNotification) {
        await notifyUser(tx, {
          tenant,
          accountId: stored.creatorAccountId!,
          title: input.notificationTitle!,
          content: input.notificationContent!,
          origin: REVIEW_NOTIFICATION_ORIGIN,
          originId: objectId,
          createdBy: actor.userName,
        });
      }
      const reviewOf = (r: repo.ReportTableRow) => ({
        stationStatus: r.stationStatus,
        reviewUser: r.reviewUser,
        reviewTime: r.reviewTime?.getTime() ?? null,
        rejectReason: r.rejectReason,
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: REPORT_ENTITY,
        entityId: objectId,
        action: 'REVIEW',
        before: reviewOf(stored),
        after: reviewOf(row),
        extData: { notified: input.sendNotification },
      });
      return toReport((await repo.findReport(tx, tenant, objectId))!, reader.revealMobile);
    });
  }
}
