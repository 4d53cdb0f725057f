import type { Tenant } from '@cmp/domain';
import { activityStatusOf, type ActivityState } from '@cmp/domain/activities/activity-statuses';
import type {
  ActivityStationItem,
  ActivityStationPage,
  ActivityStationQuery,
  ActivityStationsAdded,
} from '@cmp/domain/activities/activity-stations';
import { ruleMessage } from '@cmp/domain/messages/format';
import type { OperationListItem } from '@cmp/domain/stations/operation-list-item';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { OperationListService } from '../stations/operation-list.service.js';
import * as activityRepo from './activities.repo.js';
import { ACTIVITY_ENTITY } from './activities.service.js';
import * as repo from './activity-stations.repo.js';

const toItem = (
  station: OperationListItem,
  relation: repo.ActivityStationRow | undefined,
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
  surplusNum: relation?.surplusNum ?? null,
  resourceAwards: [],
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
    private readonly clock: () => number = Date.now,
  ) {}

  async list(tenant: Tenant, query: ActivityStationQuery): Promise<ActivityStationPage> {
    const { active, ...filter } = query;
    if (filter.activityId !== undefined) await this.activity(this.db, tenant, filter.activityId);
    const page = await this.stations.list({ ...filter, activityActive: active, activityTenant: tenant });
    const relations =
      filter.activityId === undefined
        ? []
        : await repo.relationsOf(
            this.db,
            filter.activityId,
            page.items.map((item) => item.resourceId),
          );
    const byStation = new Map(relations.map((relation) => [relation.resourceId, relation]));
    return {
      items: page.items.map((station) => toItem(station, byStation.get(station.resourceId))),
      total: page.total,
    };
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
      if (added.length > 0) {
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: ACTIVITY_ENTITY,
          entityId: activityId,
          action: 'ACTIVITY_STATIONS_ADD',
          after: { resourceIds: added },
        });
      }
      return { added, alreadyIn: candidates.filter((id) => !fresh.has(id)), unknown, outOfScope };
    });
  }

  /** resource/add/operator: every station of the operator, in one statement. */
  async addOperator(
    tenant: Tenant,
    activityId: number,
    operatorId: string,
    actor: Actor,
  ): Promise<{ added: number }> {
    return this.db.transaction(async (tx) => {
      const activity = await this.changeable(tx, tenant, activityId);
      const operators = activity.effectOperatorRules.map((rule) => rule.operatorId);
      if (operators.length > 0 && !operators.includes(operatorId)) {
        throw AppError.conflict(ruleMessage('activity.operatorOutOfScope', { operatorId }));
      }
      const added = await repo.addStationsOfOperator(tx, tenant, activityId, operatorId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ACTIVITY_ENTITY,
        entityId: activityId,
        action: 'ACTIVITY_STATIONS_ADD_OPERATOR',
        after: { operatorId, added },
      });
      return { added };
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
      await this.changeable(tx, tenant, activityId);
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
