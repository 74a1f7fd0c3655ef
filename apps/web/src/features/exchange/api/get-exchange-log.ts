import type { TExchangeLogRequest, TExchangeLogResponse, TExchangeRecord } from '@kpc/shared';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { request } from '@/lib/request.ts';

/** POST /api/exchange/log {cursor?, limit?} — the member's exchanges, newest first. */
export function getExchangeLog(params: TExchangeLogRequest): Promise<TExchangeLogResponse> {
  return request<TExchangeLogResponse>('/exchange/log', params);
}

/** Every query of the exchange log starts with this key. */
export const EXCHANGE_LOG_QUERY_ROOT = ['exchange', 'log'] as const;

export function exchangeLogSource(token: string): CursorListSource<TExchangeRecord> {
  return {
    queryKey: [...EXCHANGE_LOG_QUERY_ROOT, token] as const,
    fetchPage: (cursor) => getExchangeLog({ ...(cursor ? { cursor } : {}), limit: CURSOR_PAGE_SIZE }),
  };
}
