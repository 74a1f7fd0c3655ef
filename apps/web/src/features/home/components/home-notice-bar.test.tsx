// @vitest-environment happy-dom
import type { TNoticeUnreadResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { callsTo, ok, pathOf, press, textOf } from '@/testing/api-stub.ts';
import { HomeNoticeBar } from './home-notice-bar.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
let unread: TNoticeUnreadResponse;

function renderBar() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HomeNoticeBar />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      pathOf(input) === '/notice/unread' ? jsonResponse(ok(unread)) : new Response(null, { status: 404 }),
    ),
  );
  navigate.mockReset();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/home/index' });
  useUserStore.setState({ token: 'member-token', address: '' });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
  await changeLocale('en');
});

describe('HomeNoticeBar (Home: the latest unread announcement)', () => {
  it('shows the newest unread title with how many more wait, and opens it', async () => {
    await changeLocale('zh-Hans');
    unread = { count: 3, latest: { id: '12', title: '今晚维护', language: 'zh-Hans' } };
    renderBar();
    expect(await screen.findByTestId('home-notice')).toBeTruthy();
    expect(textOf('home-notice-title')).toBe('今晚维护');
    expect(textOf('home-notice-count')).toBe('另有 2 条');
    expect(screen.getByTestId('home-notice').getAttribute('aria-label')).toBe('新公告：今晚维护');
    expect(callsTo(fetchMock, '/notice/unread')[0]![1]?.headers).toMatchObject({ language: 'zh_CN' });
    await press('home-notice');
    expect(navigate).toHaveBeenCalledWith('/pages/notice/detail?id=12', expect.anything());
  });

  it('shows nothing when everything is read, and no count beside a single unread one', async () => {
    unread = { count: 0, latest: null };
    renderBar();
    await waitFor(() => expect(callsTo(fetchMock, '/notice/unread')).toHaveLength(1));
    expect(screen.queryByTestId('home-notice')).toBeNull();
    cleanup();
    unread = { count: 1, latest: { id: '4', title: 'Welcome', language: 'en' } };
    renderBar();
    await screen.findByTestId('home-notice');
    expect(textOf('home-notice-title')).toBe('Welcome');
    expect(screen.queryByTestId('home-notice-count')).toBeNull();
  });

  // Issue 24: the server falls back to English when the operator has not written the member's language.
  it('says an announcement served in English to a member of another language is in English', async () => {
    await changeLocale('ru');
    unread = { count: 1, latest: { id: '4', title: 'Scheduled maintenance', language: 'en' } };
    renderBar();
    await screen.findByTestId('home-notice');
    expect(textOf('home-notice-english')).toBe('Показано на английском');
    expect(screen.getByTestId('home-notice-english').getAttribute('lang')).toBe('ru');
    expect(screen.getByTestId('home-notice').getAttribute('aria-label')).toBe(
      'Новое объявление: Scheduled maintenance (Показано на английском)',
    );
    cleanup();
    // In the member's own language, or to an English reader, nothing is said.
    unread = { count: 1, latest: { id: '5', title: 'Плановые работы', language: 'ru' } };
    renderBar();
    await screen.findByTestId('home-notice');
    expect(screen.queryByTestId('home-notice-english')).toBeNull();
    cleanup();
    await changeLocale('en');
    unread = { count: 1, latest: { id: '4', title: 'Scheduled maintenance', language: 'en' } };
    renderBar();
    await screen.findByTestId('home-notice');
    expect(screen.queryByTestId('home-notice-english')).toBeNull();
  });

  it('asks nothing without a session', () => {
    useUserStore.setState({ token: '' });
    renderBar();
    expect(callsTo(fetchMock, '/notice/unread')).toHaveLength(0);
    expect(screen.queryByTestId('home-notice')).toBeNull();
  });
});
