import type { PosterConfigType, PosterResourceScope } from './poster-contracts.js';

export interface PosterResourceRule {
  configType: PosterConfigType | null;
  resourceScope: PosterResourceScope | null;
}

export interface PosterRuleChange {
  posterId: number;
  originalConfigType: PosterConfigType | null;
  configType: PosterConfigType | null;
  originalResourceScope: PosterResourceScope | null;
  resourceScope: PosterResourceScope | null;
}

/** The binding service re-binds resources by comparing old and new rule, so a change carries both. */
export const posterRuleChange = (
  posterId: number,
  original: PosterResourceRule,
  next: PosterResourceRule,
): PosterRuleChange => ({
  posterId,
  originalConfigType: original.configType,
  configType: next.configType,
  originalResourceScope: original.resourceScope,
  resourceScope: next.resourceScope,
});
