import type { TUserInfo } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_INFO_POLL_MS, USER_INFO_QUERY_ROOT } from '@/lib/member-standing.ts';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** POST /api/acc/info {address} (SPEC §7). The server identifies the member by the token. */
export function getUserInfo(address: string): Promise<TUserInfo> {
  return request<TUserInfo>('/acc/info', { address });
}

/**
 * Keyed by token: a new session never sees the previous member's cache. Keeps the store in step.
 * The level it carries moves with what others do (invitees, operators), so a page showing it asks
 * again when the app comes back to the foreground and now and then while it stays open; every
 * mutation of the member's own refreshes it too (lib/member-standing.ts).
 */
export function userInfoQueryOptions(token: string, address: string) {
  return queryOptions({
    queryKey: [...USER_INFO_QUERY_ROOT, token] as const,
    queryFn: async () => {
      const userInfo = await getUserInfo(address);
      useUserStore.getState().setUserInfo(userInfo);
      return userInfo;
    },
    enabled: token !== '',
    refetchOnWindowFocus: true,
    refetchInterval: USER_INFO_POLL_MS,
  });
}

/** Refreshes the member's info; pages read it from the user store (persisted, shown at once). */
export function useRefreshUserInfo(): void {
  const token = useUserStore((state) => state.token);
  const address = useUserStore((state) => state.address);
  useQuery(userInfoQueryOptions(token, address));
}
