import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const RELATION_STATES = ['bind', 'unbind'] as const;
export const RelationStateSchema = z.enum(RELATION_STATES);
export type RelationState = z.infer<typeof RelationStateSchema>;

/** The reporter of a virtual station is bound to it as its discoverer; no other type is named yet. */
export const RELATION_TYPES = ['discoverer'] as const;
export const RelationTypeSchema = z.enum(RELATION_TYPES);
export type RelationType = z.infer<typeof RelationTypeSchema>;

export const GENDERS = ['male', 'female', 'unknown'] as const;
export const GenderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof GenderSchema>;
export const GENDER_LABELS = {
  male: 'gender.male',
  female: 'gender.female',
  unknown: 'gender.unknown',
} as const satisfies Record<Gender, MessageKey>;
