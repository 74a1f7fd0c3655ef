import { ErrorCode, type TExchangeRecord, type TQuote, type TQuoteRequest } from '@kpc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { RequestError } from '@/lib/request.ts';
import { confirmExchange } from '@/features/exchange/api/confirm-exchange.ts';
import { createQuote } from '@/features/exchange/api/create-quote.ts';
import { EXCHANGE_LOG_QUERY_ROOT } from '@/features/exchange/api/get-exchange-log.ts';
import { getQuoteDeadline, getSecondsLeft } from '@/features/exchange/utils/quote.ts';

/** How often the countdown is redrawn; under a second so it never skips a number. */
const TICK_MS = 250;

export type QuoteState =
  /** No quote: the member fills the form and asks for one. */
  | { status: 'none' }
  /** A quote whose rate holds until `deadlineMs` (device clock). */
  | { status: 'live'; quote: TQuote; deadlineMs: number }
  /** The quote ran out (countdown or the server's QUOTE_EXPIRED): a new one is needed. */
  | { status: 'expired'; quote: TQuote };

/**
 * The quote of the quick exchange page: ask for a quote, count down to its expiry, confirm it (safe
 * to retry with the same quote), and fall back to "get a new quote" when it runs out (`refresh`
 * asks again for the same exchange). Changing the form must call `clear`, which also drops an
 * answer still on its way.
 */
export function useExchangeQuote(quoteSeconds: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<QuoteState>({ status: 'none' });
  const [now, setNow] = useState(0);
  const [isQuoting, setIsQuoting] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  // Bumped by every ask and every clear: an answer for an older form is dropped.
  const generation = useRef(0);
  // What the last quote was asked for, so an expired one can be asked for again; none after a clear.
  const lastParams = useRef<TQuoteRequest | null>(null);

  const isLive = state.status === 'live';
  useEffect(() => {
    if (!isLive) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [isLive]);

  const secondsLeft = state.status === 'live' ? getSecondsLeft(state.deadlineMs, now) : 0;
  const view: QuoteState =
    state.status === 'live' && secondsLeft === 0 ? { status: 'expired', quote: state.quote } : state;

  async function requestQuote(params: TQuoteRequest): Promise<void> {
    const current = ++generation.current;
    lastParams.current = params;
    const requestedAt = Date.now();
    setIsQuoting(true);
    try {
      const quote = await createQuote(params);
      if (current !== generation.current) return;
      setNow(Date.now());
      setState({ status: 'live', quote, deadlineMs: getQuoteDeadline(requestedAt, quoteSeconds, quote.expiresAt) });
    } catch {
      // Toasted by the request client; the form stays as it was.
    } finally {
      if (current === generation.current) setIsQuoting(false);
    }
  }

  /** Confirms the live quote; resolves with the exchange, or null when it did not happen. */
  async function confirm(): Promise<TExchangeRecord | null> {
    if (view.status !== 'live') return null;
    const { quote } = view;
    setIsConfirming(true);
    try {
      const record = await confirmExchange({ quote: quote.quote });
      setState({ status: 'none' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: EXCHANGE_LOG_QUERY_ROOT }),
      ]);
      return record;
    } catch (error) {
      // QUOTE_EXPIRED is quiet: offer a new quote. A quote the server refuses (toasted) is dropped.
      // Anything else (toasted) keeps the quote, so confirming again retries the same exchange.
      if (error instanceof RequestError && error.code === ErrorCode.QUOTE_EXPIRED)
        setState({ status: 'expired', quote });
      if (error instanceof RequestError && error.code === ErrorCode.QUOTE_INVALID) setState({ status: 'none' });
      return null;
    } finally {
      setIsConfirming(false);
    }
  }

  /** Asks again for the exchange last quoted (its quote expired while the member was reviewing it). */
  async function refresh(): Promise<void> {
    if (lastParams.current) await requestQuote(lastParams.current);
  }

  function clear(): void {
    generation.current += 1;
    lastParams.current = null;
    setIsQuoting(false);
    setState({ status: 'none' });
  }

  return { state: view, secondsLeft, isQuoting, isConfirming, requestQuote, refresh, confirm, clear };
}
