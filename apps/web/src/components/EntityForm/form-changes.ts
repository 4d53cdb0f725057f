/**
 * What a form changed, field by field. Editors save only these (the server records them as the change's
 * before/after), and the unsaved-changes guard asks only when there are some, so "no change" is judged the
 * way the server stores values: text is trimmed and an empty text is no value, as `optionalText` reads it.
 */

const normalised = (value: unknown): unknown => {
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? null : text;
  }
  return value === undefined ? null : value;
};

/** Objects compare by content: key order and absent-versus-null properties make no difference. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, canonical(v)]),
  );
};

const sameValue = (a: unknown, b: unknown): boolean =>
  JSON.stringify(canonical(normalised(a))) === JSON.stringify(canonical(normalised(b)));

/** The fields of `next` that differ from `initial`, with `next`'s values (text trimmed, empty as null). */
export function changedFields<V extends object, K extends keyof V>(
  initial: V,
  next: V,
  keys: readonly K[],
): Partial<Pick<V, K>> {
  const changes: Partial<Pick<V, K>> = {};
  for (const key of keys) {
    if (!sameValue(initial[key], next[key])) changes[key] = normalised(next[key]) as V[K];
  }
  return changes;
}

/** Whether the form's values differ from the entity it was opened with, in any field the form holds. */
export const differsFrom = (initial: object | undefined, values: object | undefined): boolean =>
  Object.entries(values ?? {}).some(
    ([key, value]) => !sameValue(value, (initial as Record<string, unknown> | undefined)?.[key]),
  );
