import { describe, expect, it } from 'vitest';
import { onlineStationId, REPORTED_STATION_SOURCES } from './reported-stations.js';

describe('reported stations', () => {
  it('should know the sources nio, pe, internal, staff and mini', () => {
    expect(REPORTED_STATION_SOURCES).toEqual(['nio', 'pe', 'internal', 'staff', 'mini']);
  });

  it('should use an id containing -NIO- as the station id', () => {
    expect(onlineStationId('SH-NIO-000123')).toBe('SH-NIO-000123');
  });

  it('should not use other ids as the station id', () => {
    expect(onlineStationId('SH-nio-000123')).toBeUndefined();
    expect(onlineStationId('8f2c')).toBeUndefined();
  });
});
