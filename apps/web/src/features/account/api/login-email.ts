import type { TLoginEmailRequest, TLoginResponse } from '@kpc/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { startSession } from '@/features/account/utils/start-session.ts';

/** POST /api/acc/loginEmail {type:1,email,password} | {type:2,email,code} -> {token, address} (SPEC §7). */
export function loginWithEmail(payload: TLoginEmailRequest): Promise<TLoginResponse> {
  return request<TLoginResponse>('/acc/loginEmail', payload);
}

/** Logs in and starts the session; `loginType` keeps the email login type (SPEC §3). */
export function useLoginWithEmail() {
  return useMutation({
    mutationFn: async (payload: TLoginEmailRequest) => {
      const session = await loginWithEmail(payload);
      await startSession(session, payload.type);
    },
  });
}
