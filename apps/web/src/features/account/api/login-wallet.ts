import { ErrorCode, LoginType, type TLoginResponse, type TWalletLoginRequest } from '@kpc/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { startSession } from '@/features/account/utils/start-session.ts';

/**
 * POST /api/acc/login {random, sign, address, inviteAddress?} -> {token, address} (SPEC §7). A new
 * address without an inviter answers WALLET_INVITE_REQUIRED, which the page handles (no toast).
 */
export function loginWithWallet(payload: TWalletLoginRequest): Promise<TLoginResponse> {
  return request<TLoginResponse>('/acc/login', payload, { quietCodes: [ErrorCode.WALLET_INVITE_REQUIRED] });
}

/** Logs in with a signed wallet message and starts the session as a wallet login (SPEC §3: -1). */
export function useLoginWithWallet() {
  return useMutation({
    mutationFn: async (payload: TWalletLoginRequest) => {
      const session = await loginWithWallet(payload);
      await startSession(session, LoginType.WALLET);
    },
  });
}
