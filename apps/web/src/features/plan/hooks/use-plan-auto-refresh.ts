import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PLAN_MEMBER_QUERY_ROOT } from '@/features/plan/api/get-plan-orders.ts';

/** How often an open plan page asks for its orders and releases again. */
export const PLAN_REFRESH_MS = 30_000;

/**
 * Releases arrive on the server's schedule, not on a tap: while a plan page is open its orders and
 * release log are asked for again every 30 s, and at once when the member comes back to the app
 * (the window regains focus or the tab shows again), so a release shows without a reload.
 */
export function usePlanAutoRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    function refresh() {
      if (document.visibilityState === 'hidden') return;
      // A refresh already under way answers for this one too.
      void queryClient.invalidateQueries({ queryKey: PLAN_MEMBER_QUERY_ROOT }, { cancelRefetch: false });
    }
    const timer = window.setInterval(refresh, PLAN_REFRESH_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [queryClient]);
}
