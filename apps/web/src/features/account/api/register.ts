import type { TRegisterRequest } from '@kpc/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST /api/acc/register {email, password, confirmPassword, code, inviteCode, agreed} -> null. */
export function registerAccount(payload: TRegisterRequest): Promise<null> {
  return request<null>('/acc/register', payload);
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
