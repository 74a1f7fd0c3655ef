import type { TWithdrawCodeResponse } from '@kpc/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST /api/withdraw/sendCode — mails a withdrawal code to the member's own email -> {cooldownSeconds}. */
export function sendWithdrawCode(): Promise<TWithdrawCodeResponse> {
  return request<TWithdrawCodeResponse>('/withdraw/sendCode');
}

export function useSendWithdrawCode() {
  return useMutation({ mutationFn: sendWithdrawCode });
}
