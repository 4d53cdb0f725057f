import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  CONSTRUCTION_TYPE_LABELS,
  CONSTRUCTION_TYPES,
  ConstructionTypeSchema,
} from './construction-types.js';
import { STATION_OPERATION_ACTIONS } from './operation-actions.js';
import {
  CHARGER_TYPES,
  NEARBY_STATION_RADIUS,
  POWER_RESOURCE_SEARCH_COUNT,
  RESOURCE_TYPES,
  ResourceTypeSchema,
} from './resource-types.js';
import { STATION_STATUS_LABELS, STATION_STATUSES, StationStatusSchema } from './station-status.js';

const en = (key: string): string => formatMessage('en-US', { key });
const zh = (key: string): string => formatMessage('zh-CN', { key });

describe('station status', () => {
  it('should label 0, 1, 3, 6 and 50', () => {
    expect(Object.fromEntries(STATION_STATUSES.map((s) => [s, en(STATION_STATUS_LABELS[s])]))).toEqual({
      0: 'Unknown',
      1: 'Under construction',
      3: 'Offline',
      6: 'In maintenance',
      50: 'Normal',
    });
    expect(zh(STATION_STATUS_LABELS[50])).toBe('正常');
  });

  it('should refuse codes outside the list', () => {
    expect(StationStatusSchema.safeParse(2).success).toBe(false);
    expect(StationStatusSchema.parse(50)).toBe(50);
  });
});

describe('construction types', () => {
  it('should label 1 to 11 and 255', () => {
    expect(CONSTRUCTION_TYPES.map((t) => en(CONSTRUCTION_TYPE_LABELS[t]))).toEqual([
      'Residential area',
      'Public institution',
      'Enterprise or institution',
      'Office building',
      'Industrial park',
      'Transport hub',
      'Large cultural or sports facility',
      'Urban green space',
      'Parking of large building',
      'Roadside parking',
      'Intercity highway service area',
      'Other',
    ]);
    expect(zh(CONSTRUCTION_TYPE_LABELS[11])).toBe('城际高速服务区');
  });

  it('should refuse 12', () => {
    expect(ConstructionTypeSchema.safeParse(12).success).toBe(false);
  });
});

describe('resource and charger types', () => {
  it('should list the seven resource types and AC and DC', () => {
    expect(RESOURCE_TYPES).toEqual([
      'PowerMobile',
      'ChargeStation',
      'DCPowerCharger',
      'ACPowerCharger',
      'ACPowerChargerHome',
      'ACPowerChargerPublic',
      'PowerSwap',
    ]);
    expect(CHARGER_TYPES).toEqual(['AC', 'DC']);
    expect(ResourceTypeSchema.safeParse('chargestation').success).toBe(false);
  });
});

describe('resource searches', () => {
  it('should search nearby stations within a radius of 200', () => {
    expect(NEARBY_STATION_RADIUS).toBe(200);
  });

  it('should ask the power resource search for 50 hits', () => {
    expect(POWER_RESOURCE_SEARCH_COUNT).toBe(50);
  });
});

describe('station operation actions', () => {
  it('should list the five recorded actions', () => {
    expect(STATION_OPERATION_ACTIONS).toEqual([
      'CHARGE_STATION_BASIC_INFO_UPDATE',
      'CHARGE_MAP_OFFLINE',
      'ONE_KEY_CHARGING_OFFLINE',
      'CHARGE_STATION_CONTRIBUTOR_BIND',
      'CHARGE_STATION_CONTRIBUTOR_UNBIND',
    ]);
  });
});
