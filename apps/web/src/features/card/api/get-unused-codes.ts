import { ActivationCodeStatus, type TActivationCodesResponse } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** The most codes offered to pick from on the application form (the server's page limit). */
const CODES_OFFERED = 50;

/**
 * POST /api/card/codes {status: unused} — the member's unused activation codes, to pay an application
 * with one (the codes page, features/activation-code, lists and gives them).
 */
export function getUnusedCodes(): Promise<TActivationCodesResponse> {
  return request<TActivationCodesResponse>('/card/codes', {
    status: ActivationCodeStatus.UNUSED,
    limit: CODES_OFFERED,
  });
}

/**
 * Under the codes page's key root `['card', 'codes']`, so what refreshes its lists (a gift, a code
 * spent on an application) refreshes this one too; its own last part keeps the two shapes apart.
 */
export function unusedCodesQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['card', 'codes', token, 'to-pick'] as const,
    queryFn: getUnusedCodes,
    enabled: token !== '',
    staleTime: 0,
  });
}

export function useUnusedCodes() {
  const token = useUserStore((state) => state.token);
  return useQuery(unusedCodesQueryOptions(token));
}
