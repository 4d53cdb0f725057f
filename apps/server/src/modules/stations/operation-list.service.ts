import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { RegionNode } from '@cmp/domain/stations/regions';
import {
  OPERATION_LIST_EXPORT_LIMIT,
  type OperationListItem,
  type OperationListPage,
  type OperationListQuery,
  type OperationListResourceType,
} from '@cmp/domain/stations/operation-list-item';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import type { Db } from '../../platform/db/database.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import { regionLabel, regionTree } from '../regions/region-data.js';
import * as repo from './operation-list.repo.js';

/** Rows read from the database per export batch: few round trips, little memory. */
export const EXPORT_BATCH_SIZE = 1000;

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

  /**
   * Checks the export's size up front (422 past the limit, before anything is sent) and answers the
   * rows in the list's order, batch by batch, as the caller consumes them.
   */
  async exportRows(query: OperationListQuery): Promise<AsyncIterable<OperationListItem[]>> {
    const order = repo.listOrder(query.sort);
    const criteria = criteriaOf(query);
    const count = await repo.countOperationList(this.db, criteria);
    if (count > OPERATION_LIST_EXPORT_LIMIT) {
      throw new RuleError(ruleMessage('station.exportTooLarge', { count, max: OPERATION_LIST_EXPORT_LIMIT }));
    }
    return this.batches(criteria, order);
  }

  private async *batches(
    criteria: repo.OperationListCriteria,
    order: repo.ListOrder,
  ): AsyncIterable<OperationListItem[]> {
    const sceneNames = await this.dictionaries.labels(BIZ_SCENE_DICT_TYPE);
    const read = (cursor: repo.ExportCursor | null) =>
      repo.exportBatch(this.db, criteria, order, cursor, EXPORT_BATCH_SIZE);
    let reading = read(null);
    try {
      for (;;) {
        const batch = await reading;
        // The next batch is read while this one is written: PostgreSQL works while the sheet is built.
        if (batch.next) reading = read(batch.next);
        if (batch.rows.length > 0) yield batch.rows.map((row) => toItem(row, sceneNames));
        if (!batch.next) return;
      }
    } finally {
      // A download given up mid-way leaves a read in flight; its failure no longer matters to anyone.
      void reading.catch(() => {});
    }
  }
}
