export {
  SearchTable,
  searchTableQueryKey,
  columnStateStorageKey,
  VISIBLE_FILTERS,
  type SearchTableColumn,
  type SearchTableProps,
} from './SearchTable/SearchTable';
export type {
  CascadeOption,
  FilterOption,
  InputSelectValue,
  SearchFilter,
  SearchTableParams,
} from './SearchTable/filters';
