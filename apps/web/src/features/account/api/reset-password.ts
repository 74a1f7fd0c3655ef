import type { TResetPasswordRequest } from '@kpc/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/**
 * POST /api/acc/resetPassword {email, code, password, confirmPassword} -> null. Sent with the token
 * when logged in, so the server keeps this session and revokes the others.
 */
export function resetPassword(payload: TResetPasswordRequest): Promise<null> {
  return request<null>('/acc/resetPassword', payload);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
