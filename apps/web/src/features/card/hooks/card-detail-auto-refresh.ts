import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { CARD_QUERY_ROOT } from '@/features/card/api/get-card-list.ts';

/** How often an open card page reads its card again while shown. */
export const CARD_DETAIL_REFRESH_MS = 10_000;

/**
 * A card changes on the server without a tap here: a purchase, the monthly fee freezing it, a
 * deposit paying the fee and unfreezing it. While the detail page is open, coming back to the app
 * (the window regains focus or the tab shows again) and every CARD_DETAIL_REFRESH_MS while it is
 * shown read the cards, their transactions and the balances again. A pending top-up is followed on its own (card-top-up-flow).
 */
export function useCardDetailAutoRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    function refresh() {
      if (document.visibilityState === 'hidden') return;
      // A refresh already under way answers for this one too.
      for (const part of ['list', 'transactions']) {
        void queryClient.invalidateQueries({ queryKey: [...CARD_QUERY_ROOT, part] }, { cancelRefetch: false });
      }
      void queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }, { cancelRefetch: false });
    }
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    // And while the member looks at it, every few seconds: a purchase shows without a tap.
    const timer = window.setInterval(refresh, CARD_DETAIL_REFRESH_MS);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
      window.clearInterval(timer);
    };
  }, [queryClient]);
}
