import type {
  TOperatorNodeApplication,
  TOperatorNodeAuthorizeRequest,
  TOperatorNodeListRequest,
  TOperatorNodeRefuseRequest,
  TOperatorNodeReviewRequest,
  TOperatorStockholderApplication,
  TOperatorStockholderListRequest,
  TOperatorStockholderReviewRequest,
} from '@kpc/shared/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import type { CursorPage } from '@/lib/use-cursor-pages.ts';

export const NODE_APPLICATIONS_QUERY_KEY = ['applications', 'node'] as const;
export const STOCKHOLDER_APPLICATIONS_QUERY_KEY = ['applications', 'stockholder'] as const;

/** POST /api/operator/node/list — global node applications, newest first, by state (applications.read). */
export function listNodeApplications(params: TOperatorNodeListRequest): Promise<CursorPage<TOperatorNodeApplication>> {
  return request('/node/list', params);
}

/** POST /api/operator/stockholder/list — shareholder applications, newest first, by state. */
export function listStockholderApplications(
  params: TOperatorStockholderListRequest,
): Promise<CursorPage<TOperatorStockholderApplication>> {
  return request('/stockholder/list', params);
}

/** A decision on an application (applications.decide); each is made once, whoever else decides at the same moment. */
export type ApplicationDecision =
  | { kind: 'node-review'; payload: TOperatorNodeReviewRequest }
  | { kind: 'node-authorize'; payload: TOperatorNodeAuthorizeRequest }
  | { kind: 'node-refuse'; payload: TOperatorNodeRefuseRequest }
  | { kind: 'stockholder-review'; payload: TOperatorStockholderReviewRequest };

const PATHS = {
  'node-review': '/node/review',
  'node-authorize': '/node/authorize',
  'node-refuse': '/node/refuse',
  'stockholder-review': '/stockholder/review',
} as const;

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ApplicationDecision) => request<unknown>(PATHS[decision.kind], decision.payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
