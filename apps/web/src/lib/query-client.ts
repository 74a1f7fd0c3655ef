import { MutationCache, QueryClient } from '@tanstack/react-query';
import { invalidateMemberStanding } from './member-standing.ts';

/**
 * The app's one query cache. The request client toasts every failure, so retrying would toast
 * again and again: no retries. Every mutation that succeeded refreshes the member's level
 * (lib/member-standing.ts).
 */
export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
  mutationCache: new MutationCache({
    onSuccess: () => {
      void invalidateMemberStanding(queryClient);
    },
  }),
});
