// @vitest-environment happy-dom
import type { TStockholderApplication } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { StockholderPage } from './stockholder-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const pending: TStockholderApplication = {
  id: '4',
  status: 'pending',
  name: 'Holder',
  contact: 'holder@example.com',
  contribution: '50000',
  asset: 'USDT',
  note: null,
  reviewNote: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  reviewedAt: null,
};

const fetchMock = vi.fn<typeof fetch>();
let application: TStockholderApplication | null;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StockholderPage />
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
    getCurrentUrl: () => '/pages/stockholder/index',
  });
  useUserStore.setState({ token: 'member-token', address: '' });
  application = null;
  fetchMock.mockImplementation((input, init) => {
    const path = pathOf(input);
    const body = JSON.parse((init?.body as string | undefined) ?? '{}') as Record<string, unknown>;
    if (path === '/stockholder/status') return Promise.resolve(jsonResponse(ok({ application })));
    if (path === '/stockholder/apply') {
      application = { ...pending, contribution: String(body.contribution) };
      return Promise.resolve(jsonResponse(ok(application)));
    }
    return Promise.resolve(new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('StockholderPage (SPEC §6 shareholder applicant)', () => {
  it('checks the contribution in the app’s words, applies, then shows the pending application', async () => {
    renderPage();
    expect(screen.getByTestId('stockholder-loading')).toBeTruthy();
    await screen.findByTestId('stockholder-form');
    type('stockholder-name', 'Holder');
    type('stockholder-contact', 'holder@example.com');
    type('stockholder-contribution', 'lots');
    await press('stockholder-submit');
    await waitFor(() => expect(screen.getByText('Enter a valid amount')).toBeTruthy());
    expect(sentBodies(fetchMock, '/stockholder/apply')).toHaveLength(0);
    type('stockholder-contribution', '50000');
    await press('stockholder-submit');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Application Success'));
    expect(sentBodies(fetchMock, '/stockholder/apply')[0]).toEqual({
      name: 'Holder',
      contact: 'holder@example.com',
      contribution: '50000',
    });
    await waitFor(() => expect(screen.getByTestId('stockholder-status').getAttribute('data-status')).toBe('pending'));
    expect(textOf('stockholder-status-title')).toBe('Pending review');
    expect(textOf('stockholder-contribution-value')).toBe('50,000 USDT');
    expect(screen.queryByTestId('stockholder-form')).toBeNull();
  });

  it('flags every empty field on the first submit, the contribution too (issue 24 item 6)', async () => {
    renderPage();
    await screen.findByTestId('stockholder-form');
    await press('stockholder-submit');
    await waitFor(() =>
      expect(
        Array.from(document.querySelectorAll('.adm-form-item-feedback-error'), (node) => node.textContent),
      ).toEqual(['Please fill this in', 'Please fill this in', 'Enter amount']),
    );
    expect(sentBodies(fetchMock, '/stockholder/apply')).toHaveLength(0);
  });

  it("shows a rejection with the operator's note, and the form to apply again", async () => {
    application = {
      ...pending,
      status: 'rejected',
      reviewNote: 'Not this round',
      reviewedAt: '2026-01-03T00:00:00.000Z',
    };
    renderPage();
    await screen.findByTestId('stockholder-status');
    expect(textOf('stockholder-status-title')).toBe('Rejected');
    expect(textOf('stockholder-note')).toBe("Operator's note: Not this round");
    expect(screen.getByTestId('stockholder-form')).toBeTruthy();
  });
});
