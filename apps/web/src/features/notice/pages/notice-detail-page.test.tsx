// @vitest-environment happy-dom
import type { TNoticeDetail, TNoticeListItem } from '@kpc/shared';
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNoticeUnread } from '@/lib/api/get-notice-unread.ts';
import type { CursorPage } from '@/lib/cursor-list.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { callsTo, ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { NoticeDetailPage } from './notice-detail-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const detail: TNoticeDetail = {
  id: '7',
  title: 'Maintenance tonight',
  body: '<p>The app pauses at <strong>02:00</strong>.</p><ul><li>Deposits wait</li></ul><p><a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">More</a></p>',
  publishedAt: '2026-03-01T10:00:00.000Z',
  language: 'en',
};
const listItem: TNoticeListItem = {
  id: '7',
  title: 'Maintenance tonight',
  summary: 'The app pauses',
  publishedAt: detail.publishedAt,
  language: 'en',
  read: false,
};

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
let unreadCount: number;
let client: QueryClient;

/** What Home and Mine read: the unread count, shown beside the page so its refresh can be seen. */
function UnreadCount() {
  const { data } = useNoticeUnread();
  return <output data-testid="unread-count">{data?.count ?? '…'}</output>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/pages/notice/detail',
        Component: () => (
          <>
            <NoticeDetailPage />
            <UnreadCount />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  unreadCount = 2;
  fetchMock.mockImplementation((input, init) => {
    const path = pathOf(input);
    const body = JSON.parse((init?.body as string | undefined) ?? '{}') as { id?: string };
    if (path === '/notice/unread') {
      return Promise.resolve(jsonResponse(ok({ count: unreadCount, latest: null })));
    }
    if (path === '/notice/detail') {
      if (body.id !== '7') {
        return Promise.resolve(jsonResponse({ code: 1760, msg: 'Announcement not found.', data: null }));
      }
      // Answered a moment later, as a network would: the count shown first is the one before reading.
      return new Promise((resolve) =>
        setTimeout(() => {
          unreadCount = 1;
          resolve(jsonResponse(ok(detail)));
        }, 20),
      );
    }
    return Promise.resolve(new Response(null, { status: 404 }));
  });
  navigate.mockReset();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/notice/detail' });
  useUserStore.setState({ token: 'member-token', address: '' });
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('NoticeDetailPage (/pages/notice/detail)', () => {
  it('shows a skeleton, then the title, the date and the sanitised body as HTML', async () => {
    renderAt('/pages/notice/detail?id=7');
    expect(screen.getByTestId('notice-detail-loading')).toBeTruthy();
    await screen.findByTestId('notice-detail');
    expect(textOf('notice-detail-title')).toBe('Maintenance tonight');
    // The bar names one announcement, not the list (issue 24 item 11).
    expect(document.querySelector('.adm-nav-bar-title')?.textContent).toBe('Announcement');
    expect(screen.getByTestId('notice-detail-date').getAttribute('datetime')).toBe(detail.publishedAt);
    const body = screen.getByTestId('notice-detail-body');
    expect(body.querySelector('strong')?.textContent).toBe('02:00');
    expect(body.querySelectorAll('li')).toHaveLength(1);
    const link = body.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/x');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(sentBodies(fetchMock, '/notice/detail')).toEqual([{ id: '7' }]);
  });

  it("explains, in the member's language, that an announcement is shown in English (issue 24)", async () => {
    renderAt('/pages/notice/detail?id=7');
    await screen.findByTestId('notice-detail');
    expect(screen.queryByTestId('notice-detail-english')).toBeNull();
    cleanup();
    await changeLocale('vi');
    renderAt('/pages/notice/detail?id=7');
    await screen.findByTestId('notice-detail');
    const note = screen.getByTestId('notice-detail-english');
    expect(note.textContent).toBe('Thông báo này chưa có bằng ngôn ngữ của bạn nên được hiển thị bằng tiếng Anh.');
    expect(note.getAttribute('lang')).toBe('vi');
    expect(screen.getByTestId('notice-detail').getAttribute('lang')).toBe('en');
  });

  it('marks it read in the loaded list and asks for the unread count again', async () => {
    const listKey = ['notice', 'list', 'member-token', 'en'];
    client.setQueryData<InfiniteData<CursorPage<TNoticeListItem>>>(listKey, {
      pages: [{ list: [listItem, { ...listItem, id: '6' }], nextCursor: null }],
      pageParams: [undefined],
    });
    renderAt('/pages/notice/detail?id=7');
    await waitFor(() => expect(textOf('unread-count')).toBe('2'));
    await screen.findByTestId('notice-detail');
    await waitFor(() => expect(textOf('unread-count')).toBe('1'));
    expect(callsTo(fetchMock, '/notice/unread').length).toBeGreaterThanOrEqual(2);
    const list = client.getQueryData<InfiniteData<CursorPage<TNoticeListItem>>>(listKey)!.pages[0]!.list;
    expect(list.map((item) => [item.id, item.read])).toEqual([
      ['7', true],
      ['6', false],
    ]);
  });

  it('says an unpublished or unknown announcement is not available, without a toast, and offers the list', async () => {
    renderAt('/pages/notice/detail?id=8');
    expect((await screen.findByTestId('notice-not-found')).textContent).toContain(
      'This announcement is no longer available',
    );
    expect(showToast).not.toHaveBeenCalled();
    await press(screen.getByText('All announcements'));
    expect(navigate).toHaveBeenCalledWith('/pages/notice/index', expect.objectContaining({ replace: true }));
  });

  it('says the same without an id, asking nothing', async () => {
    renderAt('/pages/notice/detail');
    expect(await screen.findByTestId('notice-not-found')).toBeTruthy();
    expect(callsTo(fetchMock, '/notice/detail')).toHaveLength(0);
  });
});
