import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import {
  REPORT_ONLINE_STATUSES,
  REPORT_REVIEW_STATUSES,
  type CrowdsourcedStation,
  type ReportOnlineSchema,
} from '@cmp/domain/stations/crowdsourced-stations';
import { PICTURE_SCENES, PICTURE_SOURCES } from '@cmp/domain/stations/pictures';
import { onlineStationId } from '@cmp/domain/stations/reported-stations';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { readAll, removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import { preparePicture, storePicture, type PreparedPicture } from '../pictures/picture-store.service.js';
import type { RelationsService } from '../relations/relations.service.js';
import { insertChargeStation } from '../stations/station-intake.service.js';
import {
  requireRegion,
  STATION_ENTITY,
  stationEvents,
  findStation,
} from '../stations/station-directory.service.js';
import type { ReportPictureRef } from './crowdsourced-stations.tables.js';
import * as repo from './crowdsourced-stations.repo.js';
import { bindDiscoverer } from './report-discoverer.service.js';
import {
  assertNotOnline,
  assertReportVersion,
  REPORT_ENTITY,
  requireLockedReport,
  toReport,
} from './report-records.service.js';
import type { ReportReader } from './crowdsourced-stations.service.js';

export type ReportOnline = z.output<typeof ReportOnlineSchema>;

/** The station action that opens the history of a station made from a report. */
export const STATION_CREATE_ACTION = 'CHARGE_STATION_CREATE';
/** A station in operation: what the report says is there. */
const OPERATING = 50;

/** A new station's id when the report names none by the -NIO- rule: `CS-` and 16 hex digits. */
const newStationId = () => `CS-${randomBytes(8).toString('hex')}`;

/** Only an approved report not online yet goes online, from the version the reviewer saw. */
function assertCanGoOnline(row: repo.ReportTableRow, version: number): void {
  assertNotOnline(row);
  if (row.stationStatus !== REPORT_REVIEW_STATUSES.approved) {
    throw new RuleError(ruleMessage('crowdsourced.notApproved'));
  }
  assertReportVersion(row.version, version);
}

/** What the renderer answers for bytes it cannot take: damaged (415) or too many pixels (413). */
const UNREADABLE = new Set([413, 415]);

/**
 * Brings an approved report online (spec C4.11): about a station the network has, the report is marked
 * online with it; otherwise one transaction makes the charge station from the report and the reviewer's
 * form (its chargers, the report's pictures as user pictures, the reporter as discoverer, the station's
 * history opening with CHARGE_STATION_CREATE) and marks the report online with it. The route planner
 * hears of the new station once it is committed.
 */
export class ReportOnlineService {
  constructor(private readonly deps: { db: Db; storage: FileStorage; relations: RelationsService }) {}

  async bringOnline(
    tenant: Tenant,
    objectId: string,
    input: ReportOnline,
    reader: ReportReader,
  ): Promise<{ report: CrowdsourcedStation; resourceId: string }> {
    const { db } = this.deps;
    const found = await repo.findReport(db, tenant, objectId);
    if (!found) throw AppError.notFound('crowd-sourced station', objectId);
    assertCanGoOnline(found.report, input.version);
    const existing = found.report.stationId ? await findStation(db, found.report.stationId) : undefined;
    const duplicates = found.report.duplicateCandidates.length;
    if (!existing && duplicates > 0 && input.duplicatesConfirmed !== true) {
      throw new RuleError(ruleMessage('crowdsourced.duplicatesUnconfirmed', { count: duplicates }));
    }
    const resourceId = existing
      ? await this.markOnline(tenant, objectId, input.version, existing.resourceId, reader.actor)
      : await this.createStation(tenant, found.report, input, reader.actor);
    const row = await repo.findReport(db, tenant, objectId);
    return { report: toReport(row!, reader.revealMobile), resourceId };
  }

  /** The report is about a station the network has: it goes online with it, nothing is made. */
  private async markOnline(
    tenant: Tenant,
    objectId: string,
    version: number,
    resourceId: string,
    actor: Actor,
  ): Promise<string> {
    await this.deps.db.transaction(async (tx) => {
      const stored = await requireLockedReport(tx, tenant, objectId);
      assertCanGoOnline(stored, version);
      await this.finish(tx, tenant, stored, resourceId, actor, { created: false });
    });
    return resourceId;
  }

  private async createStation(
    tenant: Tenant,
    report: repo.ReportTableRow,
    input: ReportOnline,
    actor: Actor,
  ): Promise<string> {
    const { db, storage } = this.deps;
    const resourceId =
      onlineStationId(report.stationId ?? '') ?? onlineStationId(report.objectId) ?? newStationId();
    const region = requireRegion(input.regionId);
    const operator = await repo.findOperator(db, input.operatorId);
    if (!operator) {
      throw new RuleError(ruleMessage('crowdsourced.unknownOperator', { operatorId: input.operatorId }));
    }
    // The image work runs before the transaction, as an upload's does.
    const pictures = await this.preparePictures(report.pictures);
    await removingFilesOnFailure(storage, (tracked) =>
      db.transaction(async (tx) => {
        const stored = await requireLockedReport(tx, tenant, report.objectId);
        assertCanGoOnline(stored, input.version);
        const resource = {
          resourceId,
          resourceName: input.resourceName,
          operatorId: operator.operatorId,
          equipmentOwnerId: operator.equipmentOwnerId,
          regionId: input.regionId,
          cityId: region.cityId,
          provinceId: region.provinceId,
          address: input.address,
          longitude: input.longitude,
          latitude: input.latitude,
          status: OPERATING,
          construction: stored.construction,
          guide: input.guide ?? null,
        };
        const station = {
          resource,
          // The station's zone is the one its hours are written in.
          timezone: input.businessHours.timezone,
          businessHours: input.businessHours,
          electricityFee: input.electricityFee,
          serviceFee: input.serviceFee,
          parkNumbers: input.parkNumbers ?? stored.parkNums,
          chargers: input.chargers,
        };
        if (!(await insertChargeStation(tx, station))) {
          throw AppError.conflict(ruleMessage('crowdsourced.stationIdTaken', { resourceId }));
        }
        const { resource: _resource, ...details } = station;
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: STATION_ENTITY,
          entityId: resourceId,
          action: STATION_CREATE_ACTION,
          before: null,
          after: { ...resource, resourceType: 'ChargeStation', ...details },
          extData: { crowdsourcedObjectId: stored.objectId, source: stored.source },
        });
        for (const picture of pictures.prepared) {
          await storePicture(tx, tracked, picture, {
            resourceId,
            sourceId: PICTURE_SOURCES.user,
            sceneId: PICTURE_SCENES.other,
            actor,
            tenant,
          });
        }
        await this.finish(tx, tenant, stored, resourceId, actor, {
          created: true,
          picturesLeftOut: pictures.leftOut,
        });
      }),
    );
    stationEvents.emit('changed', resourceId);
    return resourceId;
  }

  /**
   * The report's pictures, read back and rendered. One whose bytes are gone or cannot be rendered is left
   * out rather than keeping the station off the network: the reviewer cannot replace a reporter's picture.
   */
  private async preparePictures(
    refs: ReportPictureRef[],
  ): Promise<{ prepared: PreparedPicture[]; leftOut: number }> {
    const files = await repo.pictureFiles(
      this.deps.db,
      refs.map((ref) => ref.fileId),
    );
    const prepared: PreparedPicture[] = [];
    for (const ref of refs) {
      const file = files.get(ref.fileId);
      if (!file) continue;
      const data = await this.read(file.storageKey);
      if (!data) continue;
      try {
        prepared.push(await preparePicture(data, ref.name));
      } catch (error) {
        if (!(error instanceof AppError && UNREADABLE.has(error.status))) throw error;
      }
    }
    return { prepared, leftOut: refs.length - prepared.length };
  }

  /** The bytes, or null when the storage no longer has them. */
  private async read(storageKey: string): Promise<Buffer | null> {
    try {
      return await readAll(await this.deps.storage.open(storageKey));
    } catch {
      return null;
    }
  }

  /** Binds the reporter as the station's discoverer and marks the report online with the station. */
  private async finish(
    tx: DbOrTx,
    tenant: Tenant,
    stored: repo.ReportTableRow,
    resourceId: string,
    actor: Actor,
    extData: { created: boolean; picturesLeftOut?: number },
  ): Promise<void> {
    const { objectId } = stored;
    if (stored.creatorAccountId) {
      const discovery = { resourceId, accountId: stored.creatorAccountId, objectId };
      await bindDiscoverer(this.deps.relations, tx, tenant, discovery, actor);
    }
    await repo.updateReport(tx, tenant, objectId, {
      onlineStatus: REPORT_ONLINE_STATUSES.online,
      stationId: resourceId,
    });
    await writeAudit(tx, {
      actor,
      tenant,
      entityType: REPORT_ENTITY,
      entityId: objectId,
      action: 'ONLINE',
      before: { onlineStatus: stored.onlineStatus, stationId: stored.stationId },
      after: { onlineStatus: REPORT_ONLINE_STATUSES.online, stationId: resourceId },
      extData,
    });
  }
}
