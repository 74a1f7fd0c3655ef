import type { TOperator } from '@kpc/shared/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { OPERATORS_QUERY_KEY } from './list-operators.ts';

/**
 * POST /api/operator/operators/disable or /enable {id, reason} (operators.manage, fresh second
 * factor). Disabling ends every session of the operator at once.
 */
export function setOperatorDisabled(payload: { id: string; reason: string; disabled: boolean }): Promise<TOperator> {
  const { disabled, ...body } = payload;
  return request<TOperator>(disabled ? '/operators/disable' : '/operators/enable', body);
}

export function useSetOperatorDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOperatorDisabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_QUERY_KEY }),
  });
}
