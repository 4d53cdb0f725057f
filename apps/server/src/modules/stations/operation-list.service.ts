import type { RegionNode } from '@cmp/domain/stations/regions';
import {
  OperationListQuerySchema,
  type OperationListItem,
  type OperationListPage,
  type OperationListQuery,
  type OperationListResourceType,
} from '@cmp/domain/stations/operation-list-item';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import type { Db } from '../../platform/db/database.js';
import type { ListExport } from '../../platform/export/list-export.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import { regionLabel, regionTree } from '../../platform/regions/region-data.js';
import { OPERATION_LIST_EXPORT } from './operation-list.export.js';
import * as repo from './operation-list.repo.js';

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

function criteriaOf({ region, ...query }: OperationListQuery): repo.OperationListCriteria {
  return region ? { ...query, regionIds: regionIdsLabelled(region) } : query;
}

/** The operations list of charge and swap stations, and its spreadsheet export. */
export class OperationListService {
  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryService,
  ) {}

  async list(query: OperationListQuery): Promise<OperationListPage> {
    const order = repo.listOrder(query.sort);
    const [{ rows, total }, sceneNames] = await Promise.all([
      repo.listOperationPage(this.db, criteriaOf(query), order),
      this.dictionaries.labels(BIZ_SCENE_DICT_TYPE),
    ]);
    return { items: rows.map((row) => toItem(row, sceneNames)), total };
  }

  /** The list as an export (`platform/export`): its columns, its count and its rows batch by batch. */
  readonly export: ListExport<OperationListItem, OperationListQuery, repo.ExportCursor> = {
    list: 'stations.operation-list',
    query: OperationListQuerySchema,
    ...OPERATION_LIST_EXPORT,
    count: (db, query) => repo.countOperationList(db, criteriaOf(query)),
    batch: async (db, query, cursor, size) => {
      const [batch, sceneNames] = await Promise.all([
        repo.exportBatch(db, criteriaOf(query), repo.listOrder(query.sort), cursor, size),
        this.dictionaries.labels(BIZ_SCENE_DICT_TYPE),
      ]);
      return { rows: batch.rows.map((row) => toItem(row, sceneNames)), next: batch.next };
    },
  };
}
