// @vitest-environment happy-dom
import type { TMemberLevel, TUserInfo } from '@kpc/shared';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberIdentity } from '@/components/member-identity.tsx';
import { callsTo, ok, pathOf } from '@/testing/api-stub.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { useRefreshUserInfo } from './api/get-user-info.ts';
import { changeLocale } from './i18n.ts';
import { queryClient } from './query-client.ts';
import { useUserStore } from './user-store.ts';

vi.mock('./toast.ts', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
/** The level the server answers now. */
let serverLevel: TMemberLevel;

const userInfo = (level: TMemberLevel): TUserInfo => ({
  id: 'u1',
  email: 'member@example.com',
  address: '',
  inviteCode: 'ZUD45HC9',
  referrerInviteCode: 'GENESIS1',
  level,
  createdAt: '2026-11-20T00:00:00.000Z',
});

/** What Home and Mine do: show the member with their level badge, and keep the member's info fresh. */
function MemberHeader() {
  useRefreshUserInfo();
  const buy = useMutation({ mutationFn: () => Promise.resolve('bought') });
  return (
    <>
      <MemberIdentity testIdPrefix="home" />
      <button type="button" data-testid="buy" onClick={() => buy.mutate()} />
    </>
  );
}

function renderHeader() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemberHeader />
    </QueryClientProvider>,
  );
}

const levelShown = () => screen.queryByTestId('home-level')?.textContent;

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  serverLevel = 'member';
  fetchMock.mockImplementation((input) =>
    pathOf(input) === '/acc/info'
      ? Promise.resolve(jsonResponse(ok(userInfo(serverLevel))))
      : Promise.resolve(new Response(null, { status: 404 })),
  );
  useUserStore.getState().setSession({ token: 'member-token', address: '', loginType: 1 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  useUserStore.getState().reset();
});

describe('the level badge follows the server without a reload (issue 24 item 2)', () => {
  it('is read again after a purchase (any mutation that succeeds), on the page that shows it', async () => {
    renderHeader();
    await waitFor(() => expect(levelShown()).toBe('Ordinary member'));
    // The Agent package makes the buyer an ambassador.
    serverLevel = 'ambassador';
    act(() => screen.getByTestId('buy').click());
    await waitFor(() => expect(levelShown()).toBe('Ambassador'));
    expect(callsTo(fetchMock, '/acc/info')).toHaveLength(2);
  });

  it('is read again when the member comes back to the app (an operator’s decision, an invitee’s purchase)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderHeader();
      await waitFor(() => expect(levelShown()).toBe('Ordinary member'));
      serverLevel = 'ambassador';
      // Away long enough for the answer to be stale, not long enough for the next poll.
      await act(() => vi.advanceTimersByTimeAsync(31_000));
      expect(levelShown()).toBe('Ordinary member');
      act(() => {
        window.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(levelShown()).toBe('Ambassador'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('is read again now and then while it is on screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderHeader();
      await waitFor(() => expect(levelShown()).toBe('Ordinary member'));
      serverLevel = 'vip';
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      await waitFor(() => expect(levelShown()).toBe('VIP member'));
    } finally {
      vi.useRealTimers();
    }
  });
});
