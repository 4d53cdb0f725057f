import { z } from 'zod';

export const TAG_PROVIDERS = ['algorithm', 'cmo'] as const;
export const TagProviderSchema = z.enum(TAG_PROVIDERS);
export type TagProvider = z.infer<typeof TagProviderSchema>;

export const TAG_BIZ_CODES = ['ChargeStation', 'PowerSwap'] as const;
export const TagBizCodeSchema = z.enum(TAG_BIZ_CODES);
export type TagBizCode = z.infer<typeof TagBizCodeSchema>;

/** The group whose tag the app shows as why it recommends a station. */
export const RECOMMENDATION_TAG_GROUP = 'resource_recommendation_info';

/** Tag metadata is read in one page this large. */
export const TAG_METADATA_COUNT = 100;

export const EDITABLE_TAG_GROUPS = {
  ChargeStation: {
    cmo: [
      'resource_occupy_info',
      'resource_available_info',
      'resource_succ_info',
      'resource_recommendation_info',
    ],
    algorithm: ['nio_charging_tag', 'max_charging_speed_tag', 'succ_prob_tag'],
  },
  PowerSwap: { cmo: ['overall_evaluation'] },
} as const satisfies Record<TagBizCode, Partial<Record<TagProvider, readonly string[]>>>;

/** Shown in the editor but never written: the charging tag is computed from charging sessions. */
export const READ_ONLY_TAG_GROUPS: readonly string[] = ['nio_charging_tag'];
/** Groups edited as a yes/no switch instead of a choice among their tags. */
export const YES_NO_TAG_GROUPS: readonly string[] = ['overall_evaluation'];
export const CHARGING_SPEED_TAG_GROUP = 'max_charging_speed_tag';

export function editableTagGroups(bizCode: TagBizCode, provider: TagProvider): readonly string[] {
  const byProvider: Partial<Record<TagProvider, readonly string[]>> = EDITABLE_TAG_GROUPS[bizCode];
  return byProvider[provider] ?? [];
}
