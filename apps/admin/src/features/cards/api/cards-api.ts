import type {
  TOperatorCardApplication,
  TOperatorCardApplicationsRequest,
  TOperatorCardApplicationsResponse,
  TOperatorCardDetail,
  TOperatorCardImportRequest,
  TOperatorCardListRequest,
  TOperatorCardListResponse,
} from '@kpc/shared/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** Every query of this section starts with this key: an action refreshes them all. */
export const CARDS_QUERY_KEY = ['cards'] as const;
export const APPLICATIONS_QUERY_KEY = [...CARDS_QUERY_KEY, 'applications'] as const;
export const CARD_LIST_QUERY_KEY = [...CARDS_QUERY_KEY, 'list'] as const;
/** Apart from the lists' keys: refreshing a list never asks for KYC details again (each view is audited). */
const applicationKey = (id: string | null) => [...CARDS_QUERY_KEY, 'application', id] as const;

/** POST /api/operator/card/applications {status?, memberId?, cursor?, limit?} — no KYC details (applications.read). */
export function listCardApplications(params: TOperatorCardApplicationsRequest) {
  return request<TOperatorCardApplicationsResponse>('/card/applications', params);
}

/** POST /api/operator/card/list {status?, memberId?, cursor?, limit?} (applications.read). */
export function listCards(params: TOperatorCardListRequest) {
  return request<TOperatorCardListResponse>('/card/list', params);
}

/**
 * POST /api/operator/card/application {id} — one application with the holder's KYC details. Each
 * call is an audit entry (`card.kyc_viewed`), so it is asked once per opening, not refreshed behind
 * the operator's back.
 */
export function useCardApplication(id: string | null) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: () => request<TOperatorCardApplication>('/card/application', { id }),
    enabled: id !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** POST /api/operator/card/detail {id} — balance, top-ups, transactions, fees owed. */
export function useCardDetail(id: string) {
  return useQuery({
    queryKey: [...CARDS_QUERY_KEY, 'detail', id],
    queryFn: () => request<TOperatorCardDetail>('/card/detail', { id }),
    refetchInterval: 15_000,
  });
}

type ApplicationAction =
  | { action: 'approve'; id: string }
  | { action: 'reject'; id: string; note: string }
  | { action: 'issue'; id: string }
  | ({ action: 'import' } & TOperatorCardImportRequest);

/**
 * approve (applications.decide), reject with a note (the payment comes back once), issue through
 * the issuer adapter, import a card issued outside (cards.manage, fresh second factor). The answer
 * is the application without KYC details; the open drawer keeps the ones it showed.
 */
export function useApplicationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ApplicationAction) => {
      const { action, ...body } = payload;
      const sent = action === 'reject' ? { id: body.id, reason: 'review_rejected', note: payload.note } : body;
      return request<TOperatorCardApplication>(`/card/${action}`, sent);
    },
    onSuccess: (answer) =>
      queryClient.setQueryData<TOperatorCardApplication>(
        applicationKey(answer.id),
        (shown) =>
          shown && {
            ...answer,
            holderName: shown.holderName,
            nationality: shown.nationality,
            documentType: shown.documentType,
            documentLast4: shown.documentLast4,
          },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CARD_LIST_QUERY_KEY }),
      ]),
  });
}

/** POST /api/operator/card/freeze | unfreeze {id, reason} (cards.manage, fresh second factor). */
export function useSetCardFrozen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason, frozen }: { id: string; reason: string; frozen: boolean }) =>
      request<TOperatorCardDetail>(frozen ? '/card/freeze' : '/card/unfreeze', { id, reason }),
    onSuccess: (detail) => queryClient.setQueryData([...CARDS_QUERY_KEY, 'detail', detail.card.id], detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CARD_LIST_QUERY_KEY }),
  });
}
