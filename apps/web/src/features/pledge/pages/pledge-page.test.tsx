// @vitest-environment happy-dom
import type { TPlanPreviewResponse, TPledge, TPledgeTerm } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { PledgePage } from './pledge-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const terms: TPledgeTerm[] = [
  { id: '1', days: 30, dailyRate: '0.001', minAmount: '100', earlyRedemptionPenaltyRate: '0.1' },
  { id: '2', days: 90, dailyRate: '0.0015', minAmount: '100', earlyRedemptionPenaltyRate: '0.1' },
  { id: '3', days: 180, dailyRate: '0.002', minAmount: '100', earlyRedemptionPenaltyRate: '0.1' },
];

/** The server's maturities for pledges made now: years away from this device's clock (issue 24 item 8). */
const serverDates: TPlanPreviewResponse = {
  now: '2031-07-08T13:00:00.000Z',
  investmentFirstReleaseAt: '2031-07-09T00:00:00.000Z',
  esop: null,
  pledgeTerms: [
    { id: '1', firstRewardAt: '2031-07-09T00:00:00.000Z', maturesAt: '2031-08-07T00:00:00.000Z' },
    { id: '2', firstRewardAt: '2031-07-09T00:00:00.000Z', maturesAt: '2031-10-06T00:00:00.000Z' },
    { id: '3', firstRewardAt: '2031-07-09T00:00:00.000Z', maturesAt: '2032-01-04T00:00:00.000Z' },
  ],
};

const activePledge: TPledge = {
  id: '11',
  termId: '1',
  termDays: 30,
  dailyRate: '0.001',
  earlyRedemptionPenaltyRate: '0.1',
  amount: '200',
  asset: 'KPC',
  createdAt: '2026-01-01T10:00:00.000Z',
  maturesAt: '2026-01-31T00:00:00.000Z',
  remainingDays: 29,
  rewardsPaid: '0.2',
  status: 'active',
  redeemedAt: null,
  penalty: null,
  returned: null,
  price: '0.5',
  valueUsdt: '100',
};
const maturedPledge: TPledge = { ...activePledge, id: '10', remainingDays: 0, rewardsPaid: '6', status: 'matured' };
const redeemedPledge: TPledge = {
  ...activePledge,
  id: '9',
  amount: '150',
  valueUsdt: '75',
  remainingDays: 0,
  status: 'redeemed',
  redeemedAt: '2026-01-02T10:00:00.000Z',
  penalty: '15',
  returned: '135',
};

const fetchMock = vi.fn<typeof fetch>();
let answers: Record<string, (body: Record<string, unknown>) => unknown>;

function balances(available: string, income = '0') {
  return ok({
    lst: [{ asset: 'KPC', decimals: 18, available, frozen: '0', income, valueUsdt: '0' }],
    allQuantity: '0',
    price: '0.5',
  });
}

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PledgePage />
    </QueryClientProvider>,
  );
  await screen.findByTestId('pledge-page');
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  bindNavigator({
    navigate: vi.fn(),
    goBack: vi.fn(),
    canGoBack: () => true,
    getCurrentUrl: () => '/pages/plan/pledge',
  });
  useUserStore.setState({ token: 'member-token', address: '' });
  answers = {
    '/app/config': () =>
      ok({
        allowedChainIds: [31337],
        chains: [],
        tokenCode: 'KPC',
        usdtQuantity: '150000',
        devChain: false,
        devClock: false,
      }),
    '/plan/products': () =>
      ok({
        investment: [],
        esop: { lockMonths: 6, releaseMonths: 12, minAmount: '100', maxAmount: '50000', price: '0.5' },
        pledgeTerms: terms,
        phaseDays: 30,
        kpcBurned: '0',
      }),
    '/ass/lst': () => balances('1000', '0.2'),
    '/plan/preview': () => ok(serverDates),
    '/plan/pledges': () => ok({ list: [activePledge, maturedPledge, redeemedPledge], nextCursor: null }),
    '/plan/pledge': (body) => ok({ ...activePledge, id: '12', amount: body.amount }),
    '/plan/pledge/redeem': () =>
      ok({ ...activePledge, status: 'redeemed', penalty: '20', returned: '180', redeemedAt: '2026-01-02T00:00:00Z' }),
    '/dev/clock/advance': (body) => ok({ now: '2026-01-03T00:00:00.000Z', offsetDays: body.days }),
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

describe('PledgePage (SPEC §3 "Pledge")', () => {
  it('offers the terms as check-marked choices and previews the rewards of the amount', async () => {
    await renderPage();
    await waitFor(() => expect(textOf('pledge-amount-balance')).toBe('Available 1,000 KPC'));
    expect(textOf('pledge-balance-available')).toBe('1,000');
    expect(textOf('pledge-balance-income')).toBe('0.2');
    expect(textOf('pledge-balance-price')).toBe('0.5 USDT');
    // The first term is chosen, with a check mark; its terms are spelled out.
    expect(screen.getByTestId('pledge-term-30').querySelector('.asset-selector__check')).not.toBeNull();
    expect(textOf('pledge-term-90')).toBe('90 days');
    expect(textOf('pledge-terms')).toBe('Minimum 100 KPC · Redeeming early burns 10% of the principal');
    expect(textOf('pledge-preview-daily')).toBe('—');

    await press('pledge-term-90');
    expect(screen.getByTestId('pledge-term-90').querySelector('.asset-selector__check')).not.toBeNull();
    expect(screen.getByTestId('pledge-term-30').querySelector('.asset-selector__check')).toBeNull();
    type('pledge-amount', '200');
    expect(textOf('pledge-preview-daily')).toBe('0.3 KPC');
    expect(textOf('pledge-preview-total')).toBe('27 KPC');
    // The server's maturity for the chosen term, not one from this device's clock.
    expect(textOf('pledge-preview-matures')).toBe(formatDateTime('2031-10-06T00:00:00.000Z'));
  });

  it('says what is wrong with the amount in the app’s own words, and sends nothing', async () => {
    await renderPage();
    await screen.findByText('Available 1,000 KPC');
    await press('pledge-submit');
    expect(textOf('pledge-amount-error')).toBe('Enter amount');
    type('pledge-amount', '50');
    await press('pledge-submit');
    expect(textOf('pledge-amount-error')).toBe('The minimum amount is 100 KPC');
    type('pledge-amount', '1000.5');
    expect(textOf('pledge-amount-error')).toBe('Insufficient balance');
    expect(screen.queryByTestId('pledge-review')).toBeNull();
    expect(sentBodies(fetchMock, '/plan/pledge')).toHaveLength(0);
  });

  it('reviews the pledge in full, pledges once, and retries a lost answer under the same request id', async () => {
    await renderPage();
    await screen.findByText('Available 1,000 KPC');
    await press('pledge-amount-all');
    expect(screen.getByTestId('pledge-amount')).toHaveProperty('value', '1000');
    type('pledge-amount', '200');
    await press('pledge-submit');
    expect(sentBodies(fetchMock, '/plan/pledge')).toHaveLength(0);
    expect(textOf('pledge-review-term')).toBe('30 days · 0.1% daily');
    expect(textOf('pledge-review-amount')).toBe('200 KPC');
    expect(textOf('pledge-review-daily-reward')).toBe('0.2 KPC');
    expect(textOf('pledge-review-total-rewards')).toBe('6 KPC');
    expect(textOf('pledge-review-matures')).toBe(formatDateTime(serverDates.pledgeTerms[0]!.maturesAt));
    expect(textOf('pledge-review-penalty')).toBe('10% · 20 KPC');
    expect(textOf('pledge-review-warning')).toContain('burns 10% of the principal (20 KPC)');

    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('network down')));
    await press('pledge-review-confirm');
    // The pledge may have gone through unseen: the review stays, and Confirm retries the same pledge.
    expect(screen.getByTestId('pledge-review')).toBeTruthy();
    await press('pledge-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Pledged successfully'));
    const [lost, retry] = sentBodies(fetchMock, '/plan/pledge');
    // The terms the review showed travel with the pledge: a rate changed meanwhile is refused, not applied.
    expect(retry).toEqual({
      termId: '1',
      amount: '200',
      dailyRate: '0.001',
      earlyRedemptionPenaltyRate: '0.1',
      requestId: lost?.requestId,
    });
    expect(retry?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The list and the balances are asked again.
    await waitFor(() => expect(sentBodies(fetchMock, '/plan/pledges').length).toBeGreaterThan(1));
    expect(screen.getByTestId('pledge-amount')).toHaveProperty('value', '');
  });

  it('shows skeleton rows until the pledges arrive, then each pledge with its price, value and state', async () => {
    let answerPledges: (value: Response) => void = () => undefined;
    fetchMock.mockImplementation((input) => {
      if (pathOf(input) === '/plan/pledges') return new Promise((resolve) => (answerPledges = resolve));
      const answer = answers[pathOf(input)];
      return Promise.resolve(answer ? jsonResponse(answer({})) : new Response(null, { status: 404 }));
    });
    await renderPage();
    expect(screen.getByTestId('pledge-list-loading')).toBeTruthy();
    expect(screen.queryByTestId('pledge-list-empty')).toBeNull();
    await act(async () => {
      answerPledges(jsonResponse(answers['/plan/pledges']?.({})));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await screen.findByTestId('pledge-11');
    expect(textOf('pledge-11-amount')).toBe('200 KPC');
    expect(textOf('pledge-11-status')).toBe('Active');
    expect(textOf('pledge-11-remaining')).toBe('29');
    expect(textOf('pledge-11-rewards')).toBe('0.2 KPC');
    expect(textOf('pledge-11-price')).toBe('0.5 USDT');
    expect(textOf('pledge-11-value')).toBe('≈ 100 USDT');
    expect(screen.getByTestId('pledge-11-redeem')).toBeTruthy();
    expect(textOf('pledge-10-status')).toBe('Matured');
    expect(textOf('pledge-10-note')).toBe('Matured: 200 KPC returned to your available balance.');
    expect(screen.queryByTestId('pledge-10-redeem')).toBeNull();
    expect(textOf('pledge-9-status')).toBe('Redeemed early');
    expect(textOf('pledge-9-penalty')).toBe('15 KPC');
    expect(textOf('pledge-9-returned')).toBe('135 KPC');
    expect(screen.queryByTestId('pledge-9-redeem')).toBeNull();
  });

  it('states the penalty burned and what returns before an early redemption, then redeems once', async () => {
    await renderPage();
    await screen.findByTestId('pledge-11');
    await press('pledge-11-redeem');
    expect(textOf('redeem-review-amount')).toBe('200 KPC');
    expect(textOf('redeem-review-penalty')).toBe('20 KPC');
    expect(textOf('redeem-review-returned')).toBe('180 KPC');
    expect(textOf('redeem-review-rewards')).toBe('0.2 KPC');
    expect(textOf('redeem-review-warning')).toBe(
      '20 KPC (10% of the principal) is burned and cannot be recovered. Rewards already paid stay yours.',
    );
    await press('redeem-review-cancel');
    expect(sentBodies(fetchMock, '/plan/pledge/redeem')).toHaveLength(0);

    await press('pledge-11-redeem');
    await press('redeem-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Redeemed: 180 KPC returned, 20 KPC burned'));
    const [redeem] = sentBodies(fetchMock, '/plan/pledge/redeem');
    expect(redeem?.pledgeId).toBe('11');
    expect(redeem?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers no early redemption once the term has ended: it says the pledge is being settled', async () => {
    const ended: TPledge = { ...activePledge, id: '13', remainingDays: 0, rewardsPaid: '5.8' };
    answers['/plan/pledges'] = () => ok({ list: [ended, activePledge], nextCursor: null });
    await renderPage();
    await screen.findByTestId('pledge-13');
    expect(textOf('pledge-13-status')).toBe('Term ended');
    expect(textOf('pledge-13-note')).toBe(
      'The term has ended: the rewards due and your 200 KPC are being returned, with no penalty.',
    );
    expect(screen.queryByTestId('pledge-13-redeem')).toBeNull();
    // A pledge with days remaining still offers it.
    expect(screen.getByTestId('pledge-11-redeem')).toBeTruthy();
  });

  it('says the pledge matured, nothing burned, when its term ended before Confirm reached the server', async () => {
    answers['/plan/pledge/redeem'] = () =>
      ok({ ...activePledge, status: 'matured', remainingDays: 0, rewardsPaid: '6', redeemedAt: null });
    await renderPage();
    await screen.findByTestId('pledge-11');
    await press('pledge-11-redeem');
    await press('redeem-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Matured: 200 KPC returned to your available balance.'));
    expect(showToast).not.toHaveBeenCalledWith(expect.stringContaining('burned'));
  });

  it('shows the development clock only where the server has it; a move refreshes every figure', async () => {
    await renderPage();
    await screen.findByTestId('pledge-11');
    expect(screen.queryByTestId('dev-clock')).toBeNull();
    cleanup();

    const devConfig = answers['/app/config'];
    answers['/app/config'] = () => ({ ...(devConfig?.({}) as { data: object }), data: { devClock: true } });
    await renderPage();
    await screen.findByTestId('pledge-11');
    expect(await screen.findByText('Development: move time forward')).toBeTruthy();
    const pledgeCalls = sentBodies(fetchMock, '/plan/pledges').length;
    const balanceCalls = sentBodies(fetchMock, '/ass/lst').length;
    answers['/ass/lst'] = () => balances('1000', '0.4');
    await press('dev-clock-1');
    expect(sentBodies(fetchMock, '/dev/clock/advance')).toEqual([{ days: 1 }]);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Plan clock moved to 2026-01-03 (UTC)'));
    expect(sentBodies(fetchMock, '/plan/pledges').length).toBeGreaterThan(pledgeCalls);
    expect(sentBodies(fetchMock, '/ass/lst').length).toBeGreaterThan(balanceCalls);
    await waitFor(() => expect(textOf('pledge-balance-income')).toBe('0.4'));
    await press('dev-clock-30');
    expect(sentBodies(fetchMock, '/dev/clock/advance')).toEqual([{ days: 1 }, { days: 30 }]);
  });
});
