import type { TUserInfo } from '@kpc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/** POST /api/acc/info {address} (SPEC §7). The server identifies the member by the token. */
export function getUserInfo(address: string): Promise<TUserInfo> {
  return request<TUserInfo>('/acc/info', { address });
}

/** Keyed by token: a new session never sees the previous member's cache. Keeps the store in step. */
export function userInfoQueryOptions(token: string, address: string) {
  return queryOptions({
    queryKey: ['acc', 'info', token] as const,
    queryFn: async () => {
      const userInfo = await getUserInfo(address);
      useUserStore.getState().setUserInfo(userInfo);
      return userInfo;
    },
    enabled: token !== '',
  });
}

/** Refreshes the member's info; pages read it from the user store (persisted, shown at once). */
export function useRefreshUserInfo(): void {
  const token = useUserStore((state) => state.token);
  const address = useUserStore((state) => state.address);
  useQuery(userInfoQueryOptions(token, address));
}
