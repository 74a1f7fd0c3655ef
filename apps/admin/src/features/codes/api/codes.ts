import type {
  TOperatorActivationCode,
  TOperatorCodeLookupRequest,
  TOperatorCodeLookupResponse,
  TOperatorCodeVoidRequest,
} from '@kpc/shared/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export const CODES_QUERY_KEY = ['codes'] as const;

/** POST /api/operator/codes/lookup — codes by a whole code, its visible part or the owner (cards.manage). */
export function lookupCodes(params: TOperatorCodeLookupRequest): Promise<TOperatorCodeLookupResponse> {
  return request<TOperatorCodeLookupResponse>('/codes/lookup', params);
}

/** POST /api/operator/codes/void {id, reason} — an unused code can then never be used or given (audited). */
export function voidCode(payload: TOperatorCodeVoidRequest): Promise<TOperatorActivationCode> {
  return request<TOperatorActivationCode>('/codes/void', payload);
}

export function useVoidCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CODES_QUERY_KEY }),
  });
}
