/** A yes/no count filter: yes means at least one, no means exactly none, unset means no filter. */
export function countFilter(present: boolean | undefined): { min?: number; max?: number } {
  if (present === undefined) return {};
  return present ? { min: 1 } : { min: 0, max: 0 };
}

/**
 * The region cascade yields province, city (and district); the station list filters by city, so only the
 * second element is sent, and a bare province selects nothing.
 */
export const secondRegionId = (regions: readonly string[] | undefined): string | undefined => regions?.[1];

/** Lists that filter by the most precise region chosen send the last element of the cascade. */
export const lastRegionId = (regions: readonly string[] | undefined): string | undefined => regions?.at(-1);

/** The "search by" select plus its text: one filter field named by the select, sent only when filled in. */
export function searchField<N extends string>(name: N, text: string | undefined): Partial<Record<N, string>> {
  const value = text?.trim();
  return value ? ({ [name]: value } as Partial<Record<N, string>>) : {};
}
