import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import { chargeStationRoutes } from './charge-stations.routes.js';
import { ChargeStationsService } from './charge-stations.service.js';
import { operationListRoutes } from './operation-list.routes.js';
import {
  OperationListService,
  type ActivityStations,
  type PresentStations,
  type TaggedStations,
} from './operation-list.service.js';
import { stationBasicInfoRoutes } from './station-basic-infos.routes.js';
import { StationBasicInfosService } from './station-basic-infos.service.js';
import type { WorksheetsOfStation } from './station-edits.service.js';
import { stationInfoRoutes } from './station-infos.routes.js';
import { StationInfosService } from './station-infos.service.js';
import { stationRecordRoutes } from './station-records.routes.js';
import { StationRecordsService } from './station-records.service.js';
import { swapStationRoutes } from './swap-stations.routes.js';
import { SwapStationsService } from './swap-stations.service.js';

/**
 * The station network. What it needs of the modules built on it (the tags a station holds, its chargers'
 * presence, the station a worksheet is on) comes through ports app.ts fills, so that those modules alone
 * import this one.
 */
export function stationsModule(
  { db, listExports }: SharedDeps,
  needs: {
    dictionaries: DictionaryService;
    tagged: TaggedStations;
    present: PresentStations;
    activities: ActivityStations;
    worksheets: WorksheetsOfStation;
  },
): PortalModule & { basicInfos: StationBasicInfosService; operationList: OperationListService } {
  const chargeStations = new ChargeStationsService(db, needs.dictionaries, needs.worksheets);
  const swapStations = new SwapStationsService(db, needs.worksheets);
  const stationInfos = new StationInfosService(db, needs.worksheets);
  const stationRecords = new StationRecordsService(db);
  const basicInfos = new StationBasicInfosService(db);
  const operationList = new OperationListService(
    db,
    needs.dictionaries,
    needs.tagged,
    needs.present,
    needs.activities,
  );
  return {
    basicInfos,
    operationList,
    tenant: async (scope) => {
      await scope.register(chargeStationRoutes, { chargeStations });
      await scope.register(swapStationRoutes, { swapStations });
      await scope.register(stationInfoRoutes, { stationInfos });
      await scope.register(stationRecordRoutes, { stationRecords });
      await scope.register(stationBasicInfoRoutes, { basicInfos });
      await scope.register(operationListRoutes, {
        operationList,
        listExports,
      });
    },
  };
}
