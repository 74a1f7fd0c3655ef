// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CursorListSource, CursorPage } from './cursor-list.ts';
import { useCursorList } from './use-cursor-list.ts';

type Item = { id: string };

/** A server of 5 entries, newest first, 2 per page; `failNext` makes the next call fail. */
function createSource() {
  const entries = ['5', '4', '3', '2', '1'];
  const state = { failNext: false, entries };
  const fetchPage = vi.fn(async (cursor: string | undefined): Promise<CursorPage<Item>> => {
    if (state.failNext) {
      state.failNext = false;
      throw new Error('offline');
    }
    const start = cursor === undefined ? 0 : state.entries.indexOf(cursor) + 1;
    const list = state.entries.slice(start, start + 2).map((id) => ({ id }));
    const last = list.at(-1);
    return { list, nextCursor: last && start + 2 < state.entries.length ? last.id : null };
  });
  const source: CursorListSource<Item> = { queryKey: ['test', 'list'], fetchPage };
  return { source, fetchPage, state };
}

function renderList(source: CursorListSource<Item>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCursorList(source), { wrapper });
}

const ids = (items: Item[]) => items.map((item) => item.id);

describe('useCursorList', () => {
  it('loads the first page, then the next by nextCursor until there is no more', async () => {
    const { source, fetchPage } = createSource();
    const { result } = renderList(source);
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(ids(result.current.items)).toEqual(['5', '4']));
    expect(result.current.hasMore).toBe(true);

    await act(() => result.current.loadMore());
    expect(fetchPage).toHaveBeenLastCalledWith('4');
    await act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.items)).toEqual(['5', '4', '3', '2', '1']));
    expect(result.current.hasMore).toBe(false);
  });

  it('rejects loadMore when the page fails, so InfiniteScroll offers a retry', async () => {
    const { source, state } = createSource();
    const { result } = renderList(source);
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    state.failNext = true;
    await act(async () => {
      await expect(result.current.loadMore()).rejects.toThrow('offline');
    });
    await act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.items)).toEqual(['5', '4', '3', '2']));
  });

  it('refreshes from the first page only, showing new entries on top', async () => {
    const { source, fetchPage, state } = createSource();
    const { result } = renderList(source);
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(4));

    state.entries = ['6', ...state.entries];
    fetchPage.mockClear();
    await act(() => result.current.refresh());
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith(undefined);
    await waitFor(() => expect(ids(result.current.items)).toEqual(['6', '5']));
  });

  it('reports a failed first page', async () => {
    const { source, state } = createSource();
    state.failNext = true;
    const { result } = renderList(source);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.items).toEqual([]);
  });
});
