import type { InfiniteData } from '@tanstack/react-query';

/** One page of a list paginated by cursor (`/api/ass/log`, `/api/ass/history`, `/api/exchange/log`). */
export interface CursorPage<T> {
  list: T[];
  /** The cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

/** Where a cursor list comes from: its query key (filters included) and how to fetch one page. */
export interface CursorListSource<T> {
  queryKey: readonly unknown[];
  fetchPage(cursor: string | undefined): Promise<CursorPage<T>>;
}

/** Entries per page the lists ask for. */
export const CURSOR_PAGE_SIZE = 20;

/** The page param of the next page, or undefined when there is none (TanStack's "no more"). */
export function getNextCursor(page: CursorPage<unknown>): string | undefined {
  return page.nextCursor ?? undefined;
}

/** The entries of all loaded pages in order; an entry seen twice (a page boundary shifted) is kept once. */
export function mergePages<T extends { id: string }>(pages: readonly CursorPage<T>[]): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.list) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** Drops every page but the first, so a refresh reloads one page instead of all of them. */
export function keepFirstPage<T>(
  data: InfiniteData<CursorPage<T>, string | undefined> | undefined,
): InfiniteData<CursorPage<T>, string | undefined> | undefined {
  if (!data) return data;
  return { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}
