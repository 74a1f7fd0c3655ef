import { ErrorCode } from '@kpc/shared';
import type { TOperatorLoginRequest, TOperatorSession } from '@kpc/shared/operator';
import { request } from '@/lib/request.ts';

/**
 * POST /api/operator/auth/login {email, password, code} — signs in with the password and a second
 * factor (a TOTP code or a recovery code) together; sets the session cookie. A failure never says
 * which part was wrong: the page shows the server's message itself.
 */
export function signIn(payload: TOperatorLoginRequest): Promise<TOperatorSession> {
  return request<TOperatorSession>('/auth/login', payload, {
    quietCodes: [ErrorCode.OPERATOR_SIGN_IN_FAILED, ErrorCode.RATE_LIMITED, ErrorCode.INVALID_REQUEST],
  });
}
