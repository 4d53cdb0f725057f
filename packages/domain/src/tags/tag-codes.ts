import type { MessageKey } from '../messages/format.js';

/**
 * The codes of the groups and tags the portal's catalogue seeds, named in both languages through the message
 * catalogs (the server seeds the Chinese names from there too). A group or tag added to a database later
 * shows the name it was given.
 */
export const TAG_GROUP_LABELS = {
  resource_occupy_info: 'tagGroup.resourceOccupyInfo',
  resource_available_info: 'tagGroup.resourceAvailableInfo',
  resource_succ_info: 'tagGroup.resourceSuccInfo',
  resource_recommendation_info: 'tagGroup.resourceRecommendationInfo',
  nio_charging_tag: 'tagGroup.nioChargingTag',
  max_charging_speed_tag: 'tagGroup.maxChargingSpeedTag',
  succ_prob_tag: 'tagGroup.succProbTag',
  overall_evaluation: 'tagGroup.overallEvaluation',
} as const satisfies Record<string, MessageKey>;
export type TagGroupCode = keyof typeof TAG_GROUP_LABELS;
export const TAG_GROUP_CODES = Object.keys(TAG_GROUP_LABELS) as TagGroupCode[];

export const TAG_LABELS = {
  occupy_time: 'tagName.occupyTime',
  available_public: 'tagName.availablePublic',
  available_limited: 'tagName.availableLimited',
  available_members: 'tagName.availableMembers',
  available_suspended: 'tagName.availableSuspended',
  fault_ratio: 'tagName.faultRatio',
  recommend_lounge: 'tagName.recommendLounge',
  recommend_food: 'tagName.recommendFood',
  recommend_quiet: 'tagName.recommendQuiet',
  recommend_all_day: 'tagName.recommendAllDay',
  nio_super_charging: 'tagName.nioSuperCharging',
  nio_fast_charging: 'tagName.nioFastCharging',
  nio_slow_charging: 'tagName.nioSlowCharging',
  max_charging_speed: 'tagName.maxChargingSpeed',
  succ_prob_high: 'tagName.succProbHigh',
  succ_prob_medium: 'tagName.succProbMedium',
  succ_prob_low: 'tagName.succProbLow',
  monthly_top_ten: 'tagName.monthlyTopTen',
} as const satisfies Record<string, MessageKey>;
export type TagCode = keyof typeof TAG_LABELS;
export const TAG_CODES = Object.keys(TAG_LABELS) as TagCode[];
