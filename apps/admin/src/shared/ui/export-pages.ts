import { CSV_MAX_ROWS, toCsv } from '@app/contract/admin/csv';
import type { ColumnSpec, Row } from '@app/contract/admin/players';
import type { Page } from '@app/contract/paging';
import { beijingDay } from '@app/contract/time';
import { saveFile } from '@/shared/api/client';
import type { Paging } from './list-query';

const PAGE_SIZE = 100;

/**
 * A list's CSV made in the console, for lists the server has no export of: every page of the
 * filter in the current order (up to the server exports' cap), in the server exports' format.
 */
export async function exportPages(
  name: string,
  columns: readonly ColumnSpec[],
  fetchPage: (paging: Paging) => Promise<Page<Row>>,
  paging: Paging,
): Promise<void> {
  const rows: Row[] = [];
  for (let page = 1; rows.length < CSV_MAX_ROWS; page += 1) {
    const got = await fetchPage({ ...paging, page, page_size: PAGE_SIZE });
    rows.push(...got.data);
    if (page >= got.last_page) break;
  }
  saveCsv(name, columns, rows.slice(0, CSV_MAX_ROWS));
}

/** Rows the console holds, saved as `name-day.csv` in the server exports' format. */
export function saveCsv(name: string, columns: readonly ColumnSpec[], rows: readonly Row[]): void {
  const csv = toCsv(columns, rows);
  saveFile(`${name}-${beijingDay(new Date())}.csv`, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
