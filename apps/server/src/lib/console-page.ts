import type { ListQuery } from '@app/contract/admin/fields';
import type { Page } from '@app/contract/paging';
import { CSV_MAX_ROWS } from './csv';

/** Rows to read for a console list's page, or for its CSV export (`all`: from the first, up to the cap). */
export interface Slice {
  offset: number;
  limit: number;
  sort: string | undefined;
  ascending: boolean;
}

export function sliceOf(query: ListQuery, all = false): Slice {
  return {
    offset: all ? 0 : (query.page - 1) * query.page_size,
    limit: all ? CSV_MAX_ROWS : query.page_size,
    sort: query.sort,
    ascending: query.order === 'ascend',
  };
}

/** A console list's page in the shape of every paged list. */
export function consolePage<T>(query: ListQuery, total: number, data: T[]): Page<T> {
  return {
    data,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.page_size)),
    total,
  };
}
