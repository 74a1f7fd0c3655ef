import type { TEndOtherSessionsResponse } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { SECURITY_ACTIVITY_QUERY_ROOT } from './get-member-sessions.ts';

/** POST /api/acc/sessions/endOthers {} — ends every session of the member but this one; how many ended. */
export function endOtherSessions(): Promise<TEndOtherSessionsResponse> {
  return request<TEndOtherSessionsResponse>('/acc/sessions/endOthers');
}

/** Ends them, then reads the sessions and the events again. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endOtherSessions(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SECURITY_ACTIVITY_QUERY_ROOT }),
  });
}
