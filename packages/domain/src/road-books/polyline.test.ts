import { describe, expect, it } from 'vitest';
import { decodePolyline, encodePolyline } from './polyline.js';

describe('encoded polyline', () => {
  // The worked example of Google's format description.
  const encoded = '_p~iF~ps|U_ulLnnqC_mqNvxq`@';
  const points = [
    [-120.2, 38.5],
    [-120.95, 40.7],
    [-126.453, 43.252],
  ] as const;

  it('should decode the format description example as [lng, lat] points', () => {
    expect(decodePolyline(encoded)).toEqual(points);
  });

  it('should encode the same points to the same text', () => {
    expect(encodePolyline(points)).toBe(encoded);
  });

  it('should give back Chinese route points to five decimals', () => {
    const route = [
      [121.47337, 31.23042],
      [120.15507, 30.27415],
      [116.40717, 39.90469],
    ] as const;
    expect(decodePolyline(encodePolyline(route))).toEqual(route);
  });

  it('should refuse a text cut inside a number', () => {
    expect(() => decodePolyline('_p~iF~ps|')).toThrow('polyline ends inside a number');
  });
});
