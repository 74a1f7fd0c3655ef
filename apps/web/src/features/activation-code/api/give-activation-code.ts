import type { TActivationCodeGiveRequest, TActivationCodeGiveResponse } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { ACTIVATION_CODES_QUERY_ROOT } from './get-activation-codes.ts';

/**
 * POST /api/card/codes/give {codeId, to, requestId} — gives an unused code to the member with that
 * invitation code or email. The same `requestId` gives once.
 */
export function giveActivationCode(payload: TActivationCodeGiveRequest): Promise<TActivationCodeGiveResponse> {
  return request<TActivationCodeGiveResponse>('/card/codes/give', payload);
}

/** Gives, then refreshes the member's codes (the given one leaves the list). */
export function useGiveActivationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveActivationCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACTIVATION_CODES_QUERY_ROOT }),
  });
}
