// @vitest-environment happy-dom
import type { TKlkPackagesResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { KlkPage } from './klk-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const fresh: TKlkPackagesResponse = {
  level: null,
  asset: 'USDT',
  tiers: [
    { id: '1', level: 'agent', rank: 1, price: '1000', codeCount: 1, held: false, payNow: '1000', codesNow: 1 },
    { id: '2', level: 'partner', rank: 2, price: '5000', codeCount: 6, held: false, payNow: '5000', codesNow: 6 },
  ],
};
const agent: TKlkPackagesResponse = {
  level: 'agent',
  asset: 'USDT',
  tiers: [
    { id: '1', level: 'agent', rank: 1, price: '1000', codeCount: 1, held: true, payNow: null, codesNow: null },
    { id: '2', level: 'partner', rank: 2, price: '5000', codeCount: 6, held: false, payNow: '4000', codesNow: 5 },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
let answers: Record<string, (body: Record<string, unknown>) => unknown>;
let packages: TKlkPackagesResponse;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <KlkPage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  bindNavigator({ navigate: vi.fn(), goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/klk/index' });
  useUserStore.setState({ token: 'member-token', address: '' });
  packages = fresh;
  answers = {
    '/klk/packages': () => ok(packages),
    '/ass/lst': () =>
      ok({
        lst: [{ asset: 'USDT', decimals: 6, available: '6000', frozen: '0', income: '0', valueUsdt: '6000' }],
        allQuantity: '6000',
        price: '0.5',
      }),
    '/klk/buy': (body) => {
      packages = agent;
      return ok({
        id: '7',
        tierId: body.tierId,
        level: 'agent',
        fromLevel: null,
        paid: '1000',
        asset: 'USDT',
        codeCount: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    },
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

describe('KlkPage (SPEC §1 broker privilege package)', () => {
  it('shows skeletons, never a false level, until the packages arrive', async () => {
    let answerPackages: (value: Response) => void = () => undefined;
    fetchMock.mockImplementation((input) =>
      pathOf(input) === '/klk/packages'
        ? new Promise((resolve) => (answerPackages = resolve))
        : Promise.resolve(jsonResponse(answers[pathOf(input)]?.({}))),
    );
    renderPage();
    expect(screen.getByTestId('klk-loading')).toBeTruthy();
    expect(screen.queryByTestId('klk-level')).toBeNull();
    await act(async () => {
      answerPackages(jsonResponse(ok(fresh)));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(textOf('klk-level')).toBe('Not a broker yet'));
    expect(textOf('klk-tier-agent-price')).toBe('1,000 USDT');
    expect(textOf('klk-tier-partner-codes')).toBe('6');
    expect(textOf('klk-tier-partner-pay-now')).toBe('5,000 USDT');
  });

  it('reviews the purchase, buys once and says the package is activated, with the way to the codes', async () => {
    renderPage();
    await waitFor(() => expect(textOf('klk-available')).toBe('6,000 USDT'));
    await press('klk-tier-agent-buy');
    expect(sentBodies(fetchMock, '/klk/buy')).toHaveLength(0);
    expect(textOf('klk-review-package')).toBe('Agent');
    expect(textOf('klk-review-codes')).toBe('1');
    expect(textOf('klk-review-pay')).toBe('1,000 USDT');
    await press('klk-review-confirm');
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('You have successfully activated the KLK Broker Privilege Package'),
    );
    const [body] = sentBodies(fetchMock, '/klk/buy');
    expect(body).toEqual({ tierId: '1', amount: '1000', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(screen.getByTestId('klk-success').textContent).toContain('paid 1,000 USDT');
    expect(screen.getByTestId('klk-codes-link').getAttribute('href')).toBe('#/pages/card/sdk');
    // The level and the upgrade price come back from the server.
    await waitFor(() => expect(textOf('klk-level')).toBe('Agent'));
    expect(screen.getByTestId('klk-tier-agent-held')).toBeTruthy();
    expect(screen.queryByTestId('klk-tier-agent-buy')).toBeNull();
    expect(textOf('klk-tier-partner-pay-now')).toBe('4,000 USDT');
    expect(textOf('klk-tier-partner-codes-now')).toBe('Extra activation codes: 5');
    expect(textOf('klk-tier-partner-buy')).toBe('Upgrade');
  });

  it('sends what the review showed; a changed upgrade price is refused, shown in the review, then bought once confirmed', async () => {
    packages = agent;
    renderPage();
    await press(await screen.findByTestId('klk-tier-partner-buy'));
    expect(textOf('klk-review-pay')).toBe('4,000 USDT');
    // The partner tier's price rises on the server while the review is open.
    const risen = structuredClone(agent);
    risen.tiers[1] = { ...risen.tiers[1]!, price: '5500', payNow: '4500' };
    packages = risen;
    answers['/klk/buy'] = () => ({
      code: 1404,
      msg: 'The price has changed. Please review the new price and try again; nothing was charged.',
      data: null,
    });
    await press('klk-review-confirm');
    await waitFor(() => expect(textOf('klk-review-pay')).toBe('4,500 USDT'));
    expect(textOf('klk-review-changed')).toBe(
      'The price changed from 4,000 USDT to 4,500 USDT. Nothing was charged: check the new amount, then confirm.',
    );
    expect(textOf('klk-tier-partner-pay-now')).toBe('4,500 USDT');
    expect(showToast).not.toHaveBeenCalled();
    answers['/klk/buy'] = (body) =>
      ok({
        id: '8',
        tierId: body.tierId,
        level: 'partner',
        fromLevel: 'agent',
        paid: body.amount,
        asset: 'USDT',
        codeCount: 5,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    await press('klk-review-confirm');
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('You have successfully activated the KLK Broker Privilege Package'),
    );
    const [refused, bought] = sentBodies(fetchMock, '/klk/buy');
    expect(refused).toMatchObject({ tierId: '2', amount: '4000' });
    expect(bought).toMatchObject({ tierId: '2', amount: '4500' });
    expect(bought?.requestId).not.toBe(refused?.requestId);
    expect(screen.getByTestId('klk-success').textContent).toContain('paid 4,500 USDT');
  });

  it("shows the server's own message when the purchase is refused, and closes the review", async () => {
    answers['/klk/buy'] = () => ({ code: 4001, msg: 'Insufficient balance', data: null });
    renderPage();
    await screen.findByTestId('klk-tier-agent-buy');
    await press('klk-tier-agent-buy');
    await press('klk-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Insufficient balance', expect.any(Number)));
    expect(screen.queryByTestId('klk-success')).toBeNull();
  });
});
