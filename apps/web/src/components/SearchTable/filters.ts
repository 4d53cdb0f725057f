import type { ReactNode } from 'react';
import { z } from 'zod';
import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@cmp/domain/platform/paging';
import { DEFAULT_TEXT_MAX_LENGTH } from '@cmp/domain/shared/input';

export interface FilterOption<V extends string | number = string | number> {
  label: ReactNode;
  value: V;
}

/** One node of a region tree, as the region dictionary answers it. */
export interface CascadeOption {
  value: string;
  label: ReactNode;
  children?: CascadeOption[];
}

interface FilterBase {
  /** Form field, URL query key and (unless the type says otherwise) request parameter. */
  name: string;
  label: ReactNode;
}

export type SearchFilter =
  | (FilterBase & {
      type: 'select';
      options: FilterOption[];
      /** Several options at once; the URL repeats the key and the request gets the list of values. */
      multiple?: boolean;
    })
  | (FilterBase & {
      type: 'input';
      placeholder?: string;
      /** Longest text the list takes; read from the table's `querySchema` when left out. */
      maxLength?: number;
    })
  | (FilterBase & {
      type: 'inputSelect';
      /** Parameter carrying the chosen field; `name` carries the text. */
      selectName: string;
      options: FilterOption<string>[];
      placeholder?: string;
      /** Longest text the list takes; read from the table's `querySchema` for the chosen field when left out. */
      maxLength?: number;
    })
  | (FilterBase & {
      type: 'datetime';
      /** Picks default to 23:59:59 instead of 00:00:00. */ endOfDay?: boolean;
    })
  | (FilterBase & {
      type: 'datetimeRange';
      /** Parameters of the range's start and end; `${name}Start` and `${name}End` when left out. */
      names?: [string, string];
    })
  | (FilterBase & {
      type: 'custom';
      /**
       * The screen's own control for one text value, e.g. a select that searches the server as the user
       * types, where options known up front would be too many.
       */
      render: (props: CustomFilterProps) => ReactNode;
    })
  | (FilterBase & {
      type: 'cascade';
      options: CascadeOption[];
      /** Turns the chosen path into request parameters, e.g. only the city code; `{ [name]: path }` by default. */
      transform?: (path: string[]) => Record<string, unknown>;
    });

export interface CustomFilterProps {
  /** Ties the form item's label to the control. */
  id?: string;
  value?: string;
  onChange: (value: string | undefined) => void;
}

export interface InputSelectValue {
  field?: string;
  text?: string;
}

/** What the search form holds per filter: plain values, so the URL can carry them without a date library. */
export type FilterValue = string | number | InputSelectValue | [number, number] | string[];
export type FilterValues = Record<string, FilterValue | undefined>;

export interface PageState {
  pageNo: number;
  pageSize: number;
  /** `column:asc` or `column:desc`. */
  sort?: string;
}

/** What a list's `request` receives: the server's paging parameters plus each filter's parameters. */
export type SearchTableParams = PageState & Record<string, unknown>;

const PAGE_KEYS = { pageNo: 'pageNo', pageSize: 'pageSize', sort: 'sort' } as const;
const SORT_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*:(asc|desc)$/;

export const rangeNames = (filter: Extract<SearchFilter, { type: 'datetimeRange' }>): [string, string] =>
  filter.names ?? [`${filter.name}Start`, `${filter.name}End`];

/** Every query key a filter owns, so writing the form back can clear keys the user emptied. */
function urlKeys(filter: SearchFilter): string[] {
  switch (filter.type) {
    case 'inputSelect':
      return [filter.selectName, filter.name];
    case 'datetimeRange':
      return rangeNames(filter);
    default:
      return [filter.name];
  }
}

const timestamp = (raw: string | null): number | undefined => {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
};

const nonEmpty = (raw: string | null): string | undefined => (raw === null || raw === '' ? undefined : raw);

function readFilter(filter: SearchFilter, params: URLSearchParams): FilterValue | undefined {
  switch (filter.type) {
    case 'select': {
      if (filter.multiple) {
        const chosen = params.getAll(filter.name).filter((part) => part !== '');
        return chosen.length > 0 ? chosen : undefined;
      }
      const raw = nonEmpty(params.get(filter.name));
      if (raw === undefined) return undefined;
      // The URL only holds text; give back the option's own value so numeric options stay numbers. A value
      // whose options have not loaded yet is kept as text rather than dropped.
      return filter.options.find((option) => String(option.value) === raw)?.value ?? raw;
    }
    case 'input':
    case 'custom':
      return nonEmpty(params.get(filter.name));
    case 'inputSelect': {
      const text = nonEmpty(params.get(filter.name));
      if (text === undefined) return undefined;
      const field = nonEmpty(params.get(filter.selectName));
      return field === undefined ? { text } : { field, text };
    }
    case 'datetime':
      return timestamp(params.get(filter.name));
    case 'datetimeRange': {
      const [startName, endName] = rangeNames(filter);
      const start = timestamp(params.get(startName));
      const end = timestamp(params.get(endName));
      return start === undefined || end === undefined ? undefined : [start, end];
    }
    case 'cascade': {
      const path = params.getAll(filter.name).filter((part) => part !== '');
      return path.length > 0 ? path : undefined;
    }
  }
}

/** The search form's values as the URL describes them. */
export function readFilters(filters: readonly SearchFilter[], params: URLSearchParams): FilterValues {
  return Object.fromEntries(filters.map((filter) => [filter.name, readFilter(filter, params)]));
}

/** The filter's entries as URL query pairs; empty values produce none. */
function filterEntries(filter: SearchFilter, value: FilterValue | undefined): [string, string][] {
  if (value === undefined) return [];
  switch (filter.type) {
    case 'select':
      if (Array.isArray(value)) return value.map((one): [string, string] => [filter.name, String(one)]);
      return typeof value === 'string' || typeof value === 'number' ? [[filter.name, String(value)]] : [];
    case 'input':
    case 'custom': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? [] : [[filter.name, text]];
    }
    case 'inputSelect': {
      if (typeof value !== 'object' || Array.isArray(value)) return [];
      const text = value.text?.trim() ?? '';
      if (text === '') return [];
      const field = value.field ?? filter.options[0]?.value;
      return field === undefined
        ? [[filter.name, text]]
        : [
            [filter.selectName, field],
            [filter.name, text],
          ];
    }
    case 'datetime':
      return typeof value === 'number' ? [[filter.name, String(value)]] : [];
    case 'datetimeRange': {
      if (!Array.isArray(value) || value.length !== 2) return [];
      const [startName, endName] = rangeNames(filter);
      return [
        [startName, String(value[0])],
        [endName, String(value[1])],
      ];
    }
    case 'cascade':
      return Array.isArray(value) ? value.map((part): [string, string] => [filter.name, String(part)]) : [];
  }
}

/**
 * A new query string with the form's filters in place of the old ones. Paging goes back to the first page
 * because the old page number means nothing for a different result; page size and sort are kept.
 */
export function writeFilters(
  filters: readonly SearchFilter[],
  values: FilterValues,
  current: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const filter of filters) {
    for (const key of urlKeys(filter)) next.delete(key);
    for (const [key, value] of filterEntries(filter, values[filter.name])) next.append(key, value);
  }
  next.delete(PAGE_KEYS.pageNo);
  return next;
}

/** The request parameters of the filters the URL holds. */
export function toRequestFilters(
  filters: readonly SearchFilter[],
  params: URLSearchParams,
): Record<string, unknown> {
  const values = readFilters(filters, params);
  const result: Record<string, unknown> = {};
  for (const filter of filters) {
    const value = values[filter.name];
    if (value === undefined) continue;
    if (filter.type === 'datetimeRange' && Array.isArray(value)) {
      const [startName, endName] = rangeNames(filter);
      result[startName] = value[0];
      result[endName] = value[1];
    } else if (filter.type === 'inputSelect' && typeof value === 'object' && !Array.isArray(value)) {
      const field = value.field ?? filter.options[0]?.value;
      if (field !== undefined) result[filter.selectName] = field;
      result[filter.name] = value.text;
    } else if (filter.type === 'cascade' && Array.isArray(value)) {
      Object.assign(
        result,
        filter.transform ? filter.transform(value.map(String)) : { [filter.name]: value },
      );
    } else {
      result[filter.name] = value;
    }
  }
  return result;
}

const positiveInt = (raw: string | null): number | undefined => {
  const value = Number(raw);
  return raw !== null && Number.isInteger(value) && value >= 1 ? value : undefined;
};

/** The page the URL names; `defaultPageSize` for a list whose contract pages by another size than 20. */
export function readPage(params: URLSearchParams, defaultPageSize: number = DEFAULT_PAGE_SIZE): PageState {
  const pageSize = positiveInt(params.get(PAGE_KEYS.pageSize));
  const sort = params.get(PAGE_KEYS.sort);
  return {
    pageNo: positiveInt(params.get(PAGE_KEYS.pageNo)) ?? DEFAULT_PAGE_NO,
    // A hand-edited size outside the offered options would leave the size changer showing nothing.
    pageSize:
      pageSize !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize)
        ? pageSize
        : defaultPageSize,
    ...(sort !== null && SORT_PATTERN.test(sort) ? { sort } : {}),
  };
}

/** The query string with a new page; defaults are left out so a plain list keeps a plain URL. */
export function writePage(
  current: URLSearchParams,
  page: Partial<PageState>,
  defaultPageSize: number = DEFAULT_PAGE_SIZE,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | undefined, fallback?: number) => {
    if (value === undefined || value === '' || value === fallback) next.delete(key);
    else next.set(key, String(value));
  };
  if ('pageNo' in page) set(PAGE_KEYS.pageNo, page.pageNo, DEFAULT_PAGE_NO);
  if ('pageSize' in page) set(PAGE_KEYS.pageSize, page.pageSize, defaultPageSize);
  if ('sort' in page) set(PAGE_KEYS.sort, page.sort);
  return next;
}

/** The longest text a query parameter of the list's schema takes, or undefined when it is not a string. */
export function maxTextLength(schema: z.ZodType | undefined, key: string): number | undefined {
  let node: z.core.$ZodType | undefined =
    schema instanceof z.ZodObject ? (schema.shape as Record<string, z.core.$ZodType>)[key] : undefined;
  // Optional, defaulted and transformed parameters hold their string inside.
  for (let depth = 0; node && depth < 8; depth += 1) {
    const def = node._zod.def as { innerType?: z.core.$ZodType; in?: z.core.$ZodType };
    const inner = def.innerType ?? def.in;
    if (!inner) break;
    node = inner;
  }
  return node instanceof z.ZodString ? (node.maxLength ?? undefined) : undefined;
}

/**
 * How long the text of a text filter may be: its own limit, else the server's for the parameter it is sent
 * as (for a field-and-text filter, the chosen field), else the length of text a contract takes unless it
 * names another. The search form refuses longer text beside the field instead of sending it.
 */
export function filterMaxLength(
  filter: SearchFilter,
  schema: z.ZodType | undefined,
  field?: string,
): number | undefined {
  if (filter.type !== 'input' && filter.type !== 'inputSelect') return undefined;
  if (filter.maxLength !== undefined) return filter.maxLength;
  const sentAs = filter.type === 'inputSelect' ? (field ?? filter.options[0]?.value) : undefined;
  return (
    (sentAs === undefined ? undefined : maxTextLength(schema, sentAs)) ??
    maxTextLength(schema, filter.name) ??
    DEFAULT_TEXT_MAX_LENGTH
  );
}

/**
 * The filter a refused query parameter belongs to (`resourceName` of a field-and-text search, either end of
 * a range), so the server's complaint can be shown beside it.
 */
export function filterOfParameter(
  filters: readonly SearchFilter[],
  parameter: string,
): SearchFilter | undefined {
  return filters.find((filter) => {
    if (filter.name === parameter) return true;
    if (filter.type === 'inputSelect') {
      return filter.selectName === parameter || filter.options.some((option) => option.value === parameter);
    }
    if (filter.type === 'datetimeRange') return rangeNames(filter).includes(parameter);
    return false;
  });
}
