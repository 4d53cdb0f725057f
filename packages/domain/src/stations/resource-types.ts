import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const RESOURCE_TYPES = [
  'PowerMobile',
  'ChargeStation',
  'DCPowerCharger',
  'ACPowerCharger',
  'ACPowerChargerHome',
  'ACPowerChargerPublic',
  'PowerSwap',
] as const;
export const ResourceTypeSchema = z.enum(RESOURCE_TYPES);
export type ResourceType = z.infer<typeof ResourceTypeSchema>;
export const RESOURCE_TYPE_LABELS = {
  PowerMobile: 'resourceType.powerMobile',
  ChargeStation: 'resourceType.chargeStation',
  DCPowerCharger: 'resourceType.dcPowerCharger',
  ACPowerCharger: 'resourceType.acPowerCharger',
  ACPowerChargerHome: 'resourceType.acPowerChargerHome',
  ACPowerChargerPublic: 'resourceType.acPowerChargerPublic',
  PowerSwap: 'resourceType.powerSwap',
} as const satisfies Record<ResourceType, MessageKey>;

export const CHARGER_TYPES = ['AC', 'DC'] as const;
export const ChargerTypeSchema = z.enum(CHARGER_TYPES);
export type ChargerType = z.infer<typeof ChargerTypeSchema>;

/** Radius of the "stations nearby" search around a location. */
export const NEARBY_STATION_RADIUS = 200;
/** How many hits the power-resource search asks for. */
export const POWER_RESOURCE_SEARCH_COUNT = 50;
