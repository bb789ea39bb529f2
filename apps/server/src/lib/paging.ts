import { type Page, RECORDS_PAGE_SIZE } from '@app/contract/paging';

/** Rows to skip for a 1-based page of the records lists. */
export const pageOffset = (page: number) => (page - 1) * RECORDS_PAGE_SIZE;

/** A records page as every list call answers it; last_page is at least 1. */
export function pageOf<T>(page: number, total: number, data: T[]): Page<T> {
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE)), total };
}
