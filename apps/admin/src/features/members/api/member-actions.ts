import type { TMemberFreezeState, TMemberTwoStepReset } from '@kpc/shared/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { MEMBERS_QUERY_KEY } from './search-members.ts';

/**
 * POST /api/operator/members/freeze or /unfreeze {memberId, reason} (members.freeze, fresh second
 * factor): a frozen member signs in and reads, but no call that moves money succeeds.
 */
export function setMemberFrozen(payload: {
  memberId: string;
  reason: string;
  frozen: boolean;
}): Promise<TMemberFreezeState> {
  const { frozen, ...body } = payload;
  return request<TMemberFreezeState>(frozen ? '/members/freeze' : '/members/unfreeze', body);
}

/** POST /api/operator/members/revoke-sessions {memberId, reason} (members.sessions): the member is signed out everywhere. */
export function revokeMemberSessions(payload: {
  memberId: string;
  reason: string;
}): Promise<{ sessionsEnded: number }> {
  return request<{ sessionsEnded: number }>('/members/revoke-sessions', payload);
}

export function useSetMemberFrozen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberFrozen,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY }),
  });
}

export function useRevokeMemberSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeMemberSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY }),
  });
}

/**
 * POST /api/operator/members/reset-two-step {memberId, reason} (members.security, fresh second
 * factor): the member's authenticator and passkeys are removed; they are mailed.
 */
export function resetMemberTwoStep(payload: { memberId: string; reason: string }): Promise<TMemberTwoStepReset> {
  return request<TMemberTwoStepReset>('/members/reset-two-step', payload);
}

export function useResetMemberTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetMemberTwoStep,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY }),
  });
}
