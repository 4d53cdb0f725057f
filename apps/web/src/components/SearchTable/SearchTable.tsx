import { useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { ProTable, type ProColumns, type ProFormInstance } from '@ant-design/pro-components';
import { Button, Empty, Result, Skeleton, Space } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { useQueryAtRender } from '../../api/use-query-at-render';
import { useSearchParams } from 'react-router';
import { ERROR_CODES } from '@cmp/domain/platform/error-codes';
import { formatMessage, ruleMessage, type Locale } from '@cmp/domain/messages/format';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type Page } from '@cmp/domain/platform/paging';
import { useDomainLocale } from '../i18n/use-domain-locale';
import { EllipsisCell } from './EllipsisCell';
import { savedColumnSettings, visibleColumnKeys, type ColumnSettings } from './column-state';
import { FilterControl } from './FilterControl';
import {
  filterMaxLength,
  filterOfParameter,
  readFilters,
  readPage,
  toRequestFilters,
  writeFilters,
  writePage,
  type FilterValues,
  type SearchFilter,
  type SearchTableParams,
} from './filters';

/** Filters shown while the search form is collapsed (spec: "shows the first 5 filter items"). */
export const VISIBLE_FILTERS = 5;

export interface SearchTableColumn<T> {
  /** Stable id: the persisted column state and the `sort` parameter use it. */
  key: string;
  title: ReactNode;
  /** Property shown by default; `key` when left out. */
  dataIndex?: string;
  render?: (record: T, index: number) => ReactNode;
  /** Sorted by the server: clicking the header sets `sort=key:asc|desc`. */
  sortable?: boolean;
  /** Starts hidden in the column panel; a user's own choice, once saved, wins. */
  hiddenByDefault?: boolean;
  /** Pixels; the table scrolls sideways when the visible columns need more than the screen has. */
  width?: number;
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  /** One line, cut with "…"; the whole value shows in a tooltip when it is cut. */
  ellipsis?: boolean;
}

export interface SearchTableProps<T extends object> {
  /** The screen's name; with `tenant` it keys the saved column layout. */
  persistKey: string;
  tenant: string;
  rowKey: (keyof T & string) | ((record: T) => Key);
  columns: SearchTableColumn<T>[];
  filters?: SearchFilter[];
  request: (params: SearchTableParams, context: { signal: AbortSignal }) => Promise<Page<T>>;
  rowSelection?: 'single' | 'multiple';
  onSelectionChange?: (keys: Key[], rows: T[]) => void;
  /**
   * Buttons acting on the selected rows, in the bar that counts them above the table while any are selected;
   * `clear` unselects them (e.g. once a batch action is done).
   */
  selectionActions?: (selection: SearchTableSelection<T>) => ReactNode;
  expandable?: { render: (record: T) => ReactNode; rowExpandable?: (record: T) => boolean };
  title?: ReactNode;
  /**
   * Buttons at the right of the toolbar, e.g. create or export; as a function they see the list as the
   * user sees it (an export sends its filter, order and visible columns).
   */
  actions?: ReactNode[] | ((view: SearchTableView) => ReactNode[]);
  /** What an empty list says, e.g. that no work is waiting; "no data" unless given. */
  empty?: ReactNode;
  /**
   * The list's query contract: the text filters take no more than its parameters do (255 characters
   * where it names no limit or is not given).
   */
  querySchema?: z.ZodType;
  /** Rows a page until the user picks another size: the list contract's own default (20 unless given). */
  defaultPageSize?: number;
}

/** The rows a user selected, for the toolbar's batch actions. */
export interface SearchTableSelection<T> {
  keys: Key[];
  rows: T[];
  clear: () => void;
}

/** The list as shown: its filter and order (and page), and the keys of its visible columns in their order. */
export interface SearchTableView {
  params: SearchTableParams;
  columns: string[];
}

/** Prefix of every query a SearchTable runs; invalidate it after a change to refresh the list. */
export const searchTableQueryKey = (tenant: string, persistKey: string) =>
  ['searchTable', tenant, persistKey] as const;

export const columnStateStorageKey = (tenant: string, persistKey: string) =>
  `cmp:columns:${tenant}:${persistKey}`;

export const tableSizeStorageKey = (tenant: string, persistKey: string) => `cmp:size:${tenant}:${persistKey}`;

/** Width counted for a column that declares none, so the table still knows how wide it must scroll. */
const FALLBACK_COLUMN_WIDTH = 120;
/** Checkbox or radio column of row selection, and the expand column. */
const CONTROL_COLUMN_WIDTH = 48;
/** The portal header is sticky and 56 px high; the table header sticks below it. */
const STICKY_OFFSET = 56;

/**
 * A list waits this long for its first rows before it draws the table: rows that come sooner are drawn with
 * the table and its search form in one render, instead of an empty table first and everything again (each
 * costs hundreds of milliseconds, docs/performance.md); a slower answer shows the table loading.
 */
const FIRST_ROWS_WAIT_MS = 500;

const TABLE_SIZES = ['large', 'middle', 'small'] as const;
type TableSize = (typeof TABLE_SIZES)[number];

function savedSize(key: string): TableSize {
  try {
    const saved = localStorage.getItem(key);
    return TABLE_SIZES.find((size) => size === saved) ?? 'middle';
  } catch {
    return 'middle';
  }
}

/** The last page that has rows; 1 when the list is empty. */
export const lastPageNo = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

const SORT_DIRECTIONS = { ascend: 'asc', descend: 'desc' } as const;

/** What the search form holds for a text filter: the text alone, or a field with its text. */
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && 'text' in value
      ? String((value as { text?: unknown }).text ?? '')
      : undefined;

/**
 * The text filters whose text is longer than the list takes, each with its message: the search form says
 * so beside the field instead of sending a query the server would refuse.
 */
function tooLongFilters(
  filters: readonly SearchFilter[],
  values: FilterValues,
  schema: z.ZodType | undefined,
  locale: Locale,
): FilterProblem[] {
  return filters.flatMap((filter) => {
    const value = values[filter.name];
    const field =
      typeof value === 'object' && value !== null && !Array.isArray(value) ? value.field : undefined;
    const max = filterMaxLength(filter, schema, field);
    const text = textOf(value)?.trim() ?? '';
    return max !== undefined && text.length > max
      ? [{ name: filter.name, message: formatMessage(locale, ruleMessage('form.maxLength', { max })) }]
      : [];
  });
}

interface FilterProblem {
  name: string;
  message: string;
}

const REQUEST_PARTS = new Set(['querystring', 'query', 'params']);

/**
 * The filters a refused list query names (400 with the fields' rules), each with its message in the
 * reader's language; empty when the failure is not about what the search form holds.
 */
function filterProblems(error: unknown, filters: readonly SearchFilter[], locale: Locale): FilterProblem[] {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.validation) return [];
  if (!Array.isArray(error.details)) return [];
  const problems = new Map<string, string>();
  for (const detail of error.details as {
    path?: unknown;
    message?: unknown;
    key?: unknown;
    params?: unknown;
  }[]) {
    if (typeof detail?.path !== 'string') continue;
    const parameter = detail.path.split('.').find((part) => !REQUEST_PARTS.has(part));
    const filter = parameter === undefined ? undefined : filterOfParameter(filters, parameter);
    if (!filter || problems.has(filter.name)) continue;
    const message =
      typeof detail.key === 'string'
        ? formatMessage(locale, {
            key: detail.key,
            ...(typeof detail.params === 'object' && detail.params !== null
              ? { params: detail.params as Record<string, string | number> }
              : {}),
          })
        : String(detail.message ?? '');
    problems.set(filter.name, message);
  }
  return [...problems].map(([name, message]) => ({ name, message }));
}

/**
 * The one list component of the portal. The URL is the list's state: filters, page, page size and sort are
 * read from the query string and every change is written back to it, so a list can be shared, reloaded and
 * navigated with the browser's back button. Data comes from `request` through TanStack Query; ProTable only
 * renders the search form, toolbar and table.
 */
export function SearchTable<T extends object>({
  persistKey,
  tenant,
  rowKey,
  columns,
  filters = [],
  request,
  rowSelection,
  onSelectionChange,
  selectionActions,
  expandable,
  title,
  actions,
  empty,
  querySchema,
  defaultPageSize = DEFAULT_PAGE_SIZE,
}: SearchTableProps<T>) {
  const { t } = useTranslation('components');
  const describe = useDescribeError();
  const locale = useDomainLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const formRef = useRef<ProFormInstance>(undefined);

  const page = readPage(searchParams, defaultPageSize);
  const params: SearchTableParams = { ...page, ...toRequestFilters(filters, searchParams) };
  // A list opened by a link that sets a filter the collapsed form hides (the dashboard's) opens the form:
  // rows narrowed by a filter the user cannot see would read as the whole list.
  const [openAtFirst] = useState(() =>
    Object.values(readFilters(filters.slice(VISIBLE_FILTERS), searchParams)).some(
      (value) => value !== undefined,
    ),
  );
  // The first rows are asked for as the table first renders, not once all of it has rendered and committed.
  const query = useQueryAtRender({
    queryKey: [...searchTableQueryKey(tenant, persistKey), params],
    queryFn: ({ signal }) => request(params, { signal }),
    // Keeps the current rows on screen while the next page loads instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });

  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLongEnough(true), FIRST_ROWS_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const tableShown = !query.isPending || waitedLongEnough;

  // The form follows the URL (first load, back/forward, links), from when it is first drawn. Keyed on the
  // query string, not on `filters`: screens often pass them inline, and re-filling on every render would wipe
  // what the user is typing.
  const queryString = searchParams.toString();
  const filtersRef = useRef(filters);
  useEffect(() => {
    filtersRef.current = filters;
  });
  useEffect(() => {
    formRef.current?.setFieldsValue(readFilters(filtersRef.current, new URLSearchParams(queryString)));
  }, [queryString, tableShown]);

  const sortColumn = page.sort?.split(':')[0];
  const sortOrder = page.sort?.endsWith(':asc') ? 'ascend' : 'descend';
  const proColumns = useMemo<ProColumns<T>[]>(
    () => [
      ...columns.map((column): ProColumns<T> => ({
        key: column.key,
        dataIndex: column.dataIndex ?? column.key,
        title: column.title,
        width: column.width,
        fixed: column.fixed,
        align: column.align,
        // antd's own ellipsis only sets a title on plain text; the cell's tooltip is drawn below instead.
        ellipsis: column.ellipsis ? { showTitle: false } : undefined,
        search: false,
        ...(column.sortable ? { sorter: true, sortOrder: sortColumn === column.key ? sortOrder : null } : {}),
        ...(column.render || column.ellipsis
          ? {
              render: (_dom: ReactNode, record: T, index: number) => {
                const content = column.render
                  ? column.render(record, index)
                  : (record as Record<string, ReactNode>)[column.dataIndex ?? column.key];
                return column.ellipsis ? <EllipsisCell>{content}</EllipsisCell> : content;
              },
            }
          : {}),
      })),
      ...filters.map((filter): ProColumns<T> => ({
        key: filter.name,
        dataIndex: filter.name,
        title: filter.label,
        hideInTable: true,
        hideInSetting: true,
        // The filter's control must be the form item's direct child so it receives value and onChange.
        formItemRender: () => <FilterControl filter={filter} />,
      })),
    ],
    [columns, filters, sortColumn, sortOrder],
  );

  const columnsDefault = useMemo<ColumnSettings>(
    () =>
      Object.fromEntries(
        columns.filter((column) => column.hiddenByDefault).map((column) => [column.key, { show: false }]),
      ),
    [columns],
  );
  // ProTable keeps the column settings itself; a copy follows them for the toolbar's actions.
  const storageKey = columnStateStorageKey(tenant, persistKey);
  const [columnSettings, setColumnSettings] = useState(() => savedColumnSettings(storageKey, columnsDefault));

  const update = (next: URLSearchParams) => setSearchParams(next);

  // A page past the end (an old link, a hand-edited URL, rows deleted meanwhile) moves to the last page
  // instead of showing "rows 3281-3300" over an empty table. `replace` keeps Back from returning to it.
  const total = query.data?.total;
  const pastTheEnd =
    total !== undefined && !query.isPlaceholderData && page.pageNo > lastPageNo(total, page.pageSize);
  useEffect(() => {
    if (!pastTheEnd || total === undefined) return;
    setSearchParams(
      writePage(
        new URLSearchParams(queryString),
        { pageNo: lastPageNo(total, page.pageSize) },
        defaultPageSize,
      ),
      {
        replace: true,
      },
    );
  }, [pastTheEnd, total, page.pageSize, queryString, setSearchParams, defaultPageSize]);

  // Dense by default: one line per row at 1440 px. The toolbar's density switch changes it, per screen.
  const sizeKey = tableSizeStorageKey(tenant, persistKey);
  const [size, setSize] = useState<TableSize>(() => savedSize(sizeKey));
  const changeSize = (next: SizeType) => {
    const chosen = TABLE_SIZES.find((option) => option === next) ?? 'middle';
    setSize(chosen);
    try {
      localStorage.setItem(sizeKey, chosen);
    } catch {
      // Storage full or blocked: the choice holds for this visit only.
    }
  };

  const shownKeys = new Set(visibleColumnKeys(columns, columnSettings));
  const scrollX =
    columns
      .filter((column) => shownKeys.has(column.key))
      .reduce((sum, column) => sum + (column.width ?? FALLBACK_COLUMN_WIDTH), 0) +
    (rowSelection ? CONTROL_COLUMN_WIDTH : 0) +
    (expandable ? CONTROL_COLUMN_WIDTH : 0);

  // A query the server refused for what a filter holds is the user's to correct, not a failure to load:
  // the message goes beside the filter (a hand-edited or old link can hold what the form would refuse).
  const refused = useMemo(
    () => (query.isError ? filterProblems(query.error, filtersRef.current, locale) : []),
    [query.isError, query.error, locale],
  );
  useEffect(() => {
    if (refused.length === 0) return;
    formRef.current?.setFields(refused.map(({ name, message }) => ({ name, errors: [message] })));
  }, [refused]);

  // Rows from before a failed reload would pass for current data, so a failure always replaces them.
  const error = query.isError;
  const emptyText =
    refused.length > 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('searchTable.fixFilters')} />
    ) : error ? (
      <Result
        status="error"
        title={t('searchTable.loadFailed')}
        subTitle={query.error ? describe(query.error) : undefined}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('searchTable.retry')}
          </Button>
        }
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? t('searchTable.empty')} />
    );

  if (!tableShown) {
    return (
      <div aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }

  return (
    <ProTable<T, Record<string, unknown>>
      rowKey={rowKey}
      headerTitle={title}
      columns={proColumns}
      dataSource={error ? [] : (query.data?.items ?? [])}
      loading={query.isFetching}
      formRef={formRef}
      search={
        filters.length === 0
          ? false
          : { defaultCollapsed: !openAtFirst, defaultFormItemsNumber: VISIBLE_FILTERS, labelWidth: 'auto' }
      }
      onSubmit={() => {
        const values: FilterValues = formRef.current?.getFieldsValue() ?? {};
        const tooLong = tooLongFilters(filters, values, querySchema, locale);
        formRef.current?.setFields(
          filters.map((filter) => ({
            name: filter.name,
            errors: tooLong
              .filter((problem) => problem.name === filter.name)
              .map((problem) => problem.message),
          })),
        );
        if (tooLong.length === 0) update(writeFilters(filters, values, searchParams));
      }}
      onReset={() => update(writeFilters(filters, {} satisfies FilterValues, searchParams))}
      options={{
        reload: () => void query.refetch(),
        density: true,
        setting: { draggable: true, checkable: true },
      }}
      toolBarRender={
        actions
          ? () =>
              typeof actions === 'function'
                ? actions({ params, columns: visibleColumnKeys(columns, columnSettings) })
                : actions
          : undefined
      }
      columnsState={{
        persistenceType: 'localStorage',
        persistenceKey: storageKey,
        defaultValue: columnsDefault,
        onChange: (settings) => setColumnSettings(settings as ColumnSettings),
      }}
      rowSelection={
        rowSelection
          ? { type: rowSelection === 'single' ? 'radio' : 'checkbox', onChange: onSelectionChange }
          : false
      }
      tableAlertOptionRender={
        selectionActions
          ? ({ selectedRowKeys, selectedRows, onCleanSelected }) => (
              <Space size={8} wrap>
                {selectionActions({ keys: selectedRowKeys, rows: selectedRows, clear: onCleanSelected })}
                <Button type="link" size="small" onClick={onCleanSelected}>
                  {t('searchTable.clearSelection')}
                </Button>
              </Space>
            )
          : undefined
      }
      expandable={
        expandable
          ? {
              expandedRowRender: (record: T) => expandable.render(record),
              rowExpandable: expandable.rowExpandable,
            }
          : undefined
      }
      locale={{ emptyText }}
      size={size}
      onSizeChange={changeSize}
      scroll={{ x: scrollX }}
      sticky={{ offsetHeader: STICKY_OFFSET }}
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: query.data?.total ?? 0,
        showTotal: (total) => t('searchTable.total', { total }),
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZE_OPTIONS],
        onChange: (pageNo, pageSize) =>
          update(
            writePage(
              searchParams,
              { pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize },
              defaultPageSize,
            ),
          ),
      }}
      onChange={(_pagination, _filters, sorter, extra: TableCurrentDataSource<T>) => {
        if (extra.action !== 'sort') return;
        const first: SorterResult<T> | undefined = Array.isArray(sorter) ? sorter[0] : sorter;
        const direction = first?.order ? SORT_DIRECTIONS[first.order] : undefined;
        update(
          writePage(
            searchParams,
            {
              pageNo: 1,
              sort: direction && first?.columnKey ? `${String(first.columnKey)}:${direction}` : undefined,
            },
            defaultPageSize,
          ),
        );
      }}
    />
  );
}
