import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. The request client toasts every failure, so retrying would toast
 * again and again: no retries.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
