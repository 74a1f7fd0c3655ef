// @vitest-environment happy-dom
import type { TNoticeListItem } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { callsTo, ok, pathOf, press, sentBodies } from '@/testing/api-stub.ts';
import { NoticeListPage } from './notice-list-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const notice = (id: string, read: boolean, title = `Notice ${id}`): TNoticeListItem => ({
  id,
  title,
  summary: `The text of ${id}`,
  publishedAt: '2026-03-01T10:00:00.000Z',
  language: 'en',
  read,
});

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
let pages: Record<string, { list: TNoticeListItem[]; nextCursor: string | null }>;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NoticeListPage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  pages = { first: { list: [notice('9', false), notice('7', true)], nextCursor: null } };
  fetchMock.mockImplementation((input, init) => {
    const body = JSON.parse((init?.body as string | undefined) ?? '{}') as { cursor?: string };
    if (pathOf(input) === '/notice/list') return Promise.resolve(jsonResponse(ok(pages[body.cursor ?? 'first'])));
    return Promise.resolve(new Response(null, { status: 404 }));
  });
  navigate.mockReset();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/notice/index' });
  useUserStore.setState({ token: 'member-token', address: '' });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
  await changeLocale('en');
});

const items = () => screen.getAllByTestId('notice-item');

describe('NoticeListPage (/pages/notice/index)', () => {
  it('shows a skeleton, then the announcements newest first with a dot on the unread ones', async () => {
    renderPage();
    expect(screen.getByTestId('notice-list-loading')).toBeTruthy();
    await screen.findByTestId('notice-list');
    expect(items().map((item) => item.getAttribute('data-id'))).toEqual(['9', '7']);
    expect(items()[0]!.getAttribute('data-read')).toBe('false');
    expect(items()[0]!.querySelector('[data-testid="notice-item-unread"]')?.getAttribute('aria-label')).toBe('Unread');
    expect(items()[1]!.querySelector('[data-testid="notice-item-unread"]')).toBeNull();
    expect(items()[0]!.textContent).toContain('The text of 9');
    expect(sentBodies(fetchMock, '/notice/list')[0]).toEqual({ limit: 20 });
  });

  it("says which announcements are shown in English because they lack the member's language (issue 24)", async () => {
    await changeLocale('ja');
    pages = {
      first: {
        list: [notice('9', false), { ...notice('7', true, 'KPC へようこそ'), language: 'ja' }],
        nextCursor: null,
      },
    };
    renderPage();
    await screen.findByTestId('notice-list');
    expect(items()[0]!.querySelector('[data-testid="notice-item-english"]')?.textContent).toBe('英語で表示');
    expect(items()[1]!.querySelector('[data-testid="notice-item-english"]')).toBeNull();
  });

  it('opens an announcement', async () => {
    renderPage();
    await screen.findByTestId('notice-list');
    await press(items()[1]!);
    expect(navigate).toHaveBeenCalledWith('/pages/notice/detail?id=7', expect.anything());
  });

  it('loads the next page with the cursor, and says when there is no more', async () => {
    pages = {
      first: { list: [notice('9', false), notice('8', false)], nextCursor: '1772359200000.8' },
      '1772359200000.8': { list: [notice('5', true)], nextCursor: null },
    };
    // happy-dom lays nothing out: InfiniteScroll sees its foot on screen once it has an offset parent.
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { get: () => document.body, configurable: true });
    try {
      renderPage();
      await waitFor(() => expect(items().map((item) => item.getAttribute('data-id'))).toEqual(['9', '8', '5']));
    } finally {
      delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
    }
    expect(sentBodies(fetchMock, '/notice/list')[1]).toEqual({ cursor: '1772359200000.8', limit: 20 });
    expect(await screen.findByTestId('notice-list-end')).toBeTruthy();
  });

  it('shows its empty text only once the first page says so, in the chosen language', async () => {
    await changeLocale('zh-Hans');
    pages = { first: { list: [], nextCursor: null } };
    renderPage();
    expect(screen.getByTestId('notice-list-loading')).toBeTruthy();
    expect((await screen.findByTestId('notice-list-empty')).textContent).toContain('暂无公告');
    expect(callsTo(fetchMock, '/notice/list')[0]![1]?.headers).toMatchObject({ language: 'zh_CN' });
  });
});
