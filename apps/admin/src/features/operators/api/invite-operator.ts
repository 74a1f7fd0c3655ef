import type { TEnrolmentLink, TInviteOperatorRequest } from '@kpc/shared/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { OPERATORS_QUERY_KEY } from './list-operators.ts';

/**
 * POST /api/operator/operators/invite {email, name, roles} (operators.manage, fresh second factor)
 * — answers the one-time enrolment link, to hand over to the new operator.
 */
export function inviteOperator(payload: TInviteOperatorRequest): Promise<TEnrolmentLink> {
  return request<TEnrolmentLink>('/operators/invite', payload);
}

export function useInviteOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteOperator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_QUERY_KEY }),
  });
}
