import {
  DEFAULT_RELATION_SORT,
  type RelationFilter,
  type RelationListRequest,
} from '@cmp/domain/accounts/relation-contracts';
import {
  RELATION_STATES,
  RELATION_TYPES,
  type RelationState,
  type RelationType,
} from '@cmp/domain/accounts/relations';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const isType = (value: unknown): value is RelationType =>
  (RELATION_TYPES as readonly unknown[]).includes(value);
const isState = (value: unknown): value is RelationState =>
  (RELATION_STATES as readonly unknown[]).includes(value);
/** A relation id typed in the form: a whole number from 1, else no filter. */
const relationId = (value: unknown): number | undefined => {
  const typed = text(typeof value === 'number' ? String(value) : value);
  return typed !== undefined && /^[1-9]\d{0,14}$/.test(typed) ? Number(typed) : undefined;
};
const types = (value: unknown): RelationType[] | undefined => {
  const list = (Array.isArray(value) ? value : [value]).filter(isType);
  return list.length > 0 ? [...new Set(list)] : undefined;
};

/**
 * The search form's values (the URL's names are the filter's own) as the relation filter of `POST /relation`
 * (C7.1.19), with only what is set.
 */
export function toRelationFilter(params: SearchTableParams): RelationFilter {
  const filter: RelationFilter = {
    sort: params.sort ?? DEFAULT_RELATION_SORT,
    relation_id: relationId(params.relation_id),
    resource_id: text(params.resource_id),
    resource_origin_id: text(params.resource_origin_id),
    account_id: text(params.account_id),
    relation_types: types(params.relation_types),
    bind_reason: text(params.bind_reason),
    unbind_reason: text(params.unbind_reason),
    state: isState(params.state) ? params.state : undefined,
  };
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as RelationFilter;
}

/** `POST /relations/search`: the filter in the spec's names, with the page asked for. */
export const toRelationListRequest = (params: SearchTableParams): RelationListRequest => ({
  pageNo: params.pageNo,
  pageSize: params.pageSize,
  ...toRelationFilter(params),
});

/** `GET /relations/export`: the same filter as a query string, the types comma-joined. */
export function toRelationExportQuery(params: SearchTableParams): Query {
  const { relation_types: list, ...filter } = toRelationFilter(params);
  return { ...filter, relation_types: list?.join(',') };
}
