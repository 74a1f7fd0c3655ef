// @vitest-environment happy-dom
import type { TEsopReleaseItem } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { EsopLogPage } from './esop-log-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const release: TEsopReleaseItem = {
  id: '41',
  orderId: '7',
  phase: 1,
  phaseCount: 12,
  dueAt: '2026-07-31T00:00:00.000Z',
  amount: '166.666666666666666666',
  asset: 'KPC',
  createdAt: '2026-07-31T00:00:05.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
const replace = vi.fn();

function logBodies(): Record<string, unknown>[] {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pages/plan/kpc-log', Component: EsopLogPage }], {
    initialEntries: [url],
  });
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
  fetchMock.mockImplementation(() =>
    Promise.resolve(jsonResponse({ code: 200, msg: 'success', data: { list: [release], nextCursor: null } })),
  );
  replace.mockReset();
  bindNavigator({ navigate: replace, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/' });
  useUserStore.setState({ token: 'member-token', address: '' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('EsopLogPage (/pages/plan/kpc-log)', () => {
  it("lists each phase's release, all orders by default", async () => {
    renderAt('/pages/plan/kpc-log');
    expect((await screen.findByTestId('esop-log-item-phase')).textContent).toBe('Phase 1 of 12');
    expect(screen.getByTestId('esop-log-item-amount').textContent).toBe('+166.666666 KPC');
    expect(screen.queryByTestId('esop-log-filter')).toBeNull();
    expect(logBodies()[0]).toEqual({ limit: 20 });
  });

  it('shows one order with ?orderId= and offers all orders again', async () => {
    renderAt('/pages/plan/kpc-log?orderId=7');
    await screen.findByTestId('esop-log-item');
    expect(screen.getByTestId('esop-log-filter').textContent).toBe('Order #7 only');
    expect(logBodies()[0]).toEqual({ orderId: '7', limit: 20 });
    fireEvent.click(screen.getByTestId('esop-log-all'));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/pages/plan/kpc-log', expect.anything()));
  });

  it('shows its empty text only once the first page says so', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ code: 200, msg: 'success', data: { list: [], nextCursor: null } })),
    );
    renderAt('/pages/plan/kpc-log');
    expect(screen.getByTestId('esop-log-list-loading')).toBeTruthy();
    expect(await screen.findByTestId('esop-log-list-empty')).toBeTruthy();
  });
});
