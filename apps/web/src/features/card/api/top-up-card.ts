import { ErrorCode, type TCardTopUpRequest, type TCardTopUpResponse } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { ClientErrorCode, request } from '@/lib/request.ts';
import { CARD_QUERY_ROOT } from './get-card-list.ts';

/** A check on a pending top-up is quiet: the page shows it as processing until it has an answer. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

/**
 * POST /api/card/topup {id, amount, requestId} — loads `amount` USDT plus the fee from available
 * onto a bound card. The same `requestId` tops up once: a retry after a lost answer cannot pay
 * twice, and sending it again for a `pending` top-up asks the issuer again and answers its state
 * (`isCheck`: quietly, the page is polling).
 */
export function topUpCard(payload: TCardTopUpRequest, isCheck = false): Promise<TCardTopUpResponse> {
  return request<TCardTopUpResponse>('/card/topup', payload, isCheck ? { quietCodes: ALL_CODES } : {});
}

/** Tops up, then refreshes the balances and the cards (their balance and transactions); also after a refusal. */
export function useTopUpCard() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT }),
      queryClient.invalidateQueries({ queryKey: CARD_QUERY_ROOT }),
    ]);
  return useMutation({
    mutationFn: ({ payload, isCheck = false }: { payload: TCardTopUpRequest; isCheck?: boolean }) =>
      topUpCard(payload, isCheck),
    onSettled: refresh,
  });
}
