import type { ColumnSpec, Row } from '@app/contract/admin/players';
import type { Page } from '@app/contract/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { ExportButton } from './export-button';
import { exportPages } from './export-pages';
import { cellOf } from './format';
import { LabelledTable } from './labelled-table';
import { type Paging, usePaging } from './list-query';

export interface DataTableProps {
  /** The table's name (the list it shows), for screen readers and the keyboard's scrolling region. */
  label: string;
  /** Identifies the list and its filters. */
  queryKey: readonly unknown[];
  columns: readonly ColumnSpec[];
  /** The keys of the columns the table shows (all of them by default); the CSV has every column. */
  shown?: readonly string[];
  /**
   * The table fits its width instead of scrolling sideways, whatever the rows hold: these columns
   * have these widths (px), the others share the rest, and a long value is cut with an ellipsis
   * (whole on hover, in the row's drawer and in the CSV).
   */
  fitWidths?: Readonly<Record<string, number>>;
  fetchPage: (paging: Paging) => Promise<Page<Row>>;
  /** Exports every row of the filter in the current order (CSV), where the server has an export. */
  exportAll?: (paging: Paging) => Promise<void>;
  /** Otherwise the list's name: its CSV is made here from every page of the filter, under this name. */
  exportName?: string;
  rowKey: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  /** Columns after the described ones, e.g. the row's actions. */
  extraColumns?: TableColumnsType<Row>;
  toolbar?: ReactNode;
  defaultSort?: string;
}

/**
 * A console list: server-side paging and sorting (kept in the URL with the filters, shared/ui/list-query.ts), cells by their kind (money in $, Beijing times,
 * state tags), a click opening the row, and the CSV export of the whole filtered list.
 */
export function DataTable(props: DataTableProps) {
  const {
    label,
    queryKey,
    columns,
    shown,
    fitWidths,
    fetchPage,
    rowKey,
    onRowClick,
    extraColumns,
    toolbar,
    exportName,
  } = props;
  const exportAll =
    props.exportAll ??
    (exportName === undefined ? undefined : (p: Paging) => exportPages(exportName, columns, fetchPage, p));
  const [paging, setPaging] = usePaging(props.defaultSort);
  const query = useQuery({
    queryKey: [...queryKey, paging],
    queryFn: () => fetchPage(paging),
    placeholderData: keepPreviousData,
  });

  const inTable = shown ? columns.filter((c) => shown.includes(c.key)) : columns;
  const described: TableColumnsType<Row> = inTable.map((c, i) => ({
    key: c.key,
    // The row's identity stays in view when a narrow screen scrolls the table.
    fixed: i === 0 ? 'left' : undefined,
    dataIndex: c.key,
    title: c.title,
    sorter: c.sortable === true,
    sortOrder: c.sortable && paging.sort === c.key ? paging.order : null,
    align: c.kind === 'money' ? 'right' : undefined,
    render: (value: Row[string]) => cellOf(c, value),
    ...(fitWidths && { width: fitWidths[c.key], ellipsis: { showTitle: true } }),
  }));

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    setPaging({
      page: pagination.current ?? 1,
      page_size: pagination.pageSize ?? 20,
      sort: one?.order ? String(one.columnKey) : props.defaultSort,
      order: one?.order ?? 'descend',
    });
  };

  return (
    <Flex vertical gap={12}>
      {(toolbar || exportAll) && (
        <Flex justify="space-between" align="center" gap={12} wrap>
          <div>{toolbar}</div>
          {exportAll && <ExportButton run={() => exportAll(paging)} />}
        </Flex>
      )}
      <LabelledTable<Row>
        label={label}
        size="middle"
        rowKey={rowKey}
        columns={[...described, ...(extraColumns ?? [])]}
        dataSource={query.data?.data ?? []}
        loading={query.isFetching}
        {...(fitWidths ? { tableLayout: 'fixed' as const } : { scroll: { x: 'max-content' as const } })}
        onChange={onChange}
        onRow={
          onRowClick ? (row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } }) : undefined
        }
        pagination={{
          current: paging.page,
          pageSize: paging.page_size,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 条`,
        }}
      />
    </Flex>
  );
}
