import { QueryBuilder } from 'drizzle-orm/pg-core';
import { chargeStations, swapStations } from './stations.tables.js';

/*
 * What a station offers its users, for readers that compare it with what users report of it (the review of
 * a crowd-sourced report): read-only views beside the station directory (stations.views.ts).
 */
const qb = new QueryBuilder();

/** A charge station's opening hours, fees and parking spaces. */
export const chargeStationTerms = qb
  .select({
    resourceId: chargeStations.resourceId,
    businessHours: chargeStations.businessHours,
    electricityFee: chargeStations.electricityFee,
    serviceFee: chargeStations.serviceFee,
    parkNumbers: chargeStations.parkNumbers,
  })
  .from(chargeStations)
  .as('charge_station_terms');

/** A swap station's opening hours. */
export const swapStationHours = qb
  .select({ resourceId: swapStations.resourceId, openingHours: swapStations.openingHours })
  .from(swapStations)
  .as('swap_station_hours');
