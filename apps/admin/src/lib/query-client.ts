import { QueryClient } from '@tanstack/react-query';

/**
 * The console's one query cache. The wire client shows every failure itself, so a retry would show
 * it again: no retries. Figures an operator acts on are asked again when the window regains focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: true, staleTime: 15_000 },
    mutations: { retry: false },
  },
});
