// @vitest-environment happy-dom
import type { TWithdrawalDetail } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { WITHDRAWAL_POLL_MS } from '@/features/withdraw/api/get-withdrawal-detail.ts';
import { WithdrawalDetailPage } from './withdrawal-detail-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const HASH = `0x${'ab'.repeat(32)}`;
const T0 = '2026-05-01T10:00:00.000Z';
const T1 = '2026-05-01T10:00:04.000Z';
const T2 = '2026-05-01T10:01:00.000Z';

function withdrawal(overrides: Partial<TWithdrawalDetail> = {}): TWithdrawalDetail {
  return {
    id: '7',
    chainId: 137,
    network: 'Polygon',
    asset: 'USDT',
    address: ADDRESS,
    amount: '20',
    fee: '1',
    feeFrom: 'balance',
    received: '20',
    status: 'confirming',
    txHash: HASH,
    createdAt: T0,
    confirmations: 12,
    required: 20,
    explorerTxUrl: `https://polygonscan.com/tx/${HASH}`,
    timeline: [
      { step: 'submitted', at: T0 },
      { step: 'approved', at: T0 },
      { step: 'sending', at: T1 },
      { step: 'confirming', at: T1 },
    ],
    reason: null,
    ...overrides,
  };
}

const fetchMock = vi.fn<typeof fetch>();
/** What the server answers next to /withdraw/detail (the last one repeats). */
let answers: unknown[];

function detailCalls() {
  // The request client passes the URL as a string.
  return fetchMock.mock.calls.filter(([input]) => typeof input === 'string' && input.endsWith('/withdraw/detail'));
}

/** Moves the clock on by `ms` and lets the calls it starts, and the renders they cause, settle. */
async function advance(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    // An answer arrives after the timer that asked for it; TanStack then notifies on a 0 ms timer.
    for (let round = 0; round < 3; round += 1) await vi.advanceTimersByTimeAsync(1);
  });
}

async function renderPage(search = '?id=7') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pages/asset/withdraw/detail', Component: WithdrawalDetailPage }], {
    initialEntries: [`/pages/asset/withdraw/detail${search}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await advance();
}

function text(testId: string) {
  return screen.getByTestId(testId).textContent;
}

beforeEach(async () => {
  vi.useFakeTimers({
    shouldAdvanceTime: false,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  useUserStore.setState({ token: 'member-token', address: '' });
  answers = [{ code: 200, msg: 'success', data: withdrawal() }];
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(answers.length > 1 ? answers.shift() : answers[0])));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

describe('WithdrawalDetailPage (Step 4d §2)', () => {
  it('shows a skeleton, then the withdrawal: full address, hash with explorer link, n/20 and the timeline', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    await renderPage();
    expect(screen.getByTestId('withdrawal-detail-loading')).toBeTruthy();
    expect(screen.queryByText(/^0/)).toBeNull();
    release(jsonResponse(answers[0]));
    await advance();

    expect(JSON.parse(detailCalls()[0]![1]!.body as string)).toEqual({ id: '7' });
    expect(text('withdrawal-status')).toBe('Confirming');
    expect(text('withdrawal-confirmations')).toBe('12/20');
    expect(text('withdrawal-fact-fee')).toBe('1 USDT');
    expect(text('withdrawal-fact-received')).toBe('20 USDT');
    expect(text('withdrawal-fact-network')).toBe('Polygon');
    expect(text('withdrawal-address')).toBe(ADDRESS);
    expect(text('withdrawal-tx-hash')).toBe(HASH);
    const explorer = screen.getByTestId('withdrawal-explorer');
    expect(explorer.getAttribute('href')).toBe(`https://polygonscan.com/tx/${HASH}`);
    expect(explorer.getAttribute('target')).toBe('_blank');
    expect(explorer.getAttribute('rel')).toContain('noopener');
    const states = ['submitted', 'approved', 'sending', 'confirming', 'completed'].map(
      (step) => screen.getByTestId(`withdrawal-step-${step}`).dataset.state,
    );
    expect(states).toEqual(['done', 'done', 'done', 'current', 'upcoming']);
    expect(screen.getByTestId('withdrawal-step-completed').querySelector('time')).toBeNull();
  });

  it('asks again every 3 s while in flight and stops once completed', async () => {
    answers = [
      { code: 200, msg: 'success', data: withdrawal() },
      { code: 200, msg: 'success', data: withdrawal({ confirmations: 19 }) },
      {
        code: 200,
        msg: 'success',
        data: withdrawal({
          status: 'completed',
          confirmations: 20,
          timeline: [...withdrawal().timeline, { step: 'completed', at: T2 }],
        }),
      },
    ];
    await renderPage();
    expect(text('withdrawal-confirmations')).toBe('12/20');
    await advance(WITHDRAWAL_POLL_MS);
    expect(text('withdrawal-confirmations')).toBe('19/20');
    await advance(WITHDRAWAL_POLL_MS);
    expect(text('withdrawal-status')).toBe('Completed');
    expect(text('withdrawal-confirmations')).toBe('20/20');
    expect(screen.queryByTestId('withdrawal-live')).toBeNull();
    expect(screen.getByTestId('withdrawal-step-completed').dataset.state).toBe('done');
    const calls = detailCalls().length;
    await advance(WITHDRAWAL_POLL_MS * 3);
    expect(detailCalls()).toHaveLength(calls);
  });

  it('keeps the withdrawal on screen when a refresh fails, says so quietly, and goes on', async () => {
    answers = [
      { code: 200, msg: 'success', data: withdrawal() },
      { code: 500, msg: 'The system has a problem', data: null },
      { code: 200, msg: 'success', data: withdrawal({ confirmations: 15 }) },
    ];
    await renderPage();
    await advance(WITHDRAWAL_POLL_MS);
    expect(text('withdrawal-live')).toBe('Could not update. Trying again…');
    expect(text('withdrawal-confirmations')).toBe('12/20');
    expect(showToast).not.toHaveBeenCalled();
    await advance(WITHDRAWAL_POLL_MS);
    expect(text('withdrawal-confirmations')).toBe('15/20');
    expect(text('withdrawal-live')).toBe('Updates automatically');
  });

  it('shows a rejected withdrawal in red with its reason, and no confirmations', async () => {
    answers = [
      {
        code: 200,
        msg: 'success',
        data: withdrawal({
          status: 'rejected',
          txHash: null,
          explorerTxUrl: null,
          confirmations: 0,
          reason: 'review_rejected',
          timeline: [
            { step: 'submitted', at: T0 },
            { step: 'rejected', at: T2 },
          ],
        }),
      },
    ];
    await renderPage('?record=3');
    expect(JSON.parse(detailCalls()[0]![1]!.body as string)).toEqual({ recordId: '3' });
    expect(screen.getByTestId('withdrawal-status').className).toContain('record__tag--failed');
    expect(text('withdrawal-reason')).toBe(
      'This withdrawal was not approved. The amount and fee are back in your available balance.',
    );
    expect(screen.queryByTestId('withdrawal-confirmations')).toBeNull();
    expect(screen.queryByTestId('withdrawal-explorer')).toBeNull();
    expect(text('withdrawal-tx-pending')).toBe('Shown once the payout is sent');
    expect(screen.getByTestId('withdrawal-step-rejected').dataset.state).toBe('failed');
    expect(screen.queryByTestId('withdrawal-step-completed')).toBeNull();
    await advance(WITHDRAWAL_POLL_MS * 2);
    expect(detailCalls()).toHaveLength(1);
  });

  it('shows a payout without a receipt yet as confirming, funds safe', async () => {
    answers = [{ code: 200, msg: 'success', data: withdrawal({ status: 'unknown' }) }];
    await renderPage();
    expect(text('withdrawal-status')).toBe('Confirming');
    expect(text('withdrawal-slow')).toContain('nothing is lost');
    expect(screen.getByTestId('withdrawal-step-confirming').dataset.state).toBe('current');
  });

  it("says not found, without a toast, for an id that is not the member's", async () => {
    answers = [{ code: 1000, msg: 'The request is invalid.', data: null }];
    await renderPage('?id=99');
    expect(screen.getByTestId('withdrawal-not-found').textContent).toContain('This withdrawal was not found.');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('offers a retry when loading fails', async () => {
    answers = [
      { code: 1002, msg: 'The service is busy.', data: null },
      { code: 200, msg: 'success', data: withdrawal() },
    ];
    await renderPage();
    expect(showToast).toHaveBeenCalledWith('The service is busy.', expect.anything());
    await act(async () => {
      screen.getByRole('button', { name: 'Retry' }).click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(text('withdrawal-confirmations')).toBe('12/20');
  });
});
