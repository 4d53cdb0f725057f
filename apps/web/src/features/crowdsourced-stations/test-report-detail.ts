import type {
  CrowdsourcedStation,
  CrowdsourcedStationDetail,
  NearbyStation,
} from '@cmp/domain/stations/crowdsourced-stations';
import { report } from './test-reports';

/** A charge station of the network 35 m from the report of `report(1)`, run by another operator. */
export const nearbyStation = (resourceId: string, overrides: Partial<NearbyStation> = {}): NearbyStation => ({
  resourceId,
  resourceType: 'ChargeStation',
  resourceName: 'Reported station 1',
  operatorName: 'Star Charge',
  address: '1 Century Avenue',
  longitude: 121.5003,
  latitude: 31.2002,
  distance: 35,
  status: 1,
  parkNumbers: 10,
  dcEquipmentNumber: 2,
  acEquipmentNumber: 4,
  dcPower: 120,
  acPower: 7,
  ...overrides,
});

/** The review page's answer for `report(1)`: two stations near it and two other reports of its reporter. */
export const reportDetail = (
  overrides: Partial<CrowdsourcedStation> = {},
  more: Partial<Omit<CrowdsourcedStationDetail, 'report'>> = {},
): CrowdsourcedStationDetail => ({
  report: report(1, overrides),
  nearestStations: [
    nearbyStation('CS-NEAR'),
    nearbyStation('PS-FAR', {
      resourceType: 'PowerSwap',
      resourceName: 'Swap station far',
      operatorName: 'Operator One',
      longitude: 121.51,
      latitude: 31.21,
      distance: 1460,
    }),
  ],
  reporterReports: [report(7, { stationStatus: 2 }), report(8)],
  reporterReportCount: 3,
  ...more,
});
