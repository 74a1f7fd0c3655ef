import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { SECURITY_ACTIVITY_QUERY_ROOT } from './get-member-sessions.ts';

/** POST /api/acc/sessions/end {sessionId} — ends one other session of the member (its token fails at once). */
export function endOtherSession(sessionId: string): Promise<null> {
  return request<null>('/acc/sessions/end', { sessionId });
}

/** Ends the session, then reads the sessions and the events again (the ending is one of them). */
export function useEndOtherSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => endOtherSession(sessionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SECURITY_ACTIVITY_QUERY_ROOT }),
  });
}
