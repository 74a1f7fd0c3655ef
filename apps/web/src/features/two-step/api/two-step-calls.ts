import type { TTotpBeginResponse, TTotpDisableRequest, TTwoStepStatus, TWithdrawCodeResponse } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TWO_STEP_QUERY_ROOT } from '@/lib/api/get-two-step-status.ts';
import { request } from '@/lib/request.ts';

/** POST /api/2fa/totp/begin — a new secret for the authenticator app; on only once a code from it is given. */
export function useBeginTotp() {
  return useMutation({ mutationFn: () => request<TTotpBeginResponse>('/2fa/totp/begin', {}) });
}

/** Answers the new status into the shared query, so Mine and the withdraw form see it at once. */
function useStatusChange<Input>(call: (input: Input) => Promise<TTwoStepStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_STEP_QUERY_ROOT }),
  });
}

/** POST /api/2fa/totp/enable {code} — the first code from the new secret turns it on. */
export function useEnableTotp() {
  return useStatusChange((code: string) => request<TTwoStepStatus>('/2fa/totp/enable', { code }));
}

/** POST /api/2fa/totp/disable {code, emailCode} — a security change: both codes. */
export function useDisableTotp() {
  return useStatusChange((body: TTotpDisableRequest) => request<TTwoStepStatus>('/2fa/totp/disable', body));
}

/** POST /api/2fa/sendCode — the emailed code for a security change (the member's own email). */
export function sendSecurityCode(): Promise<TWithdrawCodeResponse> {
  return request<TWithdrawCodeResponse>('/2fa/sendCode', {});
}
