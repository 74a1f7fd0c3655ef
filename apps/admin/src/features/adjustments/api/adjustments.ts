import type {
  TAdjustment,
  TAdjustmentListRequest,
  TAdjustmentListResponse,
  TApproveAdjustmentRequest,
  TProposeAdjustmentRequest,
  TRejectAdjustmentRequest,
} from '@kpc/shared/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export const ADJUSTMENTS_QUERY_KEY = ['adjustments'] as const;

/** POST /api/operator/adjustments/list {status?, cursor?, limit?} — newest first. */
export function listAdjustments(params: TAdjustmentListRequest): Promise<TAdjustmentListResponse> {
  return request<TAdjustmentListResponse>('/adjustments/list', params);
}

/** POST /api/operator/adjustments/get {id} — one adjustment with its postings and approvals. */
export function useAdjustment(id: string | null) {
  return useQuery({
    queryKey: [...ADJUSTMENTS_QUERY_KEY, 'detail', id],
    queryFn: () => request<TAdjustment>('/adjustments/get', { id }),
    enabled: id !== null,
  });
}

function useAdjustmentMutation<P extends object>(path: `/${string}/${string}`) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: P) => request<TAdjustment>(path, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_QUERY_KEY }),
  });
}

/** POST /api/operator/adjustments/propose (adjustments.propose, fresh second factor). */
export const useProposeAdjustment = () => useAdjustmentMutation<TProposeAdjustmentRequest>('/adjustments/propose');
/** POST /api/operator/adjustments/approve {id, code}: the code is this approval's own second factor. */
export const useApproveAdjustment = () => useAdjustmentMutation<TApproveAdjustmentRequest>('/adjustments/approve');
/** POST /api/operator/adjustments/reject {id, reason} (fresh second factor). */
export const useRejectAdjustment = () => useAdjustmentMutation<TRejectAdjustmentRequest>('/adjustments/reject');
