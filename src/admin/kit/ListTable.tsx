import type { ReactNode } from 'react';
import { type Column, DataTable } from './DataTable.tsx';
import type { ListScreen } from './use-list-screen.ts';

type Props<T> = {
  list: ListScreen<T>;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  toolbar?: ReactNode;
  empty?: string;
};

/** A list screen's table: DataTable with its rows, loading state and pager taken from useListScreen. */
export function ListTable<T>({ list, ...table }: Props<T>) {
  return (
    <DataTable
      {...table}
      rows={list.rows}
      loading={!list.data}
      page={list.page}
      pageSize={list.pageSize}
      total={list.data?.total ?? 0}
      onPage={list.setPage}
    />
  );
}
