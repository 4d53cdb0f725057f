import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ERROR_CODES, Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { activityStatusOf, type ActivityState } from '@cmp/domain/activities/activity-statuses';
import {
  ActivityStationQuerySchema,
  type ActivityStationItem,
  type ActivityStationPage,
  type ActivityStationQuery,
  type ActivityStationsAdded,
  type BindAwards,
} from '@cmp/domain/activities/activity-stations';
import { ruleMessage, type Locale } from '@cmp/domain/messages/format';
import type { OperationListItem, OperationListQuery } from '@cmp/domain/stations/operation-list-item';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import type { ListExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import { detectFileType } from '../../platform/storage/file-type.js';
import type { OperationListService } from '../stations/operation-list.service.js';
import { couponNamesOf } from '../coupons/coupons.views.js';
import * as activityRepo from './activities.repo.js';
import { ACTIVITY_ENTITY, type GivenRewards } from './activities.service.js';
import { STATION_IMPORT_JOB } from './activity-station-import.job.js';
import { ACTIVITY_STATION_EXPORT } from './activity-stations.export.js';
import { keepWithinMaxActive, maxActiveOf } from './activity-station-limits.js';
import * as repo from './activity-stations.repo.js';

/** The export's query: the list's filter with the tenant of the area it was asked in. */
export const ActivityStationExportQuerySchema = ActivityStationQuerySchema.extend({ tenant: TenantSchema });
export type ActivityStationExportQuery = z.infer<typeof ActivityStationExportQuerySchema>;

/** The operations list's query of an activity station query: `active` is the station's in the activity. */
const stationQueryOf = ({ active, tenant, ...filter }: ActivityStationExportQuery): OperationListQuery => ({
  ...filter,
  activityActive: active,
  activityTenant: tenant,
});

type ResourceAward = ActivityStationItem['resourceAwards'][number];

const toAward = (row: Awaited<ReturnType<typeof repo.awardsOf>>[number]): ResourceAward => ({
  degree: row.degree,
  couponBatchId: row.couponBatchId,
  couponBatchName: row.couponBatchName,
  issueAmount: row.issueAmount,
  remainAmount: row.totalAmount - row.issueAmount,
  totalAmount: row.totalAmount,
});

const toItem = (
  station: OperationListItem,
  relation: repo.ActivityStationRow | undefined,
  resourceAwards: ResourceAward[],
): ActivityStationItem => ({
  relationId: relation?.relationId ?? null,
  activityId: relation?.activityId ?? null,
  resourceId: station.resourceId,
  resourceType: station.resourceType,
  resourceName: station.resourceName,
  operatorId: station.operatorId,
  operatorName: station.operatorName,
  equipmentOwner: station.equipmentOwner,
  region: station.region,
  address: station.address,
  active: relation?.active ?? null,
  surplusNum: null,
  resourceAwards,
  recommendationCode: station.recommendationCode,
  commentaryNumber: station.commentaryNumber,
  focusedCommentaryNumber: station.focusedCommentaryNumber,
  worksheetNumber: station.worksheetNumber,
  openWorksheetNumber: station.openWorksheetNumber,
  basicInfoUpdateTime: station.basicInfoUpdateTime,
});

/**
 * The stations taking part in activities (spec M3.1.12–M3.1.13, §7 resource calls): the list, which is the
 * operations list with the activity filters and each station's part in the activity; adding by id and by
 * operator, activating, deactivating and removing, each recorded in the activity's audit.
 */
export class ActivityStationsService {
  constructor(
    private readonly db: Db,
    private readonly stations: OperationListService,
    private readonly jobs: Jobs,
    private readonly storage: FileStorage,
    private readonly rewards: Pick<GivenRewards, 'redPacketsAt'>,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * resource/add/upload: a sheet of station ids, checked and added by a durable job
   * (`activity-station-import.job.ts`) that ends with the sheet marked when any row is wrong.
   */
  async startImport(
    tenant: Tenant,
    activityId: number,
    file: { name: string; data: Buffer },
    actor: Actor,
    locale: Locale,
  ): Promise<{ jobId: number }> {
    if (detectFileType(file.data, file.name)?.kind !== 'spreadsheet') {
      const rule = ruleMessage('activityStations.notSpreadsheet');
      throw new AppError(415, ERROR_CODES.unsupportedFile, rule.key, undefined, undefined, rule);
    }
    if (actor.userId === null) throw AppError.forbidden('a staff user imports stations');
    const fileKey = `activity-station-imports/${tenant}/${randomUUID()}.xlsx`;
    return removingFilesOnFailure(this.storage, (storage) =>
      this.db.transaction(async (tx) => {
        await this.changeable(tx, tenant, activityId);
        await storage.put(fileKey, file.data);
        const job = await this.jobs.enqueue(
          {
            kind: STATION_IMPORT_JOB,
            tenant,
            createdBy: { userId: actor.userId!, userName: actor.userName ?? '' },
            params: { activityId, fileKey, fileName: file.name.slice(0, 255), locale },
          },
          tx,
        );
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: ACTIVITY_ENTITY,
          entityId: activityId,
          action: 'ACTIVITY_STATIONS_IMPORT',
          after: { jobId: job.id, fileName: file.name },
        });
        return { jobId: job.id };
      }),
    );
  }

  async list(tenant: Tenant, query: ActivityStationQuery): Promise<ActivityStationPage> {
    if (query.activityId !== undefined) await this.activity(this.db, tenant, query.activityId);
    const page = await this.stations.list(stationQueryOf({ ...query, tenant }));
    return {
      items: await this.withRelations(this.db, tenant, query.activityId, page.items),
      total: page.total,
    };
  }

  /**
   * resource/list/download: the list as an export, batch by batch from the operations list's own export
   * with each station's part in the activity added.
   */
  readonly export: ListExport<ActivityStationItem, ActivityStationExportQuery> = {
    list: 'activities.stations',
    query: ActivityStationExportQuerySchema,
    ...ACTIVITY_STATION_EXPORT,
    count: (db, query) => this.stations.export.count(db, stationQueryOf(query)),
    batch: async (db, query, cursor, size) => {
      const batch = await this.stations.export.batch(db, stationQueryOf(query), cursor, size);
      return {
        rows: await this.withRelations(db, query.tenant, query.activityId, batch.rows),
        next: batch.next,
      };
    },
  };

  private async withRelations(
    db: DbOrTx,
    tenant: Tenant,
    activityId: number | undefined,
    stations: OperationListItem[],
  ): Promise<ActivityStationItem[]> {
    const relations =
      activityId === undefined
        ? []
        : await repo.relationsOf(
            db,
            tenant,
            activityId,
            stations.map((station) => station.resourceId),
          );
    const byStation = new Map(relations.map((relation) => [relation.resourceId, relation]));
    const awards = await repo.awardsOf(
      db,
      relations.map((relation) => relation.relationId),
    );
    const awardsOf = (relationId: number | undefined) =>
      awards.filter((award) => award.relationId === relationId).map(toAward);
    const surplus =
      activityId === undefined ? undefined : await this.redPacketsLeft(db, tenant, activityId, relations);
    return stations.map((station) => {
      const relation = byStation.get(station.resourceId);
      const item = toItem(station, relation, awardsOf(relation?.relationId));
      return relation && surplus ? { ...item, surplusNum: surplus(relation.resourceId) } : item;
    });
  }

  /** A charger red packet's red packets left at each station: its number per station less those given. */
  private async redPacketsLeft(
    db: DbOrTx,
    tenant: Tenant,
    activityId: number,
    relations: repo.ActivityStationRow[],
  ): Promise<((resourceId: string) => number) | undefined> {
    const activity = await activityRepo.findActivity(db, tenant, activityId);
    if (activity?.activity.activityType !== 'charger_red_packet' || relations.length === 0) return undefined;
    const perStation = Number(
      activity.activity.activityRules.find((rule) => rule.ruleKey === 'reward_number_per_resource')
        ?.ruleValue ?? 0,
    );
    const given = await this.rewards.redPacketsAt(
      db,
      activityId,
      relations.map((relation) => relation.resourceId),
    );
    return (resourceId) => Math.max(0, perStation - (given.get(resourceId) ?? 0));
  }

  /**
   * resource/add: the stations named, each reported as added, already in, unknown, or of an operator the
   * activity is not limited to. Not into a finished activity.
   */
  async add(
    tenant: Tenant,
    activityId: number,
    resourceIds: string[],
    actor: Actor,
  ): Promise<ActivityStationsAdded> {
    const ids = [...new Set(resourceIds)];
    return this.db.transaction(async (tx) => {
      const activity = await this.changeable(tx, tenant, activityId);
      const known = await repo.stationsOf(tx, ids);
      const operators = new Set(activity.effectOperatorRules.map((rule) => rule.operatorId));
      const inScope = (id: string) => operators.size === 0 || operators.has(known.get(id)?.operatorId ?? '');
      const unknown = ids.filter((id) => !known.has(id));
      const outOfScope = ids.filter((id) => known.has(id) && !inScope(id));
      const candidates = ids.filter((id) => known.has(id) && inScope(id));
      const added = await repo.addStations(tx, tenant, activityId, candidates);
      const fresh = new Set(added);
      const inactive = await keepWithinMaxActive(tx, activity);
      if (added.length > 0) {
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: ACTIVITY_ENTITY,
          entityId: activityId,
          action: 'ACTIVITY_STATIONS_ADD',
          after: { resourceIds: added, ...(inactive.length > 0 ? { inactive } : {}) },
        });
      }
      return { added, alreadyIn: candidates.filter((id) => !fresh.has(id)), unknown, outOfScope, inactive };
    });
  }

  /** resource/add/operator: every station of the operator, in one statement. */
  async addOperator(
    tenant: Tenant,
    activityId: number,
    operatorId: string,
    actor: Actor,
  ): Promise<{ added: number; inactive: number }> {
    return this.db.transaction(async (tx) => {
      const activity = await this.changeable(tx, tenant, activityId);
      const operators = activity.effectOperatorRules.map((rule) => rule.operatorId);
      if (operators.length > 0 && !operators.includes(operatorId)) {
        throw AppError.conflict(ruleMessage('activity.operatorOutOfScope', { operatorId }));
      }
      const added = await repo.addStationsOfOperator(tx, tenant, activityId, operatorId);
      const inactive = (await keepWithinMaxActive(tx, activity)).length;
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ACTIVITY_ENTITY,
        entityId: activityId,
        action: 'ACTIVITY_STATIONS_ADD_OPERATOR',
        after: { operatorId, added, inactive },
      });
      return { added, inactive };
    });
  }

  /** resource/active and resource/inactive: whether the station takes part for now. */
  async setActive(
    tenant: Tenant,
    activityId: number,
    resourceId: string,
    active: boolean,
    actor: Actor,
  ): Promise<{ resourceId: string; active: boolean }> {
    return this.db.transaction(async (tx) => {
      const activity = await this.changeable(tx, tenant, activityId);
      const max = maxActiveOf(activity);
      if (active && max !== undefined && (await repo.activeCount(tx, activityId)) >= max) {
        const current = (await repo.relationsOf(tx, tenant, activityId, [resourceId]))[0];
        if (current && !current.active)
          throw AppError.conflict(ruleMessage('activityStations.maxActive', { max }));
      }
      const row = await repo.setActive(tx, activityId, resourceId, active);
      if (!row) throw AppError.notFound('station of the activity', resourceId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ACTIVITY_ENTITY,
        entityId: activityId,
        action: active ? 'ACTIVITY_STATION_ACTIVATE' : 'ACTIVITY_STATION_DEACTIVATE',
        after: { resourceId, active },
      });
      return { resourceId, active: row.active };
    });
  }

  /**
   * resource/bind_awards: the station's awards in the activity, replacing those it had, each degree keeping
   * the coupons it gave (an award cannot drop below them, nor go once it gave any). Batches of the tenant.
   */
  async bindAwards(
    tenant: Tenant,
    activityId: number,
    resourceId: string,
    { resourceAwards }: BindAwards,
    actor: Actor,
  ): Promise<{ resourceId: string; resourceAwards: ResourceAward[] }> {
    const batchIds = [...new Set(resourceAwards.map((award) => award.couponBatchId))];
    const batches = await couponNamesOf(this.db, tenant, batchIds);
    const missing = batchIds.find((id) => !batches.has(id));
    if (missing !== undefined) {
      throw new RuleError(ruleMessage('activity.unknownCouponBatch', { couponBatchId: missing }));
    }
    await this.db.transaction(async (tx) => {
      await this.changeable(tx, tenant, activityId);
      const relation = await repo.lockRelation(tx, tenant, activityId, resourceId);
      if (!relation) throw AppError.notFound('station of the activity', resourceId);
      const before = await repo.lockAwards(tx, relation.relationId);
      const issued = new Map(before.map((award) => [award.degree, award.issueAmount]));
      for (const award of before) {
        const kept = resourceAwards.find((next) => next.degree === award.degree);
        if (award.issueAmount > (kept?.totalAmount ?? 0)) {
          throw new RuleError(
            ruleMessage('activityStations.belowIssued', { degree: award.degree, issued: award.issueAmount }),
          );
        }
      }
      await repo.replaceAwards(
        tx,
        relation.relationId,
        resourceAwards.map((award) => ({ ...award, issueAmount: issued.get(award.degree) ?? 0 })),
      );
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ACTIVITY_ENTITY,
        entityId: activityId,
        action: 'ACTIVITY_STATION_AWARDS_BIND',
        before: { resourceId, resourceAwards: before.map(({ relationId: _r, ...award }) => award) },
        after: { resourceId, resourceAwards },
      });
    });
    const relation = (await repo.relationsOf(this.db, tenant, activityId, [resourceId]))[0]!;
    return { resourceId, resourceAwards: (await repo.awardsOf(this.db, [relation.relationId])).map(toAward) };
  }

  async remove(tenant: Tenant, activityId: number, resourceId: string, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.changeable(tx, tenant, activityId);
      const row = await repo.removeStation(tx, activityId, resourceId);
      if (!row) throw AppError.notFound('station of the activity', resourceId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ACTIVITY_ENTITY,
        entityId: activityId,
        action: 'ACTIVITY_STATION_REMOVE',
        before: { resourceId, active: row.active },
      });
    });
  }

  private async activity(db: DbOrTx, tenant: Tenant, activityId: number) {
    const found = await activityRepo.findActivity(db, tenant, activityId);
    if (!found) throw AppError.notFound('activity', activityId);
    return found.activity;
  }

  /** The activity, locked, if its stations may still change: a finished one keeps those it ended with. */
  private async changeable(tx: DbOrTx, tenant: Tenant, activityId: number) {
    const activity = await activityRepo.lockActivity(tx, tenant, activityId);
    if (!activity) throw AppError.notFound('activity', activityId);
    const status = activityStatusOf(
      {
        state: activity.state as ActivityState,
        beginTime: activity.beginTime.getTime(),
        endTime: activity.endTime.getTime(),
      },
      this.clock(),
    );
    if (status === 'finished') throw AppError.conflict(ruleMessage('activity.finishedNotEditable'));
    return activity;
  }
}
