import { z } from 'zod';

/**
 * Valid request values made from a route's own Zod schema, so a test can send a request that passes
 * validation and then spoil one field of it. Each schema yields a few candidates, valid ones first;
 * refinements across fields (an end after its start) are met by trying a field's other candidates.
 */

/** Values the test database holds, by field name, tried before anything made up. */
export type KnownValues = Readonly<Record<string, unknown>>;

export interface SampleOptions {
  known?: KnownValues;
  /** Optional fields too, and one item in each array: the most places a nested value can go wrong. */
  full?: boolean;
}

const STRING_CANDIDATES = [
  'a',
  '1',
  'abcdefghij',
  '310101',
  'true',
  'UTC+08:00',
  '00:00',
  '24:00',
  '2026-01-01',
  'user@example.com',
  'https://example.com/a',
  '00000000-0000-4000-8000-000000000000',
];
const NUMBER_CANDIDATES = [1, 0, 2, 10, 100, 1000, 0.5, -1];
const MAX_CANDIDATES = 6;

type Schema = z.core.$ZodType;
const defOf = (schema: Schema) => (schema as z.core.$ZodTypes)._zod.def;
const accepts = (schema: Schema, value: unknown) => z.safeParse(schema, value).success;
const isOptionalIn = (schema: Schema) => schema._zod.optin === 'optional';

/** A valid value for the schema, or undefined when none of the candidates is one. */
export function sample(schema: Schema, options: SampleOptions = {}): unknown {
  return candidates(schema, options)[0];
}

/** Valid values of the schema, the likeliest first. */
export function candidates(schema: Schema, options: SampleOptions = {}): unknown[] {
  return unique(rawCandidates(schema, options))
    .filter((value) => accepts(schema, value))
    .slice(0, MAX_CANDIDATES);
}

function rawCandidates(schema: Schema, options: SampleOptions): unknown[] {
  const def = defOf(schema);
  const full = options.full ?? false;
  switch (def.type) {
    case 'string':
      return [...STRING_CANDIDATES, ...lengthCandidates(def.checks)];
    case 'number':
      return [...NUMBER_CANDIDATES, ...boundCandidates(def.checks)];
    case 'boolean':
      return [true, false];
    case 'null':
      return [null];
    case 'undefined':
      return [undefined];
    case 'enum':
      return Object.values(def.entries);
    case 'literal':
      return [...def.values];
    case 'array': {
      const items = candidates(def.element, options);
      const min = minLength(def.checks);
      // A refinement may ask for items a minimum does not name ("at least one role"): offer one then too.
      // (Zod types a check kind without "custom", which refinements are.)
      const refined = checkDefs(def.checks).some((check) => String(check.check) === 'custom');
      return items
        .flatMap((item) => (full || min > 0 || refined ? [Array(Math.max(min, 1)).fill(item)] : []))
        .concat([[]]);
    }
    case 'object':
      return [objectSample(schema as z.core.$ZodObject, options)];
    case 'optional':
      return full ? [...candidates(def.innerType, options), undefined] : [undefined];
    case 'default':
    case 'prefault':
      return full ? candidates(def.innerType, options) : [undefined];
    case 'nullable':
      return [...candidates(def.innerType, options), null];
    case 'union':
      return def.options.flatMap((option) => candidates(option, options));
    case 'pipe':
      // A preprocess takes anything, so its output schema says what to send; a list may travel as a
      // comma-separated string.
      return defOf(def.in).type === 'transform'
        ? candidates(def.out, options)
        : [...candidates(def.in, options), ...candidates(def.out, options).map(asText)];
    case 'lazy':
      return candidates(def.getter(), options);
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return candidates(def.innerType, options);
    case 'record':
      return [{}];
    case 'tuple':
      return [def.items.map((item) => sample(item, options))];
    case 'unknown':
    case 'any':
      return [null, {}];
    default:
      return [];
  }
}

/** Required fields (all with `full`), each the known value when it fits; then cross-field rules repaired. */
function objectSample(schema: z.core.$ZodObject, options: SampleOptions): Record<string, unknown> {
  const shape = schema._zod.def.shape;
  const choices: Record<string, unknown[]> = {};
  for (const [key, field] of Object.entries(shape)) {
    const known = options.known?.[key];
    // An optional or defaulted field starts absent, yet its values stay choices for a rule that needs one of
    // several (a coupon batch covers at least one of two fees that default to false).
    if (!options.full && (isOptionalIn(field) || ['default', 'prefault'].includes(defOf(field).type))) {
      choices[key] = [undefined, ...candidates(field, { ...options, full: true })];
      continue;
    }
    const fieldChoices = candidates(field, options);
    choices[key] = known !== undefined && accepts(field, known) ? [known, ...fieldChoices] : fieldChoices;
  }
  const value: Record<string, unknown> = {};
  for (const [key, fieldChoices] of Object.entries(choices)) {
    if (fieldChoices[0] !== undefined) value[key] = fieldChoices[0];
  }
  return repair(schema, value, choices);
}

/** Tries each complained-about field's other choices while that leaves fewer issues. */
function repair(
  schema: Schema,
  value: Record<string, unknown>,
  choices: Record<string, unknown[]>,
): Record<string, unknown> {
  const issueCount = (candidate: Record<string, unknown>) =>
    z.safeParse(schema, candidate).error?.issues.length ?? 0;
  let best = value;
  for (let round = 0; round < 3 && issueCount(best) > 0; round++) {
    const keys = new Set(z.safeParse(schema, best).error!.issues.map((issue) => String(issue.path[0])));
    for (const key of keys) {
      for (const choice of choices[key] ?? []) {
        const tried = { ...best, [key]: choice };
        if (issueCount(tried) < issueCount(best)) best = tried;
      }
    }
  }
  return best;
}

function lengthCandidates(checks: z.core.$ZodCheck[] | undefined): string[] {
  const min = minLength(checks);
  return min > 1 ? ['a'.repeat(min), '1'.repeat(min)] : [];
}

function minLength(checks: z.core.$ZodCheck[] | undefined): number {
  const found = checkDefs(checks).find((def) => def.check === 'min_length');
  return found && 'minimum' in found ? Number(found.minimum) : 0;
}

function boundCandidates(checks: z.core.$ZodCheck[] | undefined): number[] {
  return checkDefs(checks).flatMap((def) =>
    (def.check === 'greater_than' || def.check === 'less_than') && 'value' in def ? [Number(def.value)] : [],
  );
}

const checkDefs = (checks: z.core.$ZodCheck[] | undefined) =>
  (checks ?? []).map((check) => (check as z.core.$ZodChecks)._zod.def);

const asText = (value: unknown): unknown =>
  Array.isArray(value) ? value.join(',') : typeof value === 'number' ? String(value) : value;

function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value) ?? 'undefined';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
