import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { endSession } from '@/lib/session.ts';

/** POST /api/acc/logout {} — revokes this session on the server. */
export function logout(): Promise<null> {
  return request<null>('/acc/logout');
}

/** Logs out, then clears the session locally whatever the server answered (the user asked to leave). */
export function useLogout() {
  return useMutation({
    mutationFn: () => logout(),
    onSettled: () => endSession(),
  });
}
