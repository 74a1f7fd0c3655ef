// @vitest-environment happy-dom
import type { TActivationCode } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '@/lib/copy-text.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { ActivationCodesPage } from './activation-codes-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));
vi.mock('@/lib/copy-text.ts', () => ({ copyText: vi.fn(() => Promise.resolve(true)) }));

const unused: TActivationCode = {
  id: '21',
  code: 'ABCD-EFGH-JKLM-NPQR',
  hint: 'ABCD…NPQR',
  status: 'unused',
  source: 'purchase',
  createdAt: '2026-01-01T10:00:00.000Z',
  usedAt: null,
  usedFor: null,
};
const used: TActivationCode = {
  id: '20',
  code: null,
  hint: 'WXYZ…2345',
  status: 'used',
  source: 'gift',
  createdAt: '2025-12-01T10:00:00.000Z',
  usedAt: '2025-12-02T10:00:00.000Z',
  usedFor: 'card_application:12',
};

const fetchMock = vi.fn<typeof fetch>();
let answers: Record<string, (body: Record<string, unknown>) => unknown>;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ActivationCodesPage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  bindNavigator({ navigate: vi.fn(), goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/card/sdk' });
  useUserStore.setState({ token: 'member-token', address: '' });
  answers = {
    '/card/codes': (body) =>
      ok({ list: body.status === 'used' ? [used] : [unused], nextCursor: null, unused: 1, used: 1 }),
    '/card/codes/give': (body) => ok({ id: '5', codeId: body.codeId, createdAt: '2026-01-02T00:00:00.000Z' }),
  };
  fetchMock.mockImplementation((input, init) => {
    const answer = answers[pathOf(input)];
    const body = JSON.parse((init?.body as string | undefined) ?? '{}') as Record<string, unknown>;
    return Promise.resolve(answer ? jsonResponse(answer(body)) : new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('ActivationCodesPage (SPEC §2 /pages/card/sdk, §4 unused or used)', () => {
  it('shows skeleton rows first, then the unused codes in full, copied with "Copied"', async () => {
    renderPage();
    expect(screen.getByTestId('codes-list-loading')).toBeTruthy();
    expect(screen.queryByTestId('codes-list-empty')).toBeNull();
    await screen.findByTestId('code-21');
    expect(sentBodies(fetchMock, '/card/codes')[0]).toEqual({ status: 'unused', limit: 20 });
    expect(textOf('code-21-value')).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(textOf('codes-tab-unused')).toBe('Unused · 1');
    expect(textOf('codes-tab-used')).toBe('Used · 1');
    await press(screen.getByTestId('code-21-copy'));
    expect(copyText).toHaveBeenCalledWith('ABCD-EFGH-JKLM-NPQR');
    expect(showToast).toHaveBeenCalledWith('Copied');
  });

  it('shows a used code by its hint, with when and what it was used for', async () => {
    renderPage();
    await screen.findByTestId('code-21');
    await press(screen.getByTestId('codes-tab-used'));
    await screen.findByTestId('code-20');
    expect(sentBodies(fetchMock, '/card/codes').at(-1)).toEqual({ status: 'used', limit: 20 });
    expect(textOf('code-20-value')).toBe('WXYZ…2345');
    expect(textOf('code-20-used-at')).toMatch(/^2025-12-0\d \d{2}:\d{2}:\d{2}$/);
    expect(textOf('code-20-used-for')).toBe('Card application #12');
    expect(screen.queryByTestId('code-20-copy')).toBeNull();
    expect(screen.queryByTestId('code-20-give')).toBeNull();
  });

  it('gives an unused code to a member named by invitation code, after asking for one', async () => {
    renderPage();
    await screen.findByTestId('code-21');
    await press(screen.getByTestId('code-21-give'));
    expect(textOf('give-code-value')).toBe('ABCD-EFGH-JKLM-NPQR');
    await press(screen.getByTestId('give-code-submit'));
    expect(textOf('give-code-to-error')).toBe("Enter the recipient's invitation code or email");
    expect(sentBodies(fetchMock, '/card/codes/give')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('give-code-to'), { target: { value: ' FRIEND42 ' } });
    expect(screen.queryByTestId('give-code-to-error')).toBeNull();
    await press(screen.getByTestId('give-code-submit'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Code given'));
    const [body] = sentBodies(fetchMock, '/card/codes/give');
    expect(body).toEqual({
      codeId: '21',
      to: 'FRIEND42',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
    });
    // The list is asked again: the given code leaves it.
    await waitFor(() => expect(sentBodies(fetchMock, '/card/codes').length).toBeGreaterThan(1));
  });
});
