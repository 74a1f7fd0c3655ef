// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { HomeKpcBurned } from './home-kpc-burned.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function renderFigure() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HomeKpcBurned />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  useUserStore.getState().reset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomeKpcBurned (SPEC §2 Home: the total KPC Burned)', () => {
  it('shows a skeleton, never a false 0, then the burn account as read, to a visitor too', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderFigure();
    expect(screen.getByTestId('home-burned-loading')).toBeTruthy();
    expect(screen.getByTestId('home-burned').textContent).not.toMatch(/\d/);
    answer(jsonResponse({ code: 200, msg: 'success', data: { asset: 'KPC', burned: '12345.5' } }));
    expect((await screen.findByTestId('home-burned-value')).textContent).toBe('12,345.5 KPC');
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/\/api\/plan\/burned$/);
  });

  it('leaves the figure out quietly when it cannot be read', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    renderFigure();
    await waitFor(() => expect(screen.queryByTestId('home-burned')).toBeNull());
    expect(showToast).not.toHaveBeenCalled();
  });
});
