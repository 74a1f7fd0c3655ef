import { ErrorCode, type TCardListResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientErrorCode, request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** Every failure a background refresh keeps quiet: the cards stay on screen. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

/** POST /api/card/list — the member's issued cards, masked, bound or not, with the balance of bound ones. */
export function getCardList(isRefresh = false): Promise<TCardListResponse> {
  return request<TCardListResponse>('/card/list', {}, isRefresh ? { quietCodes: ALL_CODES } : {});
}

/**
 * Every query about the member's cards starts with this key (the activation codes' `['card',
 * 'codes']` too): invalidating it after an application, a bind or a top-up refreshes them all.
 */
export const CARD_QUERY_ROOT = ['card'] as const;

/** Keyed by token: a new session never sees the previous member's cards. */
export function cardListQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...CARD_QUERY_ROOT, 'list', token] as const,
    queryFn: ({ client, queryKey }) => getCardList(client.getQueryData(queryKey) !== undefined),
    enabled: token !== '',
    staleTime: 0,
  });
}

/** The member's cards, loaded (or refreshed) while the caller is shown. */
export function useCardList() {
  const token = useUserStore((state) => state.token);
  return useQuery(cardListQueryOptions(token));
}
