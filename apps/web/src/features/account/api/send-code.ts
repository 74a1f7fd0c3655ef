import type { TSendCodeRequest, TSendCodeResponse } from '@kpc/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST /api/acc/sendCode {email, purpose} -> {cooldownSeconds} (SPEC §4 verification-code button). */
export function sendCode(payload: TSendCodeRequest): Promise<TSendCodeResponse> {
  return request<TSendCodeResponse>('/acc/sendCode', payload);
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
