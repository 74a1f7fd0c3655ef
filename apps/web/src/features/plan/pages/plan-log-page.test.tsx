// @vitest-environment happy-dom
import type { TPlanReleaseItem } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { PLAN_REFRESH_MS } from '@/features/plan/hooks/use-plan-auto-refresh.ts';
import { PlanLogPage } from './plan-log-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

function release(day: number, overrides: Partial<TPlanReleaseItem> = {}): TPlanReleaseItem {
  const phase = Math.ceil(day / 30);
  return {
    id: `r${day}`,
    orderId: '41',
    day,
    date: `2026-06-${String(day).padStart(2, '0')}`,
    phase,
    ratio: phase === 1 ? '0.0035' : '0.004',
    amount: phase === 1 ? '3.5' : '4',
    asset: 'USDT',
    createdAt: '2026-06-01T00:00:05.000Z',
    ...overrides,
  };
}

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
let logAnswer: () => unknown;

function ok(data: unknown) {
  return { code: 200, msg: 'success', data };
}

function logBodies(): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([input]) => typeof input === 'string' && input.endsWith('/plan/log'))
    .map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);
}

async function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pages/plan/log', Component: PlanLogPage }], {
    initialEntries: [`/pages/plan/log${search}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('plan-log-page');
}

function texts(testId: string) {
  return screen.getAllByTestId(testId).map((node) => node.textContent);
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  navigate.mockReset();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/plan/log' });
  useUserStore.setState({ token: 'member-token', address: '' });
  logAnswer = () => ok({ list: [release(31), release(30), release(1)], nextCursor: null });
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(logAnswer())));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('PlanLogPage (issue 10 §1: the release log)', () => {
  it('lists every release newest first with its day, date, phase, ratio and amount', async () => {
    await renderPage();
    await screen.findByTestId('plan-log-list');
    expect(logBodies()[0]).toEqual({ limit: 20 });
    expect(texts('plan-log-item-day')).toEqual(['Day 31', 'Day 30', 'Day 1']);
    expect(texts('plan-log-item-date')).toEqual(['2026-06-31', '2026-06-30', '2026-06-01']);
    expect(texts('plan-log-item-phase')).toEqual(['2', '1', '1']);
    expect(texts('plan-log-item-ratio')).toEqual(['0.4%', '0.35%', '0.35%']);
    expect(texts('plan-log-item-amount')).toEqual(['+4 USDT', '+3.5 USDT', '+3.5 USDT']);
    expect(screen.queryByTestId('plan-log-order')).toBeNull();
    expect(screen.getByTestId('plan-log-list-end')).toBeTruthy();
  });

  it("shows one order's releases when opened from it, and all of them once the filter is cleared", async () => {
    bindNavigator({
      navigate,
      goBack: vi.fn(),
      canGoBack: () => true,
      getCurrentUrl: () => '/pages/plan/log?orderId=41',
    });
    await renderPage('?orderId=41');
    await screen.findByTestId('plan-log-list');
    expect(logBodies()[0]).toEqual({ orderId: '41', limit: 20 });
    expect(screen.getByTestId('plan-log-order').textContent).toBe('Order #41');
    fireEvent.click(screen.getByTestId('plan-log-clear'));
    expect(navigate).toHaveBeenCalledWith('/pages/plan/log', expect.objectContaining({ replace: true }));
  });

  it('shows skeleton rows, not the empty text, until the first page, then the empty text', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderPage();
    expect(screen.getByTestId('plan-log-list-loading')).toBeTruthy();
    expect(screen.queryByTestId('plan-log-list-empty')).toBeNull();
    await act(async () => {
      answer(jsonResponse(ok({ list: [], nextCursor: null })));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() =>
      expect(screen.getByTestId('plan-log-list-empty').textContent).toContain(
        'No releases yet. The first arrives the day after you join.',
      ),
    );
  });

  it('shows a new release without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    await renderPage('?orderId=41');
    await screen.findByTestId('plan-log-list');
    logAnswer = () => ok({ list: [release(32), release(31), release(30), release(1)], nextCursor: null });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PLAN_REFRESH_MS);
    });
    await waitFor(() => expect(texts('plan-log-item-day')[0]).toBe('Day 32'));
    expect(logBodies().at(-1)).toEqual({ orderId: '41', limit: 20 });
  });
});
