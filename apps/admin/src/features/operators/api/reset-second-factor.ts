import type { TEnrolmentLink } from '@kpc/shared/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { OPERATORS_QUERY_KEY } from './list-operators.ts';

/**
 * POST /api/operator/operators/reset-second-factor {id, reason} (operators.manage, fresh second
 * factor) — the old authenticator and recovery codes stop at once; answers a new enrolment link.
 */
export function resetSecondFactor(payload: { id: string; reason: string }): Promise<TEnrolmentLink> {
  return request<TEnrolmentLink>('/operators/reset-second-factor', payload);
}

export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_QUERY_KEY }),
  });
}
