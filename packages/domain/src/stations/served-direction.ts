import { integer } from '../shared/input.js';

/**
 * The direction of travel an expressway service area serves: a service area stands beside one
 * carriageway, and only cars going that way can pull in. Whole degrees clockwise from north (0 = going
 * north, 90 = east, 180 = south, 270 = west); null where cars going either way can (a station off the
 * expressway, or a service area both carriageways reach).
 */
export const ServedBearingSchema = integer({ min: 0, max: 359 });

/** The eight compass points a bearing is shown as, from north clockwise. */
export const COMPASS_POINTS = [
  'north',
  'northEast',
  'east',
  'southEast',
  'south',
  'southWest',
  'west',
  'northWest',
] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The nearest of the eight compass points to a bearing. */
export function compassPointOf(bearing: number): CompassPoint {
  const normalized = ((bearing % 360) + 360) % 360;
  return COMPASS_POINTS[Math.round(normalized / 45) % 8]!;
}
