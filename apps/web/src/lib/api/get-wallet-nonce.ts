import type { TAuthResponse } from '@kpc/shared';
import { request } from '@/lib/request.ts';

/**
 * POST /api/acc/auth -> {auth}: a single-use nonce, valid 5 minutes, for the wallet to sign (SPEC §7).
 * The request client sends the `token` header when logged in: the nonce then belongs to this
 * session, the only one that may bind a wallet with it.
 */
export function getWalletNonce(): Promise<TAuthResponse> {
  return request<TAuthResponse>('/acc/auth');
}
