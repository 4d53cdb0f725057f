import type { ReactNode } from 'react';
import { Empty, Table, type TableColumnsType } from 'antd';
import type { SearchTableColumn } from './SearchTable';

export interface PagedTableProps<T extends object> {
  rowKey: keyof T & string;
  /** The full list's column definitions, those to show. */
  columns: readonly SearchTableColumn<T>[];
  /** The page asked for; `undefined` until the first answer. */
  page: { items: T[]; total: number } | undefined;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  onPageChange: (pageNo: number) => void;
  empty: ReactNode;
  /** Shown instead of the table when the page could not be read (with its retry). */
  failure?: ReactNode;
}

/**
 * A short list inside a tab or a detail page (a station's comments or relations, an account's paths), with
 * the full list's columns but no filter, column panel or size changer: its page stays in the host's state,
 * and the full list with its filters is one link away.
 */
export function PagedTable<T extends object>({
  rowKey,
  columns,
  page,
  loading,
  pageNo,
  pageSize,
  onPageChange,
  empty,
  failure,
}: PagedTableProps<T>) {
  if (failure) return failure;
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
      dataSource={page?.items ?? []}
      loading={loading}
      scroll={{ x: tableColumns.reduce((sum, c) => sum + Number(c.width ?? 120), 0) }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      pagination={{
        current: pageNo,
        pageSize,
        total: page?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPageChange,
      }}
    />
  );
}
