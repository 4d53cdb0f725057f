import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import type {
  AppReportSchema,
  CrowdsourcedStation,
  StaffReportSchema,
} from '@cmp/domain/stations/crowdsourced-stations';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { makeRenditions, pictureType, RENDITION_TYPE } from '../../platform/images/renditions.js';
import { removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import type { DetectedType } from '../../platform/storage/file-type.js';
import { NETWORK_FILES, storeFile } from '../files/files.service.js';
import type { RelationsService } from '../relations/relations.service.js';
import { findStation } from '../stations/station-directory.service.js';
import type { ReportPictureRef } from './crowdsourced-stations.tables.js';
import * as repo from './crowdsourced-stations.repo.js';
import { bindDiscoverer } from './report-discoverer.service.js';
import { findDuplicates } from './report-duplicates.service.js';
import {
  auditedFields,
  REPORT_ENTITY,
  reportValues,
  requireReporter,
  toReport,
  type ReportInput,
} from './report-records.service.js';

export type AppReport = z.output<typeof AppReportSchema>;
export type StaffReport = z.output<typeof StaffReportSchema>;

/** A picture whose bytes were checked, ready to store. */
interface CheckedPicture {
  name: string;
  data: Buffer;
  type: DetectedType;
}

/** The id of a report staff enter: `CSR-` and 16 hex digits from the CSPRNG. */
const staffObjectId = () => `CSR-${randomBytes(8).toString('hex')}`;

/** A report's picture is kept as one JPEG of at most this side, as comments keep theirs. */
const PICTURE_SIDE = 1600;

/**
 * Each picture checked as every intake checks pictures: 415 unless a JPEG, PNG or WebP that decodes
 * whole, 413 beyond 50 megapixels, and kept as a JPEG drawn from the decoded pixels (never the bytes as
 * sent, which may carry EXIF with the reporter's position, or be a damaged file staff browsers would open).
 */
async function checkedPictures(uploads: AppReport['pictures']): Promise<CheckedPicture[]> {
  const checked: CheckedPicture[] = [];
  for (const upload of uploads) {
    const data = Buffer.from(upload.data, 'base64');
    pictureType(data, upload.name ?? '');
    const { large } = await makeRenditions(data, { large: PICTURE_SIDE });
    const name = `${path.parse(upload.name ?? '').name || 'picture'}.${RENDITION_TYPE.extension}`;
    checked.push({ name, data: large.data, type: RENDITION_TYPE });
  }
  return checked;
}

/** Another request stored the report with the same id first; its transaction is undone. */
class AlreadyReported extends Error {}

export interface IntakeDeps {
  db: Db;
  storage: FileStorage;
  relations: RelationsService;
  duplicateRadiusMeters: number;
}

/**
 * Reports coming in, from the app back end (signed, keyed by the app's id so a resend is the same report)
 * and from staff. A report about a station the network has reuses it and binds its reporter as the
 * discoverer at once; stations and open reports within the duplicate radius are kept as its candidates.
 */
export class ReportIntake {
  constructor(private readonly deps: IntakeDeps) {}

  /** The report and whether it is new: a resend of a known id answers the stored report unchanged. */
  async fromApp(
    tenant: Tenant,
    input: AppReport,
    actor: Actor,
  ): Promise<{ report: CrowdsourcedStation; created: boolean }> {
    const { pictures, objectId, ...fields } = input;
    const known = await repo.findReport(this.deps.db, tenant, objectId);
    if (known) return { report: toReport(known, false), created: false };
    const checked = await checkedPictures(pictures);
    try {
      const row = await this.create(tenant, objectId, fields, checked, actor);
      return { report: toReport(row, false), created: true };
    } catch (error) {
      if (!(error instanceof AlreadyReported)) throw error;
      const stored = await repo.findReport(this.deps.db, tenant, objectId);
      return { report: toReport(stored!, false), created: false };
    }
  }

  async fromStaff(
    tenant: Tenant,
    input: StaffReport,
    actor: Actor,
    revealMobile: boolean,
  ): Promise<CrowdsourcedStation> {
    const row = await this.create(tenant, staffObjectId(), input, [], actor);
    return toReport(row, revealMobile);
  }

  private create(
    tenant: Tenant,
    objectId: string,
    input: ReportInput,
    pictures: CheckedPicture[],
    actor: Actor,
  ): Promise<repo.ReportRow> {
    const { db, relations, duplicateRadiusMeters } = this.deps;
    return removingFilesOnFailure(this.deps.storage, (storage) =>
      db.transaction(async (tx) => {
        if (input.creatorAccountId) await requireReporter(tx, tenant, input.creatorAccountId);
        const station = input.stationId ? await findStation(tx, input.stationId) : undefined;
        const duplicateCandidates = await findDuplicates(tx, tenant, {
          point: input,
          radiusMeters: duplicateRadiusMeters,
          stationId: station?.resourceId ?? null,
          objectId: null,
        });
        const stored: ReportPictureRef[] = [];
        for (const picture of pictures) {
          const file = await storeFile(tx, storage, {
            owner: NETWORK_FILES,
            name: picture.name,
            data: picture.data,
            type: picture.type,
            createdBy: actor.userId,
          });
          stored.push({ fileId: file.fileId, name: file.name });
        }
        // A report naming a known operator by id alone shows that operator's name.
        const operator =
          input.operatorId && !input.operatorName ? await repo.findOperator(tx, input.operatorId) : undefined;
        const row = await repo.insertReport(tx, {
          tenant,
          objectId,
          ...reportValues(input),
          ...(operator && { operatorName: operator.operatorName }),
          createUser: actor.userName,
          pictures: stored,
          duplicateCandidates,
          suspectedDuplicate: duplicateCandidates.length > 0,
        });
        if (!row) throw new AlreadyReported();
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: REPORT_ENTITY,
          entityId: objectId,
          action: 'CREATE',
          after: auditedFields(row),
          extData: { pictures: stored.length, duplicateCandidates: duplicateCandidates.length },
        });
        if (station && row.creatorAccountId) {
          const discovery = { resourceId: station.resourceId, accountId: row.creatorAccountId, objectId };
          await bindDiscoverer(relations, tx, tenant, discovery, actor);
        }
        return (await repo.findReport(tx, tenant, objectId))!;
      }),
    );
  }
}
