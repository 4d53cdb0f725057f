import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

/** A relation is bound until it is unbound; an unbound one stays as its record (spec core §4). */
export const RELATION_STATES = ['bind', 'unbind'] as const;
export const RelationStateSchema = z.enum(RELATION_STATES);
export type RelationState = z.infer<typeof RelationStateSchema>;
export const RELATION_STATE_LABELS = {
  bind: 'relationState.bind',
  unbind: 'relationState.unbind',
} as const satisfies Record<RelationState, MessageKey>;

/**
 * What ties an app user to a station (docs/decisions.md "Relations"): the reporter of a virtual station is
 * its discoverer (the spec's one named type); a contributor improved the station's data (pictures, fees,
 * hours, corrections); a maintainer looks after the station for the network (a volunteer or partner who
 * reports faults and checks the data on site).
 */
export const RELATION_TYPES = ['discoverer', 'contributor', 'maintainer'] as const;
export const RelationTypeSchema = z.enum(RELATION_TYPES);
export type RelationType = z.infer<typeof RelationTypeSchema>;
export const RELATION_TYPE_LABELS = {
  discoverer: 'relationType.discoverer',
  contributor: 'relationType.contributor',
  maintainer: 'relationType.maintainer',
} as const satisfies Record<RelationType, MessageKey>;

/** Who bound a relation: staff in the portal, the app's back end, or the virtual-station (report) flow. */
export const RELATION_SOURCES = ['portal', 'app', 'virtual_station'] as const;
export const RelationSourceSchema = z.enum(RELATION_SOURCES);
export type RelationSource = z.infer<typeof RelationSourceSchema>;
export const RELATION_SOURCE_LABELS = {
  portal: 'relationSource.portal',
  app: 'relationSource.app',
  virtual_station: 'relationSource.virtualStation',
} as const satisfies Record<RelationSource, MessageKey>;

export const GENDERS = ['male', 'female', 'unknown'] as const;
export const GenderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof GenderSchema>;
export const GENDER_LABELS = {
  male: 'gender.male',
  female: 'gender.female',
  unknown: 'gender.unknown',
} as const satisfies Record<Gender, MessageKey>;

/** How a user holds a home charger (not shown in the spec; docs/decisions.md "Reported and crowd-sourced stations"). */
export const USER_CHARGER_BIND_TYPES = ['owner', 'shared'] as const;
