import type {
  TPasskey,
  TPasskeyCreationOptions,
  TPasskeyList,
  TPasskeyRegisterOptionsRequest,
  TPasskeyRemoveRequest,
  TPasskeyRenameRequest,
} from '@kpc/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TWO_STEP_QUERY_ROOT } from '@/lib/api/get-two-step-status.ts';
import { createPasskey } from '@/lib/passkey.ts';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** POST /api/2fa/passkey/list — the member's passkeys (kept under the two-step root, so changes refresh it). */
export function usePasskeys() {
  const token = useUserStore((state) => state.token);
  return useQuery({
    queryKey: [...TWO_STEP_QUERY_ROOT, 'passkeys', token] as const,
    queryFn: () => request<TPasskeyList>('/2fa/passkey/list', {}),
    enabled: token !== '',
    staleTime: 0,
  });
}

function useTwoStepChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TWO_STEP_QUERY_ROOT }),
  });
}

/**
 * Adding a passkey: registerOptions (the codes of a security change) → the browser's prompt →
 * register. A closed prompt leaves nothing added (the granted challenge simply runs out).
 */
export function useAddPasskey() {
  return useTwoStepChange(async (body: TPasskeyRegisterOptionsRequest) => {
    const options = await request<TPasskeyCreationOptions>('/2fa/passkey/registerOptions', body);
    const response = await createPasskey(options);
    return request<TPasskey>('/2fa/passkey/register', { response });
  });
}

export function useRenamePasskey() {
  return useTwoStepChange((body: TPasskeyRenameRequest) => request<TPasskey>('/2fa/passkey/rename', body));
}

/** A security change: the emailed code and the second step. */
export function useRemovePasskey() {
  return useTwoStepChange((body: TPasskeyRemoveRequest) => request<TPasskeyList>('/2fa/passkey/remove', body));
}
