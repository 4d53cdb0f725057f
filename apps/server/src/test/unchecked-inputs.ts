import type { z } from 'zod';
import { hasJsonCheck, hasSafeTextCheck, INT8 } from '@cmp/domain/shared/input';

type Schema = z.core.$ZodType;

const defOf = (schema: Schema) => (schema as z.core.$ZodTypes)._zod.def;
const checkDefs = (schema: Schema) =>
  (schema._zod.def.checks ?? []).map((check) => (check as z.core.$ZodChecks)._zod.def);

/**
 * The places of a request schema where a value could pass that a column cannot hold: text without the
 * shared text check, an integer without an explicit lower and upper bound within `bigint`, a free value
 * without the JSON check. Enums, literals, booleans and strings limited by a format or a pattern are
 * bounded by themselves, and so is text that only reaches the handler through such values (`'a,b'` split
 * into an enum list, a `stringbool`). Answers each place as `path: what is missing`.
 */
export function uncheckedInputs(schema: Schema, path = '', seen = new Set<Schema>()): string[] {
  if (seen.has(schema) || hasJsonCheck(schema)) return [];
  const def = defOf(schema);
  const at = (child: Schema, step: string | number) => uncheckedInputs(child, `${path}.${step}`, seen);
  switch (def.type) {
    case 'string':
      return hasSafeTextCheck(schema) || isFormatted(schema)
        ? []
        : [`${path || '.'}: text without the text check`];
    case 'number':
      return !isInteger(schema) || isBounded(schema) ? [] : [`${path || '.'}: integer without bounds`];
    case 'unknown':
    case 'any':
    case 'custom':
      return [`${path || '.'}: free value without the JSON check`];
    case 'object':
      return [
        ...Object.entries(def.shape).flatMap(([key, field]) => at(field, key)),
        ...(def.catchall && defOf(def.catchall).type !== 'never' ? at(def.catchall, '*') : []),
      ];
    case 'array':
      return at(def.element, '[]');
    case 'record':
      return [...at(def.keyType, '<key>'), ...at(def.valueType, '*')];
    case 'tuple':
      return [...def.items.flatMap((item, index) => at(item, index)), ...(def.rest ? at(def.rest, '*') : [])];
    case 'union':
      return def.options.flatMap((option) => uncheckedInputs(option, path, seen));
    case 'intersection':
      return [...uncheckedInputs(def.left, path, seen), ...uncheckedInputs(def.right, path, seen)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return uncheckedInputs(def.innerType, path, seen);
    case 'lazy':
      seen.add(schema);
      return uncheckedInputs(def.getter(), path, seen);
    case 'pipe':
      return isClosed(def.out)
        ? []
        : [...uncheckedInputs(def.in, path, seen), ...uncheckedInputs(def.out, path, seen)];
    default:
      // transforms produce rather than take a value; the rest (booleans, enums, literals, ...) are bounded
      return [];
  }
}

const isFormatted = (schema: Schema): boolean =>
  'format' in schema._zod.def || checkDefs(schema).some((def) => def.check === 'string_format');

const isInteger = (schema: Schema): boolean =>
  [schema._zod.def, ...checkDefs(schema)].some(
    (def) => 'format' in def && typeof def.format === 'string' && /int/.test(def.format),
  );

function isBounded(schema: Schema): boolean {
  const bound = (kind: 'greater_than' | 'less_than') =>
    checkDefs(schema).find((def) => def.check === kind && 'value' in def) as { value: number } | undefined;
  const min = bound('greater_than');
  const max = bound('less_than');
  return min !== undefined && max !== undefined && min.value >= INT8.min && max.value <= INT8.max;
}

/** Only values that need no check of their own come out of it: enums, literals, booleans, numbers. */
function isClosed(schema: Schema): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'enum':
    case 'literal':
    case 'boolean':
    case 'null':
    case 'undefined':
      return true;
    case 'number':
      return uncheckedInputs(schema).length === 0;
    case 'array':
      return isClosed(def.element);
    case 'optional':
    case 'nullable':
    case 'default':
      return isClosed(def.innerType);
    case 'union':
      return def.options.every(isClosed);
    case 'pipe':
      return isClosed(def.out);
    default:
      return false;
  }
}
