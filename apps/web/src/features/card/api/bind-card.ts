import type { TCardBindRequest, TCardListItem } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { CARD_QUERY_ROOT } from './get-card-list.ts';

/**
 * POST /api/card/bind {cardNumber, cardId} (SPEC §5 "Enter card number and ID to bind a card") —
 * binds one of the member's own issued cards; answers the card as the list shows it.
 */
export function bindCard(payload: TCardBindRequest): Promise<TCardListItem> {
  return request<TCardListItem>('/card/bind', payload);
}

/** Binds, then refreshes the cards. */
export function useBindCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARD_QUERY_ROOT }),
  });
}
