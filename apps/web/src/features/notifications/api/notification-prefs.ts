import type { TNotificationPrefs, TNotificationPrefSetRequest } from '@kpc/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

const queryKeyOf = (token: string) => ['notification-prefs', token] as const;

/** POST /api/notify/prefs — every notification kind with whether the member receives it. Keyed by token. */
export function useNotificationPrefs() {
  const token = useUserStore((state) => state.token);
  return useQuery({
    queryKey: queryKeyOf(token),
    queryFn: () => request<TNotificationPrefs>('/notify/prefs', {}),
    enabled: token !== '',
  });
}

/** POST /api/notify/prefs/set {kind, enabled} — saved at once; the answer is the new list. */
export function useSetNotificationPref() {
  const token = useUserStore((state) => state.token);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationPrefSetRequest) => request<TNotificationPrefs>('/notify/prefs/set', body),
    onSuccess: (prefs) => queryClient.setQueryData(queryKeyOf(token), prefs),
  });
}
