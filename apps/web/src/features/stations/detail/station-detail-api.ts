import type {
  ChargeStationBasicInfo,
  ChargeStationBasicInfoSave,
  StationOfflineRequest,
} from '@cmp/domain/stations/charge-station-info';
import type { ResourceOperatorInfo, ResourceOperatorInfoSave } from '@cmp/domain/stations/operator-info';
import type { PortalConfig } from '@cmp/domain/platform/portal-config';
import type { ReverseGeocodeResult } from '@cmp/domain/stations/regions';
import type { Equipment } from '@cmp/domain/stations/resource-basic-info';
import type {
  SwapParkingInfoSave,
  SwapQueueAdjustSave,
  SwapStationBasicInfo,
  SwapStationBasicInfoSave,
} from '@cmp/domain/stations/swap-station-info';
import { api, type ApiClient } from '../../../api/client';

// Every call of the two detail screens; the screens name no URL themselves.

const id = (resourceId: string) => encodeURIComponent(resourceId);
const chargeStation = (resourceId: string) => `/stations/charge-stations/${id(resourceId)}`;
const swapStation = (resourceId: string) => `/stations/swap-stations/${id(resourceId)}`;

export const getChargeStation = (client: ApiClient, resourceId: string, signal?: AbortSignal) =>
  client.get<ChargeStationBasicInfo>(`${chargeStation(resourceId)}/basic-info`, { signal });

export const saveChargeStation = (client: ApiClient, resourceId: string, body: ChargeStationBasicInfoSave) =>
  client.put<ChargeStationBasicInfo>(`${chargeStation(resourceId)}/basic-info`, body);

export type OfflineAction = 'charging-map' | 'one-click-charging';

export const takeOffline = (
  client: ApiClient,
  resourceId: string,
  action: OfflineAction,
  body: StationOfflineRequest,
) => client.post<ChargeStationBasicInfo>(`${chargeStation(resourceId)}/${action}/offline`, body);

export const getSwapStation = (client: ApiClient, resourceId: string, signal?: AbortSignal) =>
  client.get<SwapStationBasicInfo>(`${swapStation(resourceId)}/basic-info`, { signal });

export const saveSwapStation = (client: ApiClient, resourceId: string, body: SwapStationBasicInfoSave) =>
  client.put<SwapStationBasicInfo>(`${swapStation(resourceId)}/basic-info`, body);

export const saveSwapParking = (client: ApiClient, resourceId: string, body: SwapParkingInfoSave) =>
  client.put<SwapStationBasicInfo>(`${swapStation(resourceId)}/parking-info`, body);

export const saveSwapQueueAdjust = (client: ApiClient, resourceId: string, body: SwapQueueAdjustSave) =>
  client.put<SwapStationBasicInfo>(`${swapStation(resourceId)}/queue-adjust`, body);

export const getOperatorInfo = (client: ApiClient, resourceId: string, signal?: AbortSignal) =>
  client.get<ResourceOperatorInfo>(`/stations/${id(resourceId)}/infos`, { signal });

export const saveOperatorInfo = (client: ApiClient, resourceId: string, body: ResourceOperatorInfoSave) =>
  client.put<ResourceOperatorInfo>(`/stations/${id(resourceId)}/infos`, body);

export const getEquipments = (client: ApiClient, resourceId: string, signal?: AbortSignal) =>
  client.get<{ items: Equipment[] }>(`/stations/${id(resourceId)}/equipments`, { signal });

export const reverseGeocode = (client: ApiClient, longitude: number, latitude: number) =>
  client.get<ReverseGeocodeResult>('/regions/reverse-geocode', { query: { longitude, latitude } });

/** Not tenant-scoped: the same map for every area. */
export const getPortalConfig = (signal?: AbortSignal) => api.get<PortalConfig>('/portal-config', { signal });
