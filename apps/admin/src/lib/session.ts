import type { TOperatorSession, TPermission } from '@kpc/shared/operator';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { createContext, use } from 'react';
import { request } from './request.ts';
import { markSignedIn } from './session-state.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** POST /api/operator/auth/me — who is signed in, their permissions, and the session's times. */
export async function getSession(): Promise<TOperatorSession> {
  const session = await request<TOperatorSession>('/auth/me');
  markSignedIn();
  return session;
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession, staleTime: 60_000 });
}

/**
 * The session the signed-in layout shows, handed down by context: when it ends, the layout (not
 * each screen on its own) decides what is shown while sign-in opens.
 */
export const SessionContext = createContext<TOperatorSession | null>(null);

/** The signed-in operator's session (inside the signed-in layout). */
export function useSession(): TOperatorSession {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in layout');
  return session;
}

/** Whether the operator's roles grant `permission` (the server checks it again on every call). */
export function useCan(permission: TPermission): boolean {
  return useSession().operator.permissions.includes(permission);
}

/** Stores a session the server answered (sign-in, enrolment) so the layout needs no second call. */
export function useRememberSession(): (session: TOperatorSession) => void {
  const client = useQueryClient();
  return (session) => {
    markSignedIn();
    client.setQueryData(SESSION_QUERY_KEY, session);
  };
}
