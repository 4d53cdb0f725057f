import type { z } from 'zod';
import type {
  ResourceOperatorInfo,
  ResourceOperatorInfoSaveSchema,
} from '@cmp/domain/stations/operator-info';
import type { Equipment } from '@cmp/domain/stations/resource-basic-info';
import { writeAudit, type TenantActing } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { assertWorksheetOfStation, type WorksheetsOfStation } from './station-edits.service.js';
import { STATION_ENTITY } from './station-directory.service.js';
import { changedFields } from '../../platform/audit/edits.js';
import * as resourcesRepo from './station-resources.repo.js';
import * as repo from './station-infos.repo.js';

export type ResourceOperatorInfoSave = z.output<typeof ResourceOperatorInfoSaveSchema>;

const operatorInfo = (row: resourcesRepo.ResourceRow): ResourceOperatorInfo => ({
  resourceId: row.resourceId,
  remark: row.remark,
  pictureAppVisible: row.pictureAppVisible,
});

/**
 * What operations staff keep on any station beside its basic info, and its equipment. The operator info is
 * not part of the versioned basic info: it has its own screen and saves no field of the basic info.
 */
export class StationInfosService {
  constructor(
    private readonly db: Db,
    private readonly worksheets: WorksheetsOfStation,
  ) {}

  async operatorInfo(resourceId: string): Promise<ResourceOperatorInfo> {
    return operatorInfo(await this.require(this.db, resourceId));
  }

  async saveOperatorInfo(
    resourceId: string,
    input: ResourceOperatorInfoSave,
    acting: TenantActing,
  ): Promise<ResourceOperatorInfo> {
    return this.db.transaction(async (tx) => {
      const stored = operatorInfo(await this.require(tx, resourceId));
      await assertWorksheetOfStation(this.worksheets, tx, resourceId, input.operationExtData);
      const changes = changedFields(stored, {
        remark: input.remark,
        pictureAppVisible: input.pictureAppVisible,
      });
      if (changes.changed.length === 0) return stored;
      await resourcesRepo.updateResource(tx, resourceId, changes.after);
      await writeAudit(tx, {
        actor: acting.actor,
        tenant: acting.tenant,
        entityType: STATION_ENTITY,
        entityId: resourceId,
        action: 'RESOURCE_INFO_UPDATE',
        before: changes.before,
        after: changes.after,
        extData: input.operationExtData ?? null,
      });
      return { ...stored, ...changes.after };
    });
  }

  async equipments(resourceId: string): Promise<{ items: Equipment[] }> {
    await this.require(this.db, resourceId);
    const rows = await repo.listEquipments(this.db, resourceId);
    return {
      items: rows.map((row) => ({
        equipmentId: row.equipmentId,
        equipmentType: row.equipmentType,
        equipmentLng: row.equipmentLng,
        equipmentLat: row.equipmentLat,
        power: row.power,
        updateTime: row.updateTime.getTime(),
        connectors: row.connectors.map((plug) => ({
          connectorId: plug.connectorId,
          connectorType: plug.connectorType,
          voltageUpperLimits: plug.voltageUpperLimits,
          current: plug.current,
          power: plug.power,
          nationalStandard: plug.nationalStandard,
          status: plug.status,
          updateTime: plug.updateTime.getTime(),
        })),
      })),
    };
  }

  private async require(db: DbOrTx, resourceId: string): Promise<resourcesRepo.ResourceRow> {
    const row = await resourcesRepo.findResource(db, resourceId);
    if (!row) throw AppError.notFound('station', resourceId);
    return row;
  }
}
