import type { z } from 'zod';
import {
  isOpenAt,
  timesharingPrices,
  type AroundHit,
  type AroundQuerySchema,
  type ResourceBasicInfo,
  type TimesharingPrice,
} from '@cmp/domain/stations/resource-basic-info';
import { mergeFeePeriods, type BusinessFeePeriod } from '@cmp/domain/stations/fees';
import type { Db } from '../../platform/db/database.js';
import * as repo from './station-basic-infos.repo.js';
import * as resourcesRepo from './station-resources.repo.js';

export type AroundQuery = z.output<typeof AroundQuerySchema>;

/**
 * The spec's resource basic info of charge and swap stations alike, for route planning and nearby search.
 * A charge station counts its connectors; a swap station reports its own charger counts.
 */
export class StationBasicInfosService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** In the order asked, each id once; ids of no station are left out. */
  async basicInfos(resourceIds: readonly string[]): Promise<{ items: ResourceBasicInfo[] }> {
    const unique = [...new Set(resourceIds)];
    const rows = await repo.findBasicRows(this.db, unique);
    const chargers = await resourcesRepo.chargerCounts(
      this.db,
      rows.filter((row) => row.businessHours !== null).map((row) => row.resourceId),
    );
    const at = this.now();
    const byId = new Map(rows.map((row) => [row.resourceId, toBasicInfo(row, chargers, at)]));
    return { items: unique.flatMap((id) => byId.get(id) ?? []) };
  }

  /** Each charge station's price by period of the day; swap stations have none. */
  async timesharingPrices(resourceIds: readonly string[]): Promise<Map<string, TimesharingPrice[]>> {
    const rows = await repo.findFeeRows(this.db, [...new Set(resourceIds)]);
    return new Map(
      rows.map((row) => [row.resourceId, timesharingPrices(row.electricityFee, row.serviceFee)]),
    );
  }

  /**
   * A charge station's fees as combined periods (electricity, service and their sum, yuan per kWh) with the
   * zone its times are in; undefined for a swap station or no station.
   */
  async feesOf(resourceId: string): Promise<{ periods: BusinessFeePeriod[]; timezone: string } | undefined> {
    const [row] = await repo.findFeeRows(this.db, [resourceId]);
    return row && { periods: mergeFeePeriods(row.electricityFee, row.serviceFee), timezone: row.timezone };
  }

  async around(query: AroundQuery): Promise<{ items: AroundHit[] }> {
    const hits = await repo.findAround(this.db, query);
    const { items } = await this.basicInfos(hits.map((hit) => hit.resourceId));
    const infos = new Map(items.map((info) => [info.id, info]));
    return {
      items: hits.flatMap((hit) => {
        const info = infos.get(hit.resourceId);
        return info ? [{ ...info, distance: Math.round(hit.distance) }] : [];
      }),
    };
  }
}

function toBasicInfo(
  row: repo.BasicRow,
  chargers: Map<string, resourcesRepo.ChargerCounts>,
  at: number,
): ResourceBasicInfo {
  const counts: resourcesRepo.ChargerCounts =
    row.businessHours !== null
      ? (chargers.get(row.resourceId) ?? resourcesRepo.NO_CHARGERS)
      : {
          totalAc: row.swapTotalAc ?? 0,
          freeAc: row.swapFreeAc ?? 0,
          totalDc: row.swapTotalDc ?? 0,
          freeDc: row.swapFreeDc ?? 0,
          busy:
            (row.swapTotalAc ?? 0) - (row.swapFreeAc ?? 0) + (row.swapTotalDc ?? 0) - (row.swapFreeDc ?? 0),
          minPower: row.swapMinPower,
        };
  const hours = row.businessHours ?? row.openingHours;
  return {
    id: row.resourceId,
    type: row.resourceType,
    name: row.resourceName,
    location: { longitude: row.longitude, latitude: row.latitude },
    operatorId: row.operatorId,
    address: row.address,
    chargerMinOutputPower: counts.minPower,
    freeNumber: counts.freeAc + counts.freeDc,
    chargerBusyNumber: counts.busy,
    chargerTotalNumber: counts.totalAc + counts.totalDc,
    chargerTotalNumberDc: counts.totalDc,
    chargerFreeNumberDc: counts.freeDc,
    chargerTotalNumberAc: counts.totalAc,
    chargerFreeNumberAc: counts.freeAc,
    // Swap stations are not scanned to start a session: the car drives in.
    isScannable: row.isScannable ?? false,
    isOpening: hours !== null && isOpenAt(hours, at),
    controlledByNio: row.controlledByNio ?? false,
  };
}
