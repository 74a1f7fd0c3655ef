import { pickRequestId, type PendingRequest } from '@kpc/client';
import { DISPLAY_DECIMALS, formatFeeRate, formatNumber, type TPledgeTerm } from '@kpc/shared';
import { Button, Form } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/amount-field.tsx';
import { AppForm } from '@/components/app-form.tsx';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { useFreshPlanPreview, usePlanPreview } from '@/lib/api/get-plan-preview.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { showToast } from '@/lib/toast.ts';
import { useAmountInput } from '@/lib/use-amount-input.ts';
import { useCreatePledge } from '@/features/pledge/api/create-pledge.ts';
import { getPledgeFingerprint, PLEDGE_ASSET, previewPledge } from '@/features/pledge/utils/pledge-preview.ts';
import { isAnswerLost } from '@/lib/request.ts';
import { PledgeReviewSheet, type PledgeReview } from './pledge-review-sheet.tsx';
import { PledgeTermPicker } from './pledge-term-picker.tsx';

/**
 * Pledge KPC from available: a term (check-marked), the amount (All = available; the term's
 * minimum as a localised message), the reward preview, then a review sheet whose Confirm stakes it.
 * A retry of the same pledge after a lost answer carries the same request id, so it pledges once.
 */
export function PledgeForm({ terms }: { terms: readonly TPledgeTerm[] }) {
  const { t } = useTranslation();
  const assets = useAssetList();
  const balance = assets.data?.lst.find((item) => item.asset === PLEDGE_ASSET);
  const available = balance?.available ?? (assets.data ? '0' : undefined);
  const [wantedTermId, setWantedTermId] = useState<string | null>(null);
  // The first term until the member chooses; a term an operator withdrew falls back to it too.
  const term = terms.find((candidate) => candidate.id === wantedTermId) ?? terms[0];
  const amount = useAmountInput({
    decimals: balance?.decimals ?? DISPLAY_DECIMALS,
    max: available,
    min: term?.minAmount,
    asset: PLEDGE_ASSET,
  });
  const createMutation = useCreatePledge();
  const pendingRequest = useRef<PendingRequest | null>(null);
  const [review, setReview] = useState<PledgeReview | null>(null);
  const [isReviewOpen, setIsReviewOpen] = useState(false);
  // Maturities are the server's (its plans' clock), never this device's: issue 24 item 8. The
  // review reads them afresh as it opens.
  const dates = usePlanPreview().data;
  const freshDates = useFreshPlanPreview();
  if (!term) return null;
  const preview = amount.validAmount ? previewPledge(term, amount.validAmount) : null;
  const maturesAt = dates?.pledgeTerms.find((item) => item.id === term.id)?.maturesAt;
  const kpc = (value: string | undefined) => (value === undefined ? '—' : `${formatNumber(value)} ${PLEDGE_ASSET}`);

  async function handleFinish() {
    const value = amount.validate();
    if (!value || !term || freshDates.isReading) return;
    const now = await freshDates.read();
    if (!now) return;
    const shown = now.pledgeTerms.find((item) => item.id === term.id);
    // The term was withdrawn a moment ago (the products answer still had it): nothing to review.
    if (!shown) {
      showToast(t('request.systemError'));
      return;
    }
    setReview({ term, amount: value, preview: previewPledge(term, value), maturesAt: shown.maturesAt });
    setIsReviewOpen(true);
  }

  async function confirmPledge() {
    if (!review) return;
    const fingerprint = getPledgeFingerprint(review.term.id, review.amount);
    pendingRequest.current = pickRequestId(pendingRequest.current, fingerprint);
    try {
      await createMutation.mutateAsync({
        termId: review.term.id,
        amount: review.amount,
        requestId: pendingRequest.current.id,
        dailyRate: review.term.dailyRate,
        earlyRedemptionPenaltyRate: review.term.earlyRedemptionPenaltyRate,
      });
    } catch (error) {
      // Toasted by the request client. A refusal (below the minimum, too little KPC) goes back to
      // the form; after a lost answer the review stays, and Confirm retries under the same id.
      if (!isAnswerLost(error)) setIsReviewOpen(false);
      return;
    }
    pendingRequest.current = null;
    setIsReviewOpen(false);
    amount.reset();
    showToast(t('pledge.success'));
  }

  return (
    <AppForm
      className="pledge-form"
      layout="vertical"
      onFinish={() => void handleFinish()}
      data-testid="pledge-form"
      footer={
        <>
          <dl className="pledge-form__preview" data-testid="pledge-preview">
            <div>
              <dt>{t('pledge.dailyReward')}</dt>
              <dd data-testid="pledge-preview-daily">{kpc(preview?.dailyReward)}</dd>
            </div>
            <div>
              <dt>{t('pledge.totalRewards')}</dt>
              <dd data-testid="pledge-preview-total">{kpc(preview?.totalRewards)}</dd>
            </div>
            <div>
              <dt>{t('pledge.maturesAt')}</dt>
              <dd data-testid="pledge-preview-matures">{preview && maturesAt ? formatDateTime(maturesAt) : '—'}</dd>
            </div>
          </dl>
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={freshDates.isReading}
            data-testid="pledge-submit"
          >
            {t('pledge.submit')}
          </Button>
          <PledgeReviewSheet
            isOpen={isReviewOpen}
            review={review}
            onConfirm={confirmPledge}
            onCancel={() => setIsReviewOpen(false)}
          />
        </>
      }
    >
      <Form.Item label={t('pledge.chooseTerm')}>
        <PledgeTermPicker
          terms={terms}
          value={term.id}
          onChange={(termId) => {
            setWantedTermId(termId);
            pendingRequest.current = null;
          }}
        />
        <p className="pledge-form__terms" data-testid="pledge-terms">
          {t('pledge.termsLine', {
            min: formatNumber(term.minAmount),
            asset: PLEDGE_ASSET,
            rate: formatFeeRate(term.earlyRedemptionPenaltyRate),
          })}
        </p>
      </Form.Item>
      <Form.Item className="pledge-form__amount">
        <AmountField
          input={amount}
          label={t('pledge.amount')}
          asset={PLEDGE_ASSET}
          balanceLabel={t('asset.available')}
          balance={available}
          testId="pledge-amount"
        />
      </Form.Item>
    </AppForm>
  );
}
