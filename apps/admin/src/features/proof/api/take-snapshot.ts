import type { TOperatorLiabilitySnapshot } from '@kpc/shared/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { PROOF_QUERY_KEY } from './list-snapshots.ts';

/**
 * POST /api/operator/proof/snapshot — starts a snapshot now and answers it `building` (proof.snapshot;
 * audited); it is published, then each chain's reserves read, in the background.
 */
export function takeSnapshot(): Promise<TOperatorLiabilitySnapshot> {
  return request<TOperatorLiabilitySnapshot>('/proof/snapshot', {});
}

export function useTakeSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeSnapshot,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROOF_QUERY_KEY }),
  });
}
