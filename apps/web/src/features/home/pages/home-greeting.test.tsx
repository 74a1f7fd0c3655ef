// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { HomePage } from './home-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HomePage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  fetchMock.mockReset();
  // Nothing here is about the figures: every call fails quietly (the toast is mocked).
  fetchMock.mockResolvedValue(new Response(null, { status: 404 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

describe('Home greets a member (issue 24 item 11)', () => {
  it('who has just registered as new, not "Welcome back"', () => {
    useUserStore.getState().setSession({ token: 'new-member', address: '', loginType: 1, isNewMember: true });
    renderHome();
    expect(screen.getByTestId('home-greeting').textContent).toBe('Welcome to KPC');
  });

  it('who logged in to an account made before as back', () => {
    useUserStore.getState().setSession({ token: 'returning-member', address: '', loginType: 1 });
    renderHome();
    expect(screen.getByTestId('home-greeting').textContent).toBe('Welcome back');
  });
});
