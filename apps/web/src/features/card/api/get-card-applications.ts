import { CardApplicationStatus, ErrorCode, type TCardApplication, type TCardApplicationsResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientErrorCode, request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { CARD_QUERY_ROOT } from './get-card-list.ts';

/** Every failure a background refresh keeps quiet: the applications stay on screen. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

/**
 * How many applications the card tab shows: a member applies for a card or two, and each stays on
 * the list with its state; the newest this many are plenty (the server's page limit is 50).
 */
export const CARD_APPLICATIONS_SHOWN = 20;

/** POST /api/card/applications {limit} — the member's newest applications with their states. */
export function getCardApplications(isRefresh = false): Promise<TCardApplicationsResponse> {
  return request<TCardApplicationsResponse>(
    '/card/applications',
    { limit: CARD_APPLICATIONS_SHOWN },
    isRefresh ? { quietCodes: ALL_CODES } : {},
  );
}

/** How often an application still with the issuer is asked again, so its approval and card show without a reload. */
export const CARD_APPLICATION_POLL_MS = 3_000;

/** The issuer acts next: KYC is pending, or approved and the card not issued yet. */
export function isApplicationOpen(application: TCardApplication): boolean {
  return (
    application.status === CardApplicationStatus.SUBMITTED || application.status === CardApplicationStatus.APPROVED
  );
}

/** Keyed by token; asked every few seconds while any application is open, and no longer once none is. */
export function cardApplicationsQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...CARD_QUERY_ROOT, 'applications', token] as const,
    queryFn: ({ client, queryKey }) => getCardApplications(client.getQueryData(queryKey) !== undefined),
    enabled: token !== '',
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.list.some(isApplicationOpen) === true ? CARD_APPLICATION_POLL_MS : false,
  });
}

export function useCardApplications() {
  const token = useUserStore((state) => state.token);
  return useQuery(cardApplicationsQueryOptions(token));
}
