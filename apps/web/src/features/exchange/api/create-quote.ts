import type { TQuote, TQuoteRequest } from '@kpc/shared';
import { request } from '@/lib/request.ts';

/** POST /api/exchange/quote {from, to, amount} — locks a rate until `expiresAt`. */
export function createQuote(params: TQuoteRequest): Promise<TQuote> {
  return request<TQuote>('/exchange/quote', params);
}
