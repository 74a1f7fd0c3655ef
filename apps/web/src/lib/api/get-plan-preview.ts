import type { TPlanPreviewResponse } from '@kpc/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';

/**
 * POST /api/plan/preview — the dates an order made now would carry (investment first release, ESOP
 * lock-up end and first release, each pledge term's maturity), on the server's plans' clock. The
 * join forms and review sheets show these, never dates computed from this device's clock, which
 * may be wrong, and knows nothing of the development clock (issue 24 item 8).
 */
export function getPlanPreview(): Promise<TPlanPreviewResponse> {
  return request<TPlanPreviewResponse>('/plan/preview');
}

/** Keyed by token (a member's call); asked again whenever it is used, since time moves on. */
export function planPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['plan', 'preview', token] as const,
    queryFn: getPlanPreview,
    enabled: token !== '',
    staleTime: 0,
  });
}

/** The preview for a form's live figures; a review sheet fetches it afresh as it opens (`fetchPlanPreview`). */
export function usePlanPreview() {
  const token = useUserStore((state) => state.token);
  return useQuery(planPreviewQueryOptions(token));
}

/**
 * Reads the preview afresh as a review sheet opens, so its dates are the server's at that moment.
 * `read` answers null when the call failed (the request client has told the member why);
 * `isReading` lets the form's button show it is waiting and take no second press.
 */
export function useFreshPlanPreview() {
  const queryClient = useQueryClient();
  const token = useUserStore((state) => state.token);
  const [isReading, setIsReading] = useState(false);
  async function read(): Promise<TPlanPreviewResponse | null> {
    setIsReading(true);
    try {
      return await queryClient.fetchQuery(planPreviewQueryOptions(token));
    } catch {
      return null;
    } finally {
      setIsReading(false);
    }
  }
  return { read, isReading };
}
