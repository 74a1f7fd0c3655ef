import { pickRequestId, type PendingRequest } from '@kpc/client';
import { ErrorCode, type TCardListResponse, type TCardTopUpRequest, type TCardTopUpResponse } from '@kpc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAnswerLost, RequestError } from '@/lib/request.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { cardListQueryOptions, CARD_QUERY_ROOT } from '@/features/card/api/get-card-list.ts';
import { topUpCard, useTopUpCard } from '@/features/card/api/top-up-card.ts';
import type { CardTopUpReview } from '@/features/card/components/card-top-up-review-sheet.tsx';
import { getCardTopUpFingerprint } from '@/features/card/utils/card-top-up.ts';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';

/** How often a pending top-up is asked about again (the issuer answers within seconds when it is up). */
export const CARD_TOP_UP_POLL_MS = 3_000;

/** The last top-up's outcome as the page shows it; `failed` returned its total to available. */
export type CardTopUpOutcome =
  | { status: 'pending' | 'completed'; amount: string; total: string; balance: string | null }
  | { status: 'failed'; amount: string; total: string };

/**
 * The top-up of one card, from the form to its end: the review, one request id per reviewed top-up
 * (kept across retries of the same review, so a lost answer cannot load the card twice), the
 * server's answer, and a pending top-up followed until the issuer settles it. The server only
 * settles a pending top-up when it is sent again under its request id, so the follow-up is that
 * same request, quiet, every 3 s; once it settles, the card (balance, transactions) and the
 * balances are read again.
 */
/** How long the "loaded" confirmation stays on the page; pending and failed stay until they change. */
const COMPLETED_OUTCOME_MS = 6_000;

export function useCardTopUpFlow(cardRecordId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useUserStore((state) => state.token);
  const mutation = useTopUpCard();
  const pendingRequest = useRef<PendingRequest | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [review, setReview] = useState<CardTopUpReview | null>(null);
  const [isReviewOpen, setIsReviewOpen] = useState(false);
  /** The server's refusal of the last confirm (a limit with what remains, frozen...), shown in the form. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<CardTopUpOutcome | null>(null);
  // A loaded top-up is a passing confirmation: its "new balance" would go stale beside the live one.
  useEffect(() => {
    if (outcome?.status !== 'completed') return;
    const timer = window.setTimeout(() => setOutcome(null), COMPLETED_OUTCOME_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);
  /** The timer of the next check on a pending top-up; and whether the page is still there to show it. */
  const checkTimer = useRef<number | null>(null);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      if (checkTimer.current !== null) window.clearTimeout(checkTimer.current);
    };
  }, []);

  function refreshAfterTopUp() {
    void queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: CARD_QUERY_ROOT });
  }

  function settle(payload: TCardTopUpRequest, answer: TCardTopUpResponse) {
    if (answer.status === 'pending') {
      setOutcome({ status: 'pending', amount: answer.amount, total: answer.total, balance: null });
      follow(payload, answer);
      return;
    }
    pendingRequest.current = null;
    if (answer.status === 'failed') {
      setOutcome({ status: 'failed', amount: answer.amount, total: answer.total });
      refreshAfterTopUp();
      return;
    }
    setOutcome({ status: 'completed', amount: answer.amount, total: answer.total, balance: answer.balance });
    // The new balance at once; the read that follows confirms it.
    if (answer.balance !== null) {
      queryClient.setQueryData<TCardListResponse>(cardListQueryOptions(token).queryKey, (list) =>
        list
          ? { list: list.list.map((card) => (card.id === cardRecordId ? { ...card, balance: answer.balance } : card)) }
          : list,
      );
    }
    refreshAfterTopUp();
    showToast(t('card.topUp.success'));
  }

  /**
   * Sends the pending top-up again under its request id in 3 s (quietly): the server asks the
   * issuer again and answers its state. Until an answer ends it, a failed check tries again.
   */
  function follow(payload: TCardTopUpRequest, answer: TCardTopUpResponse) {
    checkTimer.current = window.setTimeout(() => {
      checkTimer.current = null;
      topUpCard(payload, true).then(
        (next) => {
          if (isMounted.current) settle(payload, next);
        },
        (error: unknown) => {
          if (!isMounted.current) return;
          if (isRefused(error)) {
            pendingRequest.current = null;
            setOutcome({ status: 'failed', amount: answer.amount, total: answer.total });
            refreshAfterTopUp();
          } else {
            follow(payload, answer);
          }
        },
      );
    }, CARD_TOP_UP_POLL_MS);
  }

  function openForm() {
    setRefusal(null);
    setIsFormOpen(true);
  }

  function openReview(next: CardTopUpReview) {
    setRefusal(null);
    setReview(next);
    setIsReviewOpen(true);
  }

  async function confirm() {
    if (!review) return;
    pendingRequest.current = pickRequestId(
      pendingRequest.current,
      getCardTopUpFingerprint(cardRecordId, review.amount),
    );
    const payload = { id: cardRecordId, amount: review.amount, requestId: pendingRequest.current.id };
    let answer: TCardTopUpResponse;
    try {
      answer = await mutation.mutateAsync({ payload });
    } catch (error) {
      // Toasted by the request client. After a lost answer the review stays and Confirm retries
      // under the same id; a refusal goes back to the form, its reason shown there.
      if (isAnswerLost(error)) return;
      setIsReviewOpen(false);
      if (isRefused(error)) {
        // Refused by the issuer: the money is back, and this request id is spent.
        pendingRequest.current = null;
        setIsFormOpen(false);
        setOutcome({ status: 'failed', amount: review.amount, total: review.fee.total });
        return;
      }
      setRefusal(error instanceof RequestError ? error.message : null);
      return;
    }
    setIsReviewOpen(false);
    setIsFormOpen(false);
    settle(payload, answer);
  }

  return {
    isFormOpen,
    openForm,
    closeForm: () => setIsFormOpen(false),
    review,
    isReviewOpen,
    openReview,
    closeReview: () => setIsReviewOpen(false),
    confirm,
    refusal,
    outcome,
    /** A top-up is on its way: the page says so and keeps its card fresh. */
    isPending: outcome?.status === 'pending',
  };
}

function isRefused(error: unknown): boolean {
  return error instanceof RequestError && error.code === ErrorCode.CARD_TOPUP_REFUSED;
}
