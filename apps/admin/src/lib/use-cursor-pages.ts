import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@kpc/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/** The page sizes an operator may pick (the first is where every list starts). */
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE] as const;

/** One page of a cursor-paged list, as every operator list answers it. */
export interface CursorPage<T> {
  list: T[];
  nextCursor: string | null;
}

export interface CursorPagesOptions<T, F extends object> {
  /** The list's key; the filters, page size and cursor are added to it. */
  queryKey: readonly unknown[];
  /** Asks the server for one page of the list under these filters. */
  fetchPage: (params: F & { cursor?: string; limit: number }) => Promise<CursorPage<T>>;
  filters: F;
  /** Asks again every this many milliseconds while the window is visible (queues). */
  refetchInterval?: number;
  enabled?: boolean;
}

/**
 * Server-side paging over a cursor list (newest first): page N is asked with page N-1's
 * `nextCursor`, so going back re-uses the cursors already seen. New filters start at page 1.
 */
export function useCursorPages<T, F extends object>(options: CursorPagesOptions<T, F>) {
  const { queryKey, fetchPage, filters } = options;
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const filterKey = JSON.stringify([filters, pageSize]);
  const [paging, setPaging] = useState<{ filterKey: string; cursors: Array<string | undefined> }>({
    filterKey,
    cursors: [undefined],
  });
  // New filters (or page size): back to the first page, during render rather than after a flash.
  const cursors = paging.filterKey === filterKey ? paging.cursors : [undefined];
  if (paging.filterKey !== filterKey) setPaging({ filterKey, cursors });
  const page = cursors.length - 1;
  const cursor = cursors[page];

  const query = useQuery({
    queryKey: [...queryKey, filters, pageSize, cursor ?? null],
    queryFn: () => fetchPage({ ...filters, ...(cursor === undefined ? {} : { cursor }), limit: pageSize }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });
  const nextCursor = query.data?.nextCursor ?? null;

  return {
    query,
    rows: query.data?.list ?? [],
    /** 0-based. */
    page,
    pageSize,
    /** Another page size starts again at page 1. */
    setPageSize,
    hasNext: nextCursor !== null && !query.isPlaceholderData,
    hasPrevious: page > 0,
    next: () => {
      if (nextCursor !== null) setPaging({ filterKey, cursors: [...cursors, nextCursor] });
    },
    previous: () => {
      if (page > 0) setPaging({ filterKey, cursors: cursors.slice(0, -1) });
    },
  };
}
