import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getNextCursor, keepFirstPage, mergePages, type CursorListSource } from './cursor-list.ts';

/**
 * A list paginated by `nextCursor`: the first page loads at once, `loadMore` appends the next one
 * (and rejects when it fails, so InfiniteScroll offers a retry), `refresh` starts again from the
 * first page (pull to refresh).
 */
export function useCursorList<T extends { id: string }>(source: CursorListSource<T>) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: source.queryKey,
    queryFn: ({ pageParam }) => source.fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: getNextCursor,
  });
  const items = useMemo(() => mergePages(query.data?.pages ?? []), [query.data]);

  async function loadMore(): Promise<void> {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  }

  async function refresh(): Promise<void> {
    queryClient.setQueryData(source.queryKey, keepFirstPage<T>);
    await query.refetch();
  }

  return {
    items,
    /** The first page has not arrived yet. */
    isLoading: query.isPending,
    /** The first page failed (later pages fail inside InfiniteScroll). */
    isError: query.isError && !query.data,
    hasMore: query.hasNextPage,
    loadMore,
    refresh,
  };
}
