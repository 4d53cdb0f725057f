import type { SQLWrapper } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import {
  OperationListQuerySchema,
  type ChargerPresence,
  type OperationListItem,
  type OperationListPage,
  type OperationListQuery,
  type OperationListResourceType,
} from '@cmp/domain/stations/operation-list-item';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { regionLabel } from '../../platform/regions/region-data.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import { OPERATION_LIST_EXPORT } from './operation-list.export.js';
import * as repo from './operation-list.repo.js';

/**
 * The stations holding a tag, as a subquery of their resource ids, for the list's tag filter. The tags
 * module answers it and app.ts wires it in: that module builds on stations (its tables and services name
 * them), so stations may not import it back without a cycle.
 */
export interface TaggedStations {
  stationsWithTag(tagCode: string): SQLWrapper;
}

/** The stations whose OCPP chargers are registered, online or all offline: the OCPP module builds on stations. */
export interface PresentStations {
  stationsByPresence(presence: ChargerPresence): SQLWrapper;
}

/**
 * The stations taking part in activities, as subqueries of their resource ids: the activities module builds
 * on stations (its station lists are this list), so stations may not import it back without a cycle.
 */
export interface ActivityStations {
  /** The stations of the tenant's activity; with `active`, only those (de)activated in it. */
  stationsInActivity(tenant: Tenant, activityId: number, active?: boolean): SQLWrapper;
  /** The stations taking part in any activity of the tenant. */
  stationsInActivitiesOf(tenant: Tenant): SQLWrapper;
}

const toItem = (row: repo.OperationListRow, sceneNames: ReadonlyMap<string, string>): OperationListItem => ({
  resourceId: row.resourceId,
  resourceType: row.resourceType as OperationListResourceType,
  resourceName: row.resourceName,
  description: row.description,
  remark: row.remark,
  operatorId: row.operatorId,
  operatorName: row.operatorName,
  equipmentOwnerId: row.equipmentOwnerId,
  equipmentOwner: row.equipmentOwner,
  recommendationCode: row.recommendationCode,
  regionId: row.regionId,
  region: regionLabel(row.regionId),
  address: row.address,
  active: row.active,
  commentaryNumber: row.commentaryNumber,
  focusedCommentaryNumber: row.focusedCommentaryNumber,
  worksheetNumber: row.worksheetNumber,
  openWorksheetNumber: row.openWorksheetNumber,
  basicInfoUpdateTime: row.basicInfoUpdateTime.getTime(),
  bizScenes: row.bizSceneCodes.map((code) => {
    const desc = sceneNames.get(String(code));
    return desc === undefined ? { code } : { code, desc };
  }),
});

/** The operations list of charge and swap stations, and its spreadsheet export. */
export class OperationListService {
  private readonly rows: repo.OperationList;
  /** The list as an export (`platform/export`): the same filter, order and items, batch by batch by key. */
  readonly export;

  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryService,
    tagged: TaggedStations,
    present: PresentStations,
    activities: ActivityStations,
  ) {
    this.rows = repo.operationList({
      withTag: (tagCode) => tagged.stationsWithTag(tagCode),
      byPresence: (presence) => present.stationsByPresence(presence),
      inActivity: (tenant, activityId, active) => activities.stationsInActivity(tenant, activityId, active),
      inActivitiesOf: (tenant) => activities.stationsInActivitiesOf(tenant),
    });
    this.export = listExport({
      list: 'stations.operation-list',
      query: OperationListQuerySchema,
      sheet: OPERATION_LIST_EXPORT,
      rows: this.rows,
      items: async (rows) => (await this.itemsOf())(rows),
    });
  }

  async list(query: OperationListQuery): Promise<OperationListPage> {
    const { pageNo, pageSize, ...filter } = query;
    const [{ rows, total }, items] = await Promise.all([
      this.rows.page(this.db, filter, { pageNo, pageSize }),
      this.itemsOf(),
    ]);
    return { items: items(rows), total };
  }

  /** How many stations the filter matches, without reading a page (an operator's station counts). */
  count(filter: Omit<OperationListQuery, 'pageNo' | 'pageSize'>): Promise<number> {
    return this.rows.count(this.db, filter);
  }

  /** Rows to items, with the business scenes' names as the dictionary has them now. */
  private async itemsOf(): Promise<(rows: repo.OperationListRow[]) => OperationListItem[]> {
    const sceneNames = await this.dictionaries.labels(BIZ_SCENE_DICT_TYPE);
    return (rows) => rows.map((row) => toItem(row, sceneNames));
  }
}
