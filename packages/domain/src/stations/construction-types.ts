import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

/** Where a station is built, in the national charging-interconnection standard's codes (255 is "other"). */
export const CONSTRUCTION_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 255] as const;
export const ConstructionTypeSchema = z.literal(CONSTRUCTION_TYPES);
export type ConstructionType = z.infer<typeof ConstructionTypeSchema>;

export const CONSTRUCTION_TYPE_LABELS = {
  1: 'constructionType.residentialArea',
  2: 'constructionType.publicInstitution',
  3: 'constructionType.enterprise',
  4: 'constructionType.officeBuilding',
  5: 'constructionType.industrialPark',
  6: 'constructionType.transportHub',
  7: 'constructionType.culturalSportsFacility',
  8: 'constructionType.urbanGreenSpace',
  9: 'constructionType.buildingParking',
  10: 'constructionType.roadsideParking',
  11: 'constructionType.highwayServiceArea',
  255: 'constructionType.other',
} as const satisfies Record<ConstructionType, MessageKey>;
