// @vitest-environment happy-dom
import type { TNodeApplication } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { NODE_POLL_MS } from '@/features/node/api/get-node-status.ts';
import { GlobalNodePage } from './global-node-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const applied: TNodeApplication = {
  id: '3',
  status: 'applied',
  name: 'Node Ltd',
  contact: '@node',
  region: 'Singapore',
  note: null,
  paid: null,
  reviewNote: null,
  decisionNote: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  reviewedAt: null,
  paidAt: null,
  decidedAt: null,
};

const fetchMock = vi.fn<typeof fetch>();
let answers: Record<string, (body: Record<string, unknown>) => unknown>;
let application: TNodeApplication | null;
let price: string;
const statusOf = () => screen.getByTestId('node-status').getAttribute('data-status');

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <GlobalNodePage />
    </QueryClientProvider>,
  );
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
    getCurrentUrl: () => '/pages/node/global',
  });
  useUserStore.setState({ token: 'member-token', address: '' });
  application = null;
  price = '10000';
  answers = {
    '/node/status': () => ok({ price, asset: 'USDT', application }),
    '/ass/lst': () =>
      ok({
        lst: [{ asset: 'USDT', decimals: 6, available: '12000', frozen: '0', income: '0', valueUsdt: '12000' }],
        allQuantity: '12000',
        price: '0.5',
      }),
    '/node/apply': (body) => {
      application = { ...applied, name: String(body.name), contact: String(body.contact), region: String(body.region) };
      return ok(application);
    },
    '/node/pay': () => {
      application = { ...applied, status: 'paid', paid: '10000', paidAt: '2026-01-02T10:00:00.000Z' };
      return ok(application);
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('GlobalNodePage (SPEC §4 "Global node: apply, then applied; pay; authorized")', () => {
  it('shows a skeleton, then the price and the form; asks for each detail, then applies', async () => {
    renderPage();
    expect(screen.getByTestId('node-loading')).toBeTruthy();
    await waitFor(() => expect(textOf('node-price')).toBe('10,000 USDT'));
    await press('node-apply-submit');
    await waitFor(() => expect(screen.getAllByText('Please fill this in')).toHaveLength(3));
    expect(sentBodies(fetchMock, '/node/apply')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('node-apply-name'), { target: { value: 'Node Ltd' } });
    fireEvent.change(screen.getByTestId('node-apply-contact'), { target: { value: '@node' } });
    fireEvent.change(screen.getByTestId('node-apply-region'), { target: { value: 'Singapore' } });
    await press('node-apply-submit');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Application Success'));
    expect(sentBodies(fetchMock, '/node/apply')[0]).toEqual({
      name: 'Node Ltd',
      contact: '@node',
      region: 'Singapore',
    });
    await waitFor(() => expect(statusOf()).toBe('applied'));
    // SPEC §4's names: apply, then applied; pay; authorized.
    expect(textOf('node-status-title')).toBe('Applied');
    expect(
      Array.from(screen.getByTestId('node-progress').querySelectorAll('.adm-step-title'), (step) => step.textContent),
    ).toEqual(['Apply', 'Applied', 'Pay', 'Authorized']);
    expect(screen.getByTestId('node-live')).toBeTruthy();
    expect(screen.queryByTestId('node-apply-form')).toBeNull();
  });

  it('follows the operator without a reload: approved, paid after a review, then authorized', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    application = applied;
    renderPage();
    await waitFor(() => expect(statusOf()).toBe('applied'));

    application = { ...applied, status: 'approved', reviewNote: 'Welcome aboard' };
    await act(() => vi.advanceTimersByTimeAsync(NODE_POLL_MS));
    await waitFor(() => expect(statusOf()).toBe('approved'));
    // An operator's approval is part of "applied": done, pay is next.
    expect(textOf('node-status-title')).toBe('Applied — approved, awaiting payment');
    expect(textOf('node-note')).toBe("Operator's note: Welcome aboard");

    await press('node-pay');
    expect(sentBodies(fetchMock, '/node/pay')).toHaveLength(0);
    expect(textOf('node-review-price')).toBe('10,000 USDT');
    expect(textOf('node-review-available')).toBe('12,000 USDT');
    await press('node-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Paid successfully'));
    expect(sentBodies(fetchMock, '/node/pay')[0]).toEqual({
      amount: '10000',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await waitFor(() => expect(statusOf()).toBe('paid'));

    application = { ...applied, status: 'authorized', paid: '10000', paidAt: '2026-01-02T10:00:00.000Z' };
    await act(() => vi.advanceTimersByTimeAsync(NODE_POLL_MS));
    await waitFor(() => expect(statusOf()).toBe('authorized'));
    expect(showToast).toHaveBeenCalledWith('Authorization success');
    expect(screen.queryByTestId('node-live')).toBeNull();
  });

  it('sends the price the review showed; a changed price is refused, shown in the review, then paid once confirmed', async () => {
    application = { ...applied, status: 'approved' };
    renderPage();
    await press(await screen.findByTestId('node-pay'));
    expect(textOf('node-review-price')).toBe('10,000 USDT');
    // The price changes on the server while the review is open; the server refuses the old one.
    price = '12000';
    answers['/node/pay'] = () => ({
      code: 1404,
      msg: 'The price has changed. Please review the new price and try again; nothing was charged.',
      data: null,
    });
    await press('node-review-confirm');
    await waitFor(() => expect(textOf('node-review-price')).toBe('12,000 USDT'));
    expect(textOf('node-review-changed')).toBe(
      'The price changed from 10,000 USDT to 12,000 USDT. Nothing was charged: check the new amount, then confirm.',
    );
    expect(screen.getByTestId('node-review')).toBeTruthy();
    expect(showToast).not.toHaveBeenCalled();
    answers['/node/pay'] = () => {
      application = { ...applied, status: 'paid', paid: '12000', paidAt: '2026-01-02T10:00:00.000Z' };
      return ok(application);
    };
    await press('node-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Paid successfully'));
    const [refused, paid] = sentBodies(fetchMock, '/node/pay');
    expect(refused?.amount).toBe('10000');
    expect(paid?.amount).toBe('12000');
    // Another amount is another request.
    expect(paid?.requestId).not.toBe(refused?.requestId);
  });

  it("closes the review with the server's word when the new price cannot be shown", async () => {
    application = { ...applied, status: 'approved' };
    renderPage();
    await press(await screen.findByTestId('node-pay'));
    const message = 'The price has changed. Please review the new price and try again; nothing was charged.';
    answers['/node/pay'] = () => ({ code: 1404, msg: message, data: null });
    answers['/node/status'] = () => ({ code: 1002, msg: 'Service busy', data: null });
    await press('node-review-confirm');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(message));
    await waitFor(() => expect(screen.queryByTestId('node-review-confirm')).toBeNull());
  });

  it("shows a refusal with the operator's note and the refund, and offers to apply again", async () => {
    application = {
      ...applied,
      status: 'refused',
      paid: '10000',
      paidAt: '2026-01-02T10:00:00.000Z',
      decisionNote: 'Region is full',
    };
    renderPage();
    await waitFor(() => expect(statusOf()).toBe('refused'));
    expect(textOf('node-note')).toBe("Operator's note: Region is full");
    expect(textOf('node-refund')).toBe('10,000 USDT refunded to your available balance');
    expect(screen.getByTestId('node-apply-form')).toBeTruthy();
    expect(screen.queryByTestId('node-pay')).toBeNull();
  });
});
