import { ErrorCode, type TCardTransaction, type TCardTransactionsResponse } from '@kpc/shared';
import { ClientErrorCode, request } from '@/lib/request.ts';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { CARD_QUERY_ROOT } from './get-card-list.ts';

/** The list shows its own failure (with Retry) in place, so nothing is toasted. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

/** POST /api/card/transactions {id, cursor?, limit?} — a bound card's transactions from the issuer, newest first. */
export function getCardTransactions(id: string, cursor: string | undefined): Promise<TCardTransactionsResponse> {
  return request<TCardTransactionsResponse>(
    '/card/transactions',
    { id, limit: CURSOR_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) },
    { quietCodes: ALL_CODES },
  );
}

/** Keyed by token and card: a new session never sees the previous member's transactions. */
export function cardTransactionsQueryKey(token: string, id: string) {
  return [...CARD_QUERY_ROOT, 'transactions', token, id] as const;
}

/** The card's transactions as a cursor list (lib/use-cursor-list). */
export function cardTransactionsSource(token: string, id: string): CursorListSource<TCardTransaction> {
  return {
    queryKey: cardTransactionsQueryKey(token, id),
    fetchPage: (cursor) => getCardTransactions(id, cursor),
  };
}
