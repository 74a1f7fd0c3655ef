import { pickRequestId, type PendingRequest } from '@kpc/client';
import { formatNumber, type TEsopOrder, type TEsopTerms } from '@kpc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/amount-field.tsx';
import { AppForm } from '@/components/app-form.tsx';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { useFreshPlanPreview } from '@/lib/api/get-plan-preview.ts';
import { planProductsQueryOptions } from '@/lib/api/get-plan-products.ts';
import { isAnswerLost } from '@/lib/request.ts';
import { showToast } from '@/lib/toast.ts';
import { useAmountInput } from '@/lib/use-amount-input.ts';
import { isPriceChanged, useJoinEsop } from '@/features/esop/api/join-esop.ts';
import { EsopReviewSheet, type EsopReview } from '@/features/esop/components/esop-review-sheet.tsx';
import {
  ESOP_ASSET,
  ESOP_PAY_ASSET,
  getEsopAmountLimits,
  getEsopFingerprint,
  previewKpc,
} from '@/features/esop/utils/esop-form.ts';

interface EsopSubscribeFormProps {
  terms: TEsopTerms;
  phaseDays: number;
  /** Called with the order the server made. */
  onSubscribed?: (order: TEsopOrder) => void;
}

/**
 * Subscribing (issue 10 part 2): an amount of USDT (All = available), the KPC it buys at the
 * current price, the plan's bounds as messages, then a review sheet whose Confirm pays at the price
 * it shows (sent with the request). A retry of the same amount at the same price carries the same
 * request id, so it subscribes once. If the server answers that the price changed (nothing was
 * charged), the sheet reads the price again and shows it, with what it replaced, to confirm anew.
 */
export function EsopSubscribeForm({ terms, phaseDays, onSubscribed }: EsopSubscribeFormProps) {
  const { t } = useTranslation();
  const assets = useAssetList();
  const balance = assets.data?.lst.find((item) => item.asset === ESOP_PAY_ASSET);
  const available = balance?.available ?? (assets.data ? '0' : undefined);
  const amount = useAmountInput(getEsopAmountLimits(terms, available));
  const queryClient = useQueryClient();
  const joinMutation = useJoinEsop();
  const pendingRequest = useRef<PendingRequest | null>(null);
  const [review, setReview] = useState<EsopReview | null>(null);
  const [isReviewOpen, setIsReviewOpen] = useState(false);
  const kpc = previewKpc(amount.validAmount, terms.price);
  // The review's dates are the server's (its plans' clock), never this device's: issue 24 item 8.
  const freshDates = useFreshPlanPreview();

  async function handleFinish() {
    const value = amount.validate();
    if (!value || freshDates.isReading) return;
    const allocation = previewKpc(value, terms.price);
    if (allocation === null) return;
    const preview = await freshDates.read();
    if (!preview) return;
    // No ESOP terms offered any more (the products answer had them a moment ago): nothing to review.
    if (!preview.esop) {
      showToast(t('request.systemError'));
      return;
    }
    const dates = preview.esop;
    setReview({
      amount: value,
      price: terms.price,
      priceWas: null,
      kpc: allocation,
      ...dates,
      terms,
      phaseDays,
    });
    setIsReviewOpen(true);
  }

  /** After PRICE_CHANGED: the review shows the price now (and the one it replaced), or closes with the server's word. */
  async function showNewPrice(shown: EsopReview, message: string) {
    let products;
    try {
      products = await queryClient.fetchQuery(planProductsQueryOptions());
    } catch {
      products = undefined;
    }
    const fresh = products?.esop;
    const allocation = fresh ? previewKpc(shown.amount, fresh.price) : null;
    // The terms may have changed with the price: their dates, as the server says them now.
    const dates = fresh && allocation !== null ? (await freshDates.read())?.esop : undefined;
    if (!products || !fresh || allocation === null || !dates || fresh.price === shown.price) {
      setIsReviewOpen(false);
      showToast(message);
      return;
    }
    setReview({
      ...shown,
      price: fresh.price,
      priceWas: shown.price,
      kpc: allocation,
      ...dates,
      terms: fresh,
      phaseDays: products.phaseDays,
    });
  }

  async function confirmSubscription() {
    if (!review) return;
    pendingRequest.current = pickRequestId(pendingRequest.current, getEsopFingerprint(review.amount, review.price));
    let order: TEsopOrder;
    try {
      order = await joinMutation.mutateAsync({
        amount: review.amount,
        price: review.price,
        requestId: pendingRequest.current.id,
      });
    } catch (error) {
      // Toasted by the request client, except a changed price, shown in the review. A refusal (a
      // bound, the balance) goes back to the form; after a lost answer the review stays, and
      // Confirm retries under the same id.
      if (isPriceChanged(error)) await showNewPrice(review, error.message);
      else if (!isAnswerLost(error)) setIsReviewOpen(false);
      return;
    }
    pendingRequest.current = null;
    setIsReviewOpen(false);
    amount.reset();
    showToast(t('esop.success', { kpc: formatNumber(order.kpc) }));
    onSubscribed?.(order);
  }

  return (
    <section className="esop-card esop-subscribe" data-testid="esop-subscribe">
      <h2 className="esop-card__title">{t('esop.subscribe.title')}</h2>
      <AppForm
        className="esop-subscribe__form"
        layout="vertical"
        onFinish={() => void handleFinish()}
        footer={
          <>
            <div className="esop-subscribe__receive">
              <span>{t('esop.subscribe.receive')}</span>
              <span className="esop-subscribe__receive-value" data-testid="esop-receive">
                {kpc === null ? '—' : `≈ ${formatNumber(kpc)} ${ESOP_ASSET}`}
              </span>
            </div>
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={freshDates.isReading}
              data-testid="esop-submit"
            >
              {t('esop.subscribe.submit')}
            </Button>
            <EsopReviewSheet
              isOpen={isReviewOpen}
              review={review}
              onConfirm={confirmSubscription}
              onCancel={() => setIsReviewOpen(false)}
            />
          </>
        }
      >
        <Form.Item className="esop-subscribe__amount">
          <AmountField
            input={amount}
            label={t('amount.label')}
            asset={ESOP_PAY_ASSET}
            balanceLabel={t('asset.available')}
            balance={available}
            testId="esop-amount"
          />
        </Form.Item>
      </AppForm>
    </section>
  );
}
