import type { TNodeApplication, TNodeApplyRequest } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { NODE_QUERY_ROOT } from './get-node-status.ts';

/** POST /api/node/apply {name, contact, region, note?} — one open application per member. */
export function applyForNode(payload: TNodeApplyRequest): Promise<TNodeApplication> {
  return request<TNodeApplication>('/node/apply', payload);
}

export function useApplyForNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyForNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NODE_QUERY_ROOT }),
  });
}
