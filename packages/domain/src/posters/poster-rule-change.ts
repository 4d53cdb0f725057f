export interface PosterResourceRule {
  configType: string;
  resourceScope: string;
}

export interface PosterRuleChange {
  posterId: string;
  originalConfigType: string;
  configType: string;
  originalResourceScope: string;
  resourceScope: string;
}

/** The binding service re-binds resources by comparing old and new rule, so a change carries both. */
export const posterRuleChange = (
  posterId: string,
  original: PosterResourceRule,
  next: PosterResourceRule,
): PosterRuleChange => ({
  posterId,
  originalConfigType: original.configType,
  configType: next.configType,
  originalResourceScope: original.resourceScope,
  resourceScope: next.resourceScope,
});
