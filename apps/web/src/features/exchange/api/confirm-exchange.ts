import { ErrorCode, type TConfirmExchangeRequest, type TExchangeRecord } from '@kpc/shared';
import { request } from '@/lib/request.ts';

/**
 * POST /api/exchange/confirm {quote} — exchanges at the quoted terms. Safe to retry with the same
 * quote (it exchanges once). QUOTE_EXPIRED is not toasted: the page offers a new quote instead.
 */
export function confirmExchange(payload: TConfirmExchangeRequest): Promise<TExchangeRecord> {
  return request<TExchangeRecord>('/exchange/confirm', payload, { quietCodes: [ErrorCode.QUOTE_EXPIRED] });
}
