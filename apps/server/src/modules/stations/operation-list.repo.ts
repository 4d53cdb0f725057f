import {
  and,
  arrayOverlaps,
  eq,
  gte,
  inArray,
  lt,
  lte,
  notInArray,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RegionNode } from '@cmp/domain/stations/regions';
import type {
  ChargerPresence,
  OPERATION_LIST_SORTABLE,
  OperationListQuery,
} from '@cmp/domain/stations/operation-list-item';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList, narrows } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { regionCondition } from '../../platform/regions/region-condition.js';
import { regionLabel, regionTree } from '../../platform/regions/region-data.js';
import { equipmentOwnerNames, operatorNames } from '../operators/operators.views.js';
import { resources, resourceTotals } from './stations.tables.js';

/** The list's filter and order: the query without its page. */
export type OperationListFilter = Omit<OperationListQuery, 'pageNo' | 'pageSize'>;

/** The ids of the stations holding a tag, as a subquery (the tags module's, see `TaggedStations`). */
export type StationsWithTag = (tagCode: string) => SQLWrapper;
/** The ids of the stations whose chargers are so, as a subquery (the OCPP module's, see `PresentStations`). */
export type StationsByPresence = (presence: ChargerPresence) => SQLWrapper;

/** What the list reads of other modules, as subqueries of station ids. */
export interface StationSubqueries {
  withTag: StationsWithTag;
  byPresence: StationsByPresence;
  /** The activities module's, see `ActivityStations`. */
  inActivity: (tenant: Tenant, activityId: number, active?: boolean) => SQLWrapper;
  inActivitiesOf: (tenant: Tenant) => SQLWrapper;
}

/** An activity id as `activityIdExclude` carries it (text); any other text names no activity. */
const activityIdOf = (text: string): number | undefined =>
  /^\d{1,15}$/.test(text) ? Number(text) : undefined;

/**
 * The activity filters (spec M3.1.13), on the activities of the tenant the list is read in; without one
 * (a caller that set none) no station takes part in any.
 */
function activityConditions(f: OperationListFilter, of: StationSubqueries): (SQL | undefined)[] {
  const tenant = f.activityTenant;
  const inActivity = (activityId: number, active?: boolean) =>
    tenant === undefined ? sql`(select null::text where false)` : of.inActivity(tenant, activityId, active);
  const conditions: (SQL | undefined)[] = [];
  if (f.activityId !== undefined) {
    conditions.push(inArray(resources.resourceId, inActivity(f.activityId, f.activityActive)));
  }
  const excluded = f.activityIdExclude === undefined ? undefined : activityIdOf(f.activityIdExclude);
  if (excluded !== undefined) conditions.push(notInArray(resources.resourceId, inActivity(excluded)));
  if (f.hasActivity !== undefined) {
    const taking = tenant === undefined ? sql`(select null::text where false)` : of.inActivitiesOf(tenant);
    conditions.push(
      f.hasActivity ? inArray(resources.resourceId, taking) : notInArray(resources.resourceId, taking),
    );
  }
  return conditions;
}

/** Ids of every region whose label (province/city/district) contains the text, ignoring case. */
function regionIdsLabelled(text: string): string[] {
  const wanted = text.toLowerCase();
  const ids: string[] = [];
  const visit = (nodes: readonly RegionNode[]) => {
    for (const node of nodes) {
      if (regionLabel(node.regionId)?.toLowerCase().includes(wanted)) ids.push(node.regionId);
      if (node.children) visit(node.children);
    }
  };
  visit(regionTree());
  return ids;
}

/**
 * Every condition is on `resources` itself (names of operators and owners, and tags, through id
 * subqueries), so the count needs no join and each filter can use the table's indexes.
 */
function operationListWhere(f: OperationListFilter, of: StationSubqueries): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (f.resourceId) conditions.push(eq(resources.resourceId, f.resourceId));
  if (f.resourceName) conditions.push(contains(resources.resourceName, f.resourceName));
  if (f.resourceType) conditions.push(inArray(resources.resourceType, f.resourceType));
  if (f.operatorId) conditions.push(eq(resources.operatorId, f.operatorId));
  if (f.operatorName) {
    conditions.push(
      inArray(
        resources.operatorId,
        sql`(select ${operatorNames.operatorId} from ${operatorNames} where ${contains(operatorNames.operatorName, f.operatorName)})`,
      ),
    );
  }
  if (f.equipmentOwnerId) conditions.push(eq(resources.equipmentOwnerId, f.equipmentOwnerId));
  if (f.equipmentOwner) {
    conditions.push(
      inArray(
        resources.equipmentOwnerId,
        sql`(select ${equipmentOwnerNames.equipmentOwnerId} from ${equipmentOwnerNames} where ${contains(equipmentOwnerNames.equipmentOwnerName, f.equipmentOwner)})`,
      ),
    );
  }
  if (f.recommendationCode) conditions.push(eq(resources.recommendationCode, f.recommendationCode));
  if (f.region) {
    const regionIds = regionIdsLabelled(f.region);
    conditions.push(regionIds.length > 0 ? inArray(resources.regionId, regionIds) : sql`false`);
  }
  if (f.regionId) conditions.push(regionCondition(resources, f.regionId));
  if (f.address) conditions.push(contains(resources.address, f.address));
  if (f.active !== undefined) conditions.push(eq(resources.active, f.active));
  if (f.hasComments !== undefined) {
    conditions.push(
      f.hasComments ? sql`${resources.commentaryNumber} > 0` : eq(resources.commentaryNumber, 0),
    );
  }
  if (f.basicInfoUpdateTimeBegin !== undefined) {
    conditions.push(gte(resources.basicInfoUpdateTime, new Date(f.basicInfoUpdateTimeBegin)));
  }
  if (f.basicInfoUpdateTimeEnd !== undefined) {
    // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
    conditions.push(lt(resources.basicInfoUpdateTime, new Date(f.basicInfoUpdateTimeEnd + 1)));
  }
  const range = (column: AnyPgColumn, min: number | undefined, max: number | undefined) => {
    if (min !== undefined) conditions.push(gte(column, min));
    if (max !== undefined) conditions.push(lte(column, max));
  };
  range(resources.focusedCommentaryNumber, f.focusedCommentaryNumberMin, f.focusedCommentaryNumberMax);
  range(resources.openWorksheetNumber, f.openWorksheetNumberMin, f.openWorksheetNumberMax);
  range(resources.worksheetNumber, f.worksheetNumberMin, f.worksheetNumberMax);
  if (f.bizScenes) conditions.push(arrayOverlaps(resources.bizSceneCodes, f.bizScenes));
  if (f.tagCode) conditions.push(inArray(resources.resourceId, of.withTag(f.tagCode)));
  if (f.chargerPresence) conditions.push(inArray(resources.resourceId, of.byPresence(f.chargerPresence)));
  conditions.push(...activityConditions(f, of));
  return and(...conditions);
}

const itemSelection = {
  resourceId: resources.resourceId,
  resourceType: resources.resourceType,
  resourceName: resources.resourceName,
  description: resources.description,
  remark: resources.remark,
  operatorId: resources.operatorId,
  operatorName: operatorNames.operatorName,
  equipmentOwnerId: resources.equipmentOwnerId,
  equipmentOwner: equipmentOwnerNames.equipmentOwnerName,
  recommendationCode: resources.recommendationCode,
  regionId: resources.regionId,
  address: resources.address,
  active: resources.active,
  commentaryNumber: resources.commentaryNumber,
  focusedCommentaryNumber: resources.focusedCommentaryNumber,
  worksheetNumber: resources.worksheetNumber,
  openWorksheetNumber: resources.openWorksheetNumber,
  basicInfoUpdateTime: resources.basicInfoUpdateTime,
  bizSceneCodes: resources.bizSceneCodes,
};

export interface OperationListRow {
  resourceId: string;
  resourceType: string;
  resourceName: string;
  description: string | null;
  remark: string | null;
  operatorId: string | null;
  operatorName: string | null;
  equipmentOwnerId: string | null;
  equipmentOwner: string | null;
  recommendationCode: string | null;
  regionId: string | null;
  address: string | null;
  active: boolean;
  commentaryNumber: number;
  focusedCommentaryNumber: number;
  worksheetNumber: number;
  openWorksheetNumber: number;
  basicInfoUpdateTime: Date;
  bizSceneCodes: number[];
}

/** The stations of these types (of every type without them), as the triggers of migration 0021 keep them. */
async function keptTotalOfTypes(db: DbOrTx, types: readonly string[] | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${resourceTotals.total}), 0)`.mapWith(Number) })
    .from(resourceTotals)
    .where(types ? inArray(resourceTotals.resourceType, [...types]) : undefined);
  return row?.total ?? 0;
}

/**
 * The operations list of charge and swap stations, newest update first. Its indexes are built `.desc()`
 * (DESC NULLS LAST), so the default order reads resources_update_time_idx from the top. The tag filter is
 * the tags module's subquery, handed in, since that module builds on this one.
 */
export const operationList = (subqueries: StationSubqueries) =>
  defineList({
    table: resources,
    id: resources.resourceId,
    sort: {
      keys: {
        basicInfoUpdateTime: resources.basicInfoUpdateTime,
        resourceId: resources.resourceId,
        resourceName: resources.resourceName,
        commentaryNumber: resources.commentaryNumber,
        focusedCommentaryNumber: resources.focusedCommentaryNumber,
        worksheetNumber: resources.worksheetNumber,
        openWorksheetNumber: resources.openWorksheetNumber,
      } satisfies Record<(typeof OPERATION_LIST_SORTABLE)[number], AnyPgColumn>,
      default: 'basicInfoUpdateTime:desc',
      nulls: 'low',
    },
    where: (filter: OperationListFilter) => operationListWhere(filter, subqueries),
    // The first screen, and a type alone, are most of what is asked: their totals are kept, not counted.
    keptTotal: (db, filter) =>
      narrows(filter, ['resourceType', 'activityTenant'])
        ? undefined
        : keptTotalOfTypes(db, filter.resourceType),
    select: (db, cursor) =>
      db
        .select({ ...itemSelection, ...cursor })
        .from(resources)
        .leftJoin(operatorNames, eq(operatorNames.operatorId, resources.operatorId))
        .leftJoin(equipmentOwnerNames, eq(equipmentOwnerNames.equipmentOwnerId, resources.equipmentOwnerId))
        .$dynamic(),
  });

export type OperationList = ReturnType<typeof operationList>;
