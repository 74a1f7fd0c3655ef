import { ErrorCode, type TLiabilityLatestResponse, type TLiabilityProofResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientErrorCode, request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** A refresh keeps quiet on failure: the figures already shown stay. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

export const PROOF_QUERY_ROOT = ['proof'] as const;

/**
 * POST /api/pol/latest (public) — the latest published snapshot: its root and what the programme
 * owes its members. The member's path is checked against this, the root published to everyone,
 * not against the copy their own proof carries.
 */
export function latestLiabilitiesQueryOptions() {
  return queryOptions({
    queryKey: [...PROOF_QUERY_ROOT, 'latest'] as const,
    queryFn: ({ client, queryKey }) =>
      request<TLiabilityLatestResponse>(
        '/pol/latest',
        {},
        client.getQueryData(queryKey) === undefined ? {} : { quietCodes: ALL_CODES },
      ),
    staleTime: 60_000,
  });
}

export function useLatestLiabilities() {
  return useQuery(latestLiabilitiesQueryOptions());
}

/** POST /api/pol/proof — the member's leaf (balances, secret nonce) and path in the latest snapshot. */
export function liabilityProofQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...PROOF_QUERY_ROOT, 'proof', token] as const,
    queryFn: () => request<TLiabilityProofResponse>('/pol/proof', {}),
    enabled: token !== '',
    staleTime: 60_000,
  });
}

export function useLiabilityProof() {
  const token = useUserStore((state) => state.token);
  return useQuery(liabilityProofQueryOptions(token));
}
