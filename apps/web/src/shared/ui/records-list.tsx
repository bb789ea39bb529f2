import { DEFAULT_DATE_FILTER } from '@app/contract/constants';
import type { Page } from '@app/contract/paging';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { TR } from '@/shared/i18n/zh-cn/records';
import { IconReceipt } from './page-icons';
import styles from './records-list.module.css';

/** Date filters of the records pages (spec 9): 1 today, 2 last 7 days, 3 last 15, 4 last 30. */
export type DateFilter = 1 | 2 | 3 | 4;
const DATE_FILTERS: readonly DateFilter[] = [1, 2, 3, 4];

export interface RecordsPageQuery {
  date: DateFilter;
  page: number;
  signal: AbortSignal;
}

export interface RecordsListProps<T> {
  /** The list's accessible name (the page's title or tab). */
  label: string;
  /** Root of the list's query key; the date filter is added to it. Mutations invalidate this root. */
  queryKey: readonly unknown[];
  /** One page of records (`{ data, current_page, last_page, total }`). */
  fetchPage: (query: RecordsPageQuery) => Promise<Page<T>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  /** Text of the empty state (默认 暂无记录). */
  emptyText?: string;
  /** Shown above the date filter, e.g. a summary. */
  header?: ReactNode;
  /**
   * Whether the date filter shows (default true). Lists the server keeps no dates for (activity
   * applications) turn it off: pages then load without it, and fetchPage's date stays the default.
   */
  dateFilter?: boolean;
}

/**
 * A records list of spec 2 ("records have a date filter and load by page"): the four date filters
 * (近30日 to start with), then the records loaded page by page as the player scrolls (or taps 加载更多),
 * stopping at last_page; an empty state and an error state with a retry. /transRecord uses it, and so
 * will /betRecord, /activityRecord and /welfare.
 */
export function RecordsList<T>(props: RecordsListProps<T>) {
  const { label, queryKey, fetchPage, renderItem, itemKey, emptyText = TR.empty, header } = props;
  const withDates = props.dateFilter !== false;
  const [date, setDate] = useState<DateFilter>(DEFAULT_DATE_FILTER as DateFilter);

  const query = useInfiniteQuery({
    queryKey: [...queryKey, { date }],
    queryFn: ({ pageParam, signal }) => fetchPage({ date, page: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: 0,
  });
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const items = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages[0]?.total;
  const pageCount = data?.pages.length ?? 0;

  // Loads the next page when the end of the list scrolls into view. A fresh observer after each page
  // reports at once if the end is still in view (a short page), so the list fills the screen.
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  useEffect(() => {
    const target = sentinel.current;
    if (pageCount === 0 || !canLoad || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoad, fetchNextPage, pageCount]);

  return (
    <section className={styles.records} aria-label={label}>
      {header}
      {withDates ? (
        <fieldset className={styles.dates}>
          <legend className={styles.legend}>{TR.dateFilter}</legend>
          {DATE_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className={[styles.date, value === date ? styles.dateActive : ''].join(' ')}
              aria-pressed={value === date}
              onClick={() => setDate(value)}
            >
              {TR.dates[value]}
            </button>
          ))}
        </fieldset>
      ) : null}

      {query.isPending ? (
        <div className={styles.state} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {TR.loadingMore}
        </div>
      ) : query.isError && items.length === 0 ? (
        <div className={styles.state} role="alert">
          <p>{TR.failed}</p>
          <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
            {TR.retry}
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className={styles.state}>
          <IconReceipt className={styles.emptyIcon} />
          <p>{emptyText}</p>
          {withDates ? <p className={styles.hint}>{TR.emptyHint}</p> : null}
        </div>
      ) : (
        <>
          {total !== undefined ? <p className={styles.total}>{TR.total(total)}</p> : null}
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={itemKey(item)} className={styles.item}>
                {renderItem(item)}
              </li>
            ))}
          </ul>
          <div ref={sentinel} className={styles.footer}>
            {hasNextPage ? (
              <button
                type="button"
                className={styles.more}
                disabled={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {isFetchingNextPage ? TR.loadingMore : isFetchNextPageError ? TR.loadMoreFailed : TR.loadMore}
              </button>
            ) : (
              <span className={styles.noMore}>{TR.noMore}</span>
            )}
          </div>
        </>
      )}
    </section>
  );
}
