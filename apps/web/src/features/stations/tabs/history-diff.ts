/** One field of a change, as the history shows it side by side. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** False for a field present on both sides with the same value (kept for context, shown muted). */
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isIdField = (field: string): boolean => /Id$/.test(field);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of a record's before and after, in the order they first appear. Records hold the changed
 * fields only, so a field missing on one side was added or cleared. A side that is not an object (a bare
 * value, or nothing) is shown as one unnamed field.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = before ?? undefined;
  const a = after ?? undefined;
  if ((b === undefined || isRecord(b)) && (a === undefined || isRecord(a))) {
    // Stored records do not keep their key order (PostgreSQL's jsonb sorts keys by length), so the ids
    // that say what was changed come first and the rest keep the order they arrive in.
    const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].sort(
      (x, y) => Number(isIdField(y)) - Number(isIdField(x)),
    );
    return fields.map((field) => {
      const beforeValue = b?.[field];
      const afterValue = a?.[field];
      return { field, before: beforeValue, after: afterValue, changed: !same(beforeValue, afterValue) };
    });
  }
  return [{ field: '', before: b, after: a, changed: !same(b, a) }];
}

/** A value in a few words: text as is, lists and objects as compact JSON, nothing as a dash. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
}

/** The worksheet a change was made for, when its extra data names one. */
export function worksheetOf(extData: unknown): string | undefined {
  if (!isRecord(extData)) return undefined;
  const id = extData.worksheet_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
