import { z } from 'zod';

/**
 * The building blocks of every request schema: text the database can store, integers within the range of
 * the column they are stored in or compared with, and free JSON of bounded depth and size. A value a
 * column cannot take is refused here, with a field and a message, rather than by the database.
 */

export interface IntegerRange {
  readonly min: number;
  readonly max: number;
}

/** PostgreSQL `smallint`. */
export const INT2: IntegerRange = { min: -32_768, max: 32_767 };
/** PostgreSQL `integer` (and `serial`). */
export const INT4: IntegerRange = { min: -2_147_483_648, max: 2_147_483_647 };
/** PostgreSQL `bigint` (and `bigserial`) as far as a JavaScript number holds it exactly. */
export const INT8: IntegerRange = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
/** Epoch milliseconds a `timestamptz` column and a JavaScript date both hold: the years 1 to 9999. */
export const EPOCH_MS: IntegerRange = { min: -62_135_596_800_000, max: 253_402_300_799_999 };

/** The length a text field may have when its contract names no other. */
export const DEFAULT_TEXT_MAX_LENGTH = 255;

// Node 20 and the browsers the portal supports have it; the ES2023 library the code compiles against
// does not declare it.
const isWellFormed = (value: string): boolean =>
  (value as string & { isWellFormed(): boolean }).isWellFormed();

/** No NUL (PostgreSQL text cannot hold it) and no lone surrogate (JSON columns refuse it). */
export const isSafeText = (value: string): boolean => !value.includes('\u0000') && isWellFormed(value);

const safeTextCheck = z.refine<string>(isSafeText, { error: 'form.invalidCharacter' });

/** Whether a string schema carries the check of `text()`; request contracts are audited with it. */
export const hasSafeTextCheck = (schema: z.core.$ZodType): boolean =>
  (schema._zod.def.checks ?? []).includes(safeTextCheck);

/** Text as it is sent. */
export const text = (max: number = DEFAULT_TEXT_MAX_LENGTH) =>
  z.string().check(safeTextCheck).max(max, { error: 'form.maxLength' });

/** Text without its surrounding blanks, which is what is checked and kept. */
export const trimmedText = (max: number = DEFAULT_TEXT_MAX_LENGTH) =>
  z.string().trim().check(safeTextCheck).max(max, { error: 'form.maxLength' });

/** An integer of a JSON body within the range of its column (`integer` unless given). */
export const integer = (range: IntegerRange = INT4) =>
  z
    .number({ error: 'form.number' })
    .int({ error: 'form.integer' })
    .min(range.min, { error: 'form.minNumber' })
    .max(range.max, { error: 'form.maxNumber' });

/** The same sent as text, in a path or a query string; `Input` narrows what the caller's types may pass. */
export const integerParam = <Input = unknown>(range: IntegerRange = INT4) =>
  z.coerce
    .number<Input>({ error: 'form.number' })
    .int({ error: 'form.integer' })
    .min(range.min, { error: 'form.minNumber' })
    .max(range.max, { error: 'form.maxNumber' });

/** A generated id of a `serial` column, or of a `bigserial` one with `INT8`. */
export const id = (range: IntegerRange = INT4) => integer({ min: 1, max: range.max });
export const idParam = (range: IntegerRange = INT4) => integerParam({ min: 1, max: range.max });

export interface JsonLimits {
  /** Levels of arrays and objects, the value itself being the first. */
  maxDepth: number;
  /** Characters of its strings and keys, plus one for every value. */
  maxSize: number;
}
export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 8, maxSize: 16_384 };

const jsonChecks = new WeakSet<z.core.$ZodCheck>();

/**
 * Checks a free JSON value the way `text()` checks a string, every nested string and key included, and
 * bounds its depth and size. Stops at the first problem: one is enough to refuse it.
 */
export function jsonCheck(limits: JsonLimits = DEFAULT_JSON_LIMITS): z.core.$ZodCheck<unknown> {
  const check = z.superRefine<unknown>((value, ctx) => {
    let size = 0;
    const problemAt = (node: unknown, depth: number, path: PropertyKey[]): boolean => {
      size += 1;
      if (typeof node === 'string') {
        size += node.length;
        if (!isSafeText(node)) return report(ctx, path, 'form.invalidCharacter');
      }
      if (size > limits.maxSize) return report(ctx, [], 'form.jsonTooLarge', limits.maxSize);
      if (node === null || typeof node !== 'object') return false;
      if (depth > limits.maxDepth) return report(ctx, [], 'form.jsonTooDeep', limits.maxDepth);
      for (const [key, item] of Object.entries(node)) {
        size += key.length;
        if (!isSafeText(key)) return report(ctx, [...path, key], 'form.invalidCharacter');
        if (problemAt(item, depth + 1, [...path, key])) return true;
      }
      return false;
    };
    problemAt(value, 1, []);
  });
  jsonChecks.add(check);
  return check;
}

function report(ctx: z.RefinementCtx, path: PropertyKey[], message: string, max?: number): true {
  ctx.addIssue({
    code: 'custom',
    path,
    message,
    input: undefined,
    ...(max === undefined ? {} : { params: { max } }),
  });
  return true;
}

/** Whether a schema carries a `jsonCheck`; request contracts are audited with it. */
export const hasJsonCheck = (schema: z.core.$ZodType): boolean =>
  (schema._zod.def.checks ?? []).some((check) => jsonChecks.has(check));

/** Any JSON value, checked by `jsonCheck`. */
export const jsonValue = (limits: JsonLimits = DEFAULT_JSON_LIMITS) => z.unknown().check(jsonCheck(limits));

/** An absolute http or https address. */
export const isWebLink = (v: string): boolean => /^https?:\/\//i.test(v) && URL.canParse(v);
