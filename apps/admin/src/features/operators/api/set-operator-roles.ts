import type { TOperator, TOperatorRole } from '@kpc/shared/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { OPERATORS_QUERY_KEY } from './list-operators.ts';

/** POST /api/operator/operators/roles {id, roles} (operators.manage, fresh second factor). */
export function setOperatorRoles(payload: { id: string; roles: TOperatorRole[] }): Promise<TOperator> {
  return request<TOperator>('/operators/roles', payload);
}

export function useSetOperatorRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOperatorRoles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_QUERY_KEY }),
  });
}
