import type { TTwoStepStatus } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/**
 * POST /api/2fa/status — whether the member's authenticator app is on (Step 11 §2). Mine shows it,
 * its page turns it on and off, and the withdraw form and the change of password ask for its code
 * while it is on; so the call they share lives here.
 */
export function getTwoStepStatus(): Promise<TTwoStepStatus> {
  return request<TTwoStepStatus>('/2fa/status', {});
}

export const TWO_STEP_QUERY_ROOT = ['two-step'] as const;

export function twoStepStatusQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...TWO_STEP_QUERY_ROOT, 'status', token] as const,
    queryFn: getTwoStepStatus,
    enabled: token !== '',
    staleTime: 0,
  });
}

export function useTwoStepStatus() {
  const token = useUserStore((state) => state.token);
  return useQuery(twoStepStatusQueryOptions(token));
}
