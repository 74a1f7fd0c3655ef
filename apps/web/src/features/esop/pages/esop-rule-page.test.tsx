// @vitest-environment happy-dom
import type { TPlanProductsResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { EsopRulePage } from './esop-rule-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

/** Unusual figures on purpose: a page that wrote the defaults into its text would show others. */
const products: TPlanProductsResponse = {
  investment: [
    {
      id: '3',
      nameKey: 'plan.product.starter',
      asset: 'USDT',
      minAmount: '250',
      maxAmount: '7500',
      coefficient: '1.75',
      phases: [
        { phase: 1, ratio: '0.0036' },
        { phase: 2, ratio: '0.0049' },
      ],
    },
    {
      id: '9',
      nameKey: 'plan.product.unknown-to-the-app',
      asset: 'USDT',
      minAmount: '1',
      maxAmount: '2',
      coefficient: '2',
      phases: [{ phase: 1, ratio: '0.005' }],
    },
  ],
  esop: { lockMonths: 4, releaseMonths: 9, minAmount: '150', maxAmount: '25000', price: '0.42' },
  pledgeTerms: [{ id: '5', days: 45, dailyRate: '0.0012', minAmount: '80', earlyRedemptionPenaltyRate: '0.07' }],
  phaseDays: 30,
  kpcBurned: '12',
};

const fetchMock = vi.fn<typeof fetch>();

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EsopRulePage />
    </QueryClientProvider>,
  );
  await screen.findByTestId('esop-rule-page');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  // A visitor: no session.
  useUserStore.getState().reset();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLocale('en');
});

describe('EsopRulePage (public, SPEC §2 /pages/plan/kpc-rule)', () => {
  it('shows a skeleton, never a figure, while the terms load', async () => {
    await changeLocale('en');
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    await renderPage();
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    expect(screen.queryByTestId('esop-rule-lockup')).toBeNull();
  });

  it('reads every figure from the live terms, without a session', async () => {
    await changeLocale('en');
    fetchMock.mockResolvedValue(jsonResponse({ code: 200, msg: 'success', data: products }));
    await renderPage();
    expect((await screen.findByTestId('esop-rule-lockup')).textContent).toBe('4 months');
    expect(screen.getByTestId('esop-rule-release').textContent).toBe('Over 9 months');
    expect(screen.getByTestId('esop-rule-phase').textContent).toBe('30 days');
    expect(screen.getByTestId('esop-rule-limits').textContent).toBe('150–25,000 USDT');
    expect(screen.getByTestId('esop-rule-price').textContent).toBe('1 KPC = 0.42 USDT');
    const esop = screen.getByTestId('esop-rule-esop').textContent ?? '';
    expect(esop).toContain('The lock-up lasts 4 months from the moment you subscribe');
    expect(esop).toContain('released in 9 equal phases, one every 30 days');
    expect(screen.getByTestId('esop-rule-product-3').textContent).toContain('Starter');
    expect(screen.getByTestId('esop-rule-product-3-limits').textContent).toBe('250–7,500 USDT');
    expect(screen.getByTestId('esop-rule-product-3-coefficient').textContent).toBe('×1.75');
    expect(screen.getByTestId('esop-rule-product-3-phase-1').textContent).toBe('Phase 1Days 1–300.36% a day');
    expect(screen.getByTestId('esop-rule-product-3-phase-2').textContent).toBe('Phase 2Days 31–600.49% a day');
    expect(screen.getByTestId('esop-rule-product-9').textContent).toContain('Product 9');
    expect(screen.getByTestId('esop-rule-pledge-5').textContent).toContain('45 days');
    expect(screen.getByTestId('esop-rule-pledge-5-rate').textContent).toBe('0.12% a day');
    expect(screen.getByTestId('esop-rule-pledge-5-minimum').textContent).toBe('80 KPC');
    expect(screen.getByTestId('esop-rule-pledge-5-penalty').textContent).toBe('7%');
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(input).toMatch(/\/api\/plan\/products$/);
    expect((init?.headers as Record<string, string>).token).toBeUndefined();
  });

  it('is written in the member language, Chinese included', async () => {
    await changeLocale('zh-Hans');
    fetchMock.mockResolvedValue(jsonResponse({ code: 200, msg: 'success', data: products }));
    await renderPage();
    expect((await screen.findByTestId('esop-rule-lockup')).textContent).toBe('4个月');
    expect(screen.getByTestId('esop-rule-phase').textContent).toBe('30天');
    expect(screen.getByTestId('esop-rule-product-3-phase-1').textContent).toContain('每日 0.36%');
    expect(screen.getByTestId('esop-rule-esop').textContent).toContain('分 9 期等额释放');
  });
});
