import { pickRequestId, type PendingRequest } from '@kpc/client';
import { formatNumber, PledgeStatus, type TPledge } from '@kpc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorList } from '@/components/cursor-list.tsx';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { showToast } from '@/lib/toast.ts';
import { useCursorList } from '@/lib/use-cursor-list.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { PLEDGES_QUERY_ROOT, PLEDGES_REFRESH_MS, pledgesSource } from '@/features/pledge/api/get-pledges.ts';
import { useRedeemPledge } from '@/features/pledge/api/redeem-pledge.ts';
import { previewRedemption } from '@/features/pledge/utils/pledge-preview.ts';
import { isAnswerLost } from '@/lib/request.ts';
import { PledgeItem } from './pledge-item.tsx';
import { RedeemReviewSheet, type RedeemReview } from './redeem-review-sheet.tsx';

/** What of a pledge moves balances: a reward paid, a maturity, a redemption. */
function balanceSignature(pledges: readonly TPledge[]): string {
  return pledges.map((pledge) => `${pledge.id}:${pledge.status}:${pledge.rewardsPaid}`).join('|');
}

/**
 * "My pledges", newest first: skeleton rows until the first page, then each pledge. The list asks
 * again every 30 s while shown (rewards, maturities, the price change on the server); when a
 * pledge's rewards or status change, the balances are read again too. Early redemption goes
 * through a review sheet, retry-safe by request id.
 */
export function MyPledges() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useUserStore((state) => state.token);
  const source = pledgesSource(queryClient, token);
  // The same query as the list below (one cache entry): read here to follow what changes.
  const { items } = useCursorList(source);
  const signature = balanceSignature(items);
  const shownSignature = useRef<string | null>(null);
  const redeemMutation = useRedeemPledge();
  const pendingRequest = useRef<PendingRequest | null>(null);
  const [review, setReview] = useState<RedeemReview | null>(null);
  const [isReviewOpen, setIsReviewOpen] = useState(false);

  useEffect(() => {
    const timer = window.setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: PLEDGES_QUERY_ROOT });
    }, PLEDGES_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [queryClient]);

  useEffect(() => {
    if (items.length === 0) return;
    if (shownSignature.current !== null && shownSignature.current !== signature) {
      void queryClient.invalidateQueries({ queryKey: ASSET_QUERY_ROOT });
    }
    shownSignature.current = signature;
  }, [items.length, signature, queryClient]);

  function openRedeem(pledge: TPledge) {
    setReview({ pledge, redemption: previewRedemption(pledge) });
    setIsReviewOpen(true);
  }

  async function confirmRedeem() {
    if (!review) return;
    pendingRequest.current = pickRequestId(pendingRequest.current, `redeem:${review.pledge.id}`);
    let redeemed: TPledge;
    try {
      redeemed = await redeemMutation.mutateAsync({ pledgeId: review.pledge.id, requestId: pendingRequest.current.id });
    } catch (error) {
      // Toasted by the request client (e.g. it matured meanwhile); after a lost answer Confirm retries.
      if (!isAnswerLost(error)) {
        setIsReviewOpen(false);
        void queryClient.invalidateQueries({ queryKey: PLEDGES_QUERY_ROOT });
      }
      return;
    }
    pendingRequest.current = null;
    setIsReviewOpen(false);
    const kpc = (value: string | null) => `${formatNumber(value ?? '0')} ${redeemed.asset}`;
    // Its term had ended meanwhile: the server settled it as matured, the whole principal back.
    if (redeemed.status === PledgeStatus.MATURED) {
      showToast(t('pledge.maturedNote', { amount: kpc(redeemed.amount) }));
      return;
    }
    showToast(t('pledge.redeem.success', { returned: kpc(redeemed.returned), penalty: kpc(redeemed.penalty) }));
  }

  return (
    <>
      <CursorList
        source={source}
        renderItem={(pledge) => <PledgeItem pledge={pledge} onRedeem={openRedeem} />}
        emptyText={t('pledge.empty')}
        testId="pledge-list"
      />
      <RedeemReviewSheet
        isOpen={isReviewOpen}
        review={review}
        onConfirm={confirmRedeem}
        onCancel={() => setIsReviewOpen(false)}
      />
    </>
  );
}
