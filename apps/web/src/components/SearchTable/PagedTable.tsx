import { useState, type ReactNode } from 'react';
import { Empty, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import type { Page } from '@cmp/domain/platform/paging';
import { ErrorResult } from '../../app/errors/ErrorResult';
import type { SearchTableColumn } from './SearchTable';

export interface PagedTableProps<T extends object> {
  rowKey: keyof T & string;
  /** The full list's column definitions, those to show. */
  columns: readonly SearchTableColumn<T>[];
  /** The cache key of one page, so that every view of the list is refreshed together after a change. */
  queryKey: (pageNo: number) => QueryKey;
  /** Reads one page (from 1) of `DEFAULT_PAGE_SIZE` rows. */
  load: (pageNo: number, signal: AbortSignal) => Promise<Page<T>>;
  empty: ReactNode;
}

/**
 * A short list inside a tab or a detail page (a station's comments or relations, an account's paths), with
 * the full list's columns but no filter, column panel or size changer. It keeps its page in its own state
 * (the host page's URL is the page's) and reads it itself; the full list with its filters is one link away.
 */
export function PagedTable<T extends object>({ rowKey, columns, queryKey, load, empty }: PagedTableProps<T>) {
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: queryKey(pageNo),
    queryFn: ({ signal }) => load(pageNo, signal),
    placeholderData: keepPreviousData,
  });
  if (list.isError) return <ErrorResult error={list.error} onRetry={() => void list.refetch()} />;
  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    fixed: column.fixed,
    align: column.align,
    ellipsis: column.ellipsis,
    render: (_: unknown, record: T, index: number) => column.render?.(record, index),
  }));
  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      columns={tableColumns}
      dataSource={list.data?.items ?? []}
      loading={list.isFetching}
      scroll={{ x: tableColumns.reduce((sum, c) => sum + Number(c.width ?? 120), 0) }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      pagination={{
        current: pageNo,
        pageSize: DEFAULT_PAGE_SIZE,
        total: list.data?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: setPageNo,
      }}
    />
  );
}
