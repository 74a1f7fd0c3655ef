// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CursorListSource, CursorPage } from '@/lib/cursor-list.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { CursorList } from './cursor-list.tsx';

type Item = { id: string };

/** A list whose first page arrives when the test says so. */
function createSource() {
  let answer: (page: CursorPage<Item>) => void = () => undefined;
  const source: CursorListSource<Item> = {
    queryKey: ['test', 'cursor-list'],
    fetchPage: () => new Promise((resolve) => (answer = resolve)),
  };
  return { source, answer: (page: CursorPage<Item>) => answer(page) };
}

function renderList(source: CursorListSource<Item>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CursorList
        source={source}
        renderItem={(item) => <span>entry {item.id}</span>}
        emptyText="Nothing yet"
        testId="list"
      />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
});

afterEach(() => {
  cleanup();
});

describe('CursorList', () => {
  it('shows skeleton rows, never the empty text, until the first page arrives', async () => {
    const { source, answer } = createSource();
    renderList(source);
    const loading = screen.getByTestId('list-loading');
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.querySelectorAll('.skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText('Nothing yet')).toBeNull();

    answer({ list: [{ id: '1' }, { id: '2' }], nextCursor: null });
    expect(await screen.findByText('entry 2')).toBeTruthy();
    expect(screen.queryByTestId('list-loading')).toBeNull();
    expect(screen.queryByText('Nothing yet')).toBeNull();
  });

  it('shows the empty text once an empty first page has arrived', async () => {
    const { source, answer } = createSource();
    renderList(source);
    answer({ list: [], nextCursor: null });
    expect(await screen.findByText('Nothing yet')).toBeTruthy();
    expect(screen.queryByTestId('list-loading')).toBeNull();
  });
});
