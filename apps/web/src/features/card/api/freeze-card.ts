import type { TCardListItem, TCardListResponse } from '@kpc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { cardListQueryOptions } from './get-card-list.ts';

/** POST /api/card/freeze {id} or /api/card/unfreeze {id} — the card as it is now; repeating is harmless. */
export function setCardFrozen(id: string, frozen: boolean): Promise<TCardListItem> {
  return request<TCardListItem>(frozen ? '/card/freeze' : '/card/unfreeze', { id });
}

/** Freezes or unfreezes, and puts the answer in the card list at once: the page shows the new state without a reload. */
export function useSetCardFrozen() {
  const queryClient = useQueryClient();
  const token = useUserStore((state) => state.token);
  return useMutation({
    mutationFn: ({ id, frozen }: { id: string; frozen: boolean }) => setCardFrozen(id, frozen),
    onSuccess: (card) => {
      queryClient.setQueryData<TCardListResponse>(cardListQueryOptions(token).queryKey, (list) =>
        list ? { list: list.list.map((item) => (item.id === card.id ? card : item)) } : list,
      );
    },
  });
}
