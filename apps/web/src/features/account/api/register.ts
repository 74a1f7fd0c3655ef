import { EmailLoginType, type TRegisterRequest, type TRegisterResponse } from '@kpc/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { startSession } from '@/features/account/utils/start-session.ts';

/**
 * POST /api/acc/register {email, password, confirmPassword, code, inviteCode, agreed} -> {token,
 * address}: a registration logs the new member in, as an email login by password does.
 */
export function registerAccount(payload: TRegisterRequest): Promise<TRegisterResponse> {
  return request<TRegisterResponse>('/acc/register', payload);
}

/** Registers and starts the session (SPEC §4 logged out to logged in), as a password login. */
export function useRegisterAccount() {
  return useMutation({
    mutationFn: async (payload: TRegisterRequest) => {
      const session = await registerAccount(payload);
      await startSession(session, EmailLoginType.PASSWORD);
    },
  });
}
