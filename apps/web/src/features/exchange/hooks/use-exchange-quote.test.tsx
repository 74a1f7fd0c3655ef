// @vitest-environment happy-dom
import { ErrorCode } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { jsonResponse as answer } from '@/testing/json-response.ts';
import { useExchangeQuote } from './use-exchange-quote.ts';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const quote = {
  quote: 'signed-quote',
  from: 'USDT',
  to: 'KPC',
  amount: '100',
  rate: '10',
  feeRate: '0.003',
  fee: '0.3',
  received: '997',
  expiresAt: '2099-01-01T00:00:30.000Z',
};
const record = { id: '7', ...quote, createdAt: '2026-01-01T00:00:00.000Z' };

function renderQuote(client = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useExchangeQuote(30), { wrapper });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function bodyOf(call: number): unknown {
  return JSON.parse(fetchMock.mock.calls[call]?.[1]?.body as string);
}

beforeEach(async () => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  await changeLocale('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useExchangeQuote', () => {
  it('holds a quote for quoteSeconds, counting down, then asks for a new one', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: quote }));
    const { result } = renderQuote();
    await act(() => result.current.requestQuote({ from: 'USDT', to: 'KPC', amount: '100' }));

    expect(bodyOf(0)).toEqual({ from: 'USDT', to: 'KPC', amount: '100' });
    expect(result.current.state).toMatchObject({ status: 'live', quote });
    expect(result.current.secondsLeft).toBe(30);
    await advance(10_000);
    expect(result.current.secondsLeft).toBe(20);
    await advance(20_000);
    expect(result.current.state).toEqual({ status: 'expired', quote });
    expect(result.current.secondsLeft).toBe(0);
  });

  it('asks again for the same exchange when an expired quote is refreshed, and not after a clear', async () => {
    const fresh = { ...quote, quote: 'signed-fresh', rate: '9.9', received: '987.03' };
    fetchMock
      .mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: quote }))
      .mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: fresh }));
    const { result } = renderQuote();
    await act(() => result.current.requestQuote({ from: 'USDT', to: 'KPC', amount: '100' }));
    await advance(30_000);
    expect(result.current.state.status).toBe('expired');

    await act(() => result.current.refresh());
    expect(bodyOf(1)).toEqual({ from: 'USDT', to: 'KPC', amount: '100' });
    expect(result.current.state).toMatchObject({ status: 'live', quote: fresh });
    expect(result.current.secondsLeft).toBe(30);

    // A changed form forgets what was quoted: nothing to refresh.
    act(() => result.current.clear());
    await act(() => result.current.refresh());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.state).toEqual({ status: 'none' });
  });

  it('confirms the quote, refreshes balances and the exchange log, and starts over', async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    fetchMock
      .mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: quote }))
      .mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: record }));
    const { result } = renderQuote(client);
    await act(() => result.current.requestQuote({ from: 'USDT', to: 'KPC', amount: '100' }));

    let confirmed: unknown;
    await act(async () => {
      confirmed = await result.current.confirm();
    });
    expect(confirmed).toEqual(record);
    expect(bodyOf(1)).toEqual({ quote: 'signed-quote' });
    expect(result.current.state).toEqual({ status: 'none' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['ass'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['exchange', 'log'] });
  });

  it('turns QUOTE_EXPIRED into the "get a new quote" state without a toast', async () => {
    fetchMock
      .mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: quote }))
      .mockResolvedValueOnce(answer({ code: ErrorCode.QUOTE_EXPIRED, msg: 'The quote has expired.', data: null }));
    const { result } = renderQuote();
    await act(() => result.current.requestQuote({ from: 'USDT', to: 'KPC', amount: '100' }));
    await act(async () => {
      expect(await result.current.confirm()).toBeNull();
    });
    expect(result.current.state).toEqual({ status: 'expired', quote });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('keeps the quote after a failure that is not about it, so Confirm retries the same quote', async () => {
    fetchMock
      .mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: quote }))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: record }));
    const { result } = renderQuote();
    await act(() => result.current.requestQuote({ from: 'USDT', to: 'KPC', amount: '100' }));
    await act(async () => {
      expect(await result.current.confirm()).toBeNull();
    });
    expect(showToast).toHaveBeenCalledWith('The system has a problem, please try again later', 1500);
    expect(result.current.state.status).toBe('live');
    await act(async () => {
      expect(await result.current.confirm()).toEqual(record);
    });
    expect(bodyOf(2)).toEqual(bodyOf(1));
  });

  it('drops a quote that arrives after the form changed', async () => {
    let deliver: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (deliver = resolve)));
    const { result } = renderQuote();
    let pending: Promise<void> = Promise.resolve();
    act(() => {
      pending = result.current.requestQuote({ from: 'USDT', to: 'KPC', amount: '100' });
    });
    expect(result.current.isQuoting).toBe(true);
    act(() => result.current.clear());
    await act(async () => {
      deliver(answer({ code: 200, msg: 'success', data: quote }));
      await pending;
    });
    expect(result.current.state).toEqual({ status: 'none' });
    expect(result.current.isQuoting).toBe(false);
  });
});
