import { listQuerySchema } from '@app/contract/admin/fields';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type Value = string | number | undefined;
const PAGING_KEYS = ['page', 'page_size', 'sort', 'order'];

/** The search params' values as the query schema reads them; what it refuses reads as its defaults. */
function parsed<S extends z.ZodType>(schema: S, params: URLSearchParams): z.infer<S> {
  const read = schema.safeParse(Object.fromEntries(params));
  return read.success ? read.data : schema.parse({});
}

/**
 * A list's filters and paging, kept in the page's URL (a filtered list can be bookmarked, shared and
 * reloaded) and read with the contract's query schema, as the server reads them. Setting the
 * filters starts again at page 1 and keeps the sort and the page size.
 */
export function useListQuery<S extends z.ZodType>(schema: S) {
  const [params, setParams] = useSearchParams();
  const setFilters = (filters: Readonly<Record<string, Value>>) =>
    setParams((was) => {
      const next = new URLSearchParams();
      for (const key of ['page_size', 'sort', 'order']) {
        const kept = was.get(key);
        if (kept) next.set(key, kept);
      }
      for (const [key, value] of Object.entries(filters)) {
        if (value !== undefined && value !== '' && !PAGING_KEYS.includes(key)) next.set(key, String(value));
      }
      return next;
    });
  return [parsed(schema, params), setFilters] as const;
}

export type Paging = Pick<z.infer<typeof listQuerySchema>, 'page' | 'page_size' | 'sort' | 'order'>;

/** A list's page, page size and sort in the URL, beside its filters (see `useListQuery`). */
export function usePaging(defaultSort: string | undefined) {
  const [params, setParams] = useSearchParams();
  const { page, page_size, sort, order } = parsed(listQuerySchema, params);
  const paging: Paging = { page, page_size, sort: sort ?? defaultSort, order };
  const setPaging = (next: Paging) =>
    setParams((was) => {
      const kept = new URLSearchParams(was);
      const values: Record<string, Value> = {
        page: next.page === 1 ? undefined : next.page,
        page_size: next.page_size === 20 ? undefined : next.page_size,
        sort: next.sort === defaultSort ? undefined : next.sort,
        order: next.order === 'descend' ? undefined : next.order,
      };
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) kept.delete(key);
        else kept.set(key, String(value));
      }
      return kept;
    });
  return [paging, setPaging] as const;
}
