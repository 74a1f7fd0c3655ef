import { pickRequestId, type PendingRequest } from '@kpc/client';
import { isAnswerLost } from '@/lib/request.ts';
import { formatNumber, USDT_DECIMALS, type TInvestmentProduct } from '@kpc/shared';
import { Button, Form } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/amount-field.tsx';
import { AppForm } from '@/components/app-form.tsx';
import { ChoiceSelector } from '@/components/choice-selector.tsx';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { useFreshPlanPreview, usePlanPreview } from '@/lib/api/get-plan-preview.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { showToast } from '@/lib/toast.ts';
import { useAmountInput } from '@/lib/use-amount-input.ts';
import { useJoinPlan } from '@/features/plan/api/join-plan.ts';
import { getPlanAmountLimits, getProductName, getProductSlug, previewJoin } from '@/features/plan/utils/plan-view.ts';
import { PlanJoinReviewSheet, type PlanJoinReview } from './plan-join-review-sheet.tsx';
import { PlanProductTerms } from './plan-product-terms.tsx';

interface PlanJoinFormProps {
  /** The open products, at least one. */
  products: readonly TInvestmentProduct[];
  /** After a join: the page shows the new order. */
  onJoined: () => void;
}

/**
 * Joining the investment plan (SPEC §3, issue 10 §1): a product (with its terms), the amount in
 * USDT from available (All fills it), and the quota it buys, amount x coefficient. The product's
 * bounds and the balance are checked, with the app's own messages, before anything is sent; then a
 * review sheet, and only its Confirm pays. A retry of the same join carries the same request id.
 */
export function PlanJoinForm({ products, onJoined }: PlanJoinFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [wantedId, setWantedId] = useState<string | null>(null);
  const product = products.find((item) => item.id === wantedId) ?? products[0]!;
  const assets = useAssetList();
  const balance = assets.data?.lst.find((item) => item.asset === product.asset);
  const available = balance?.available ?? (assets.data ? '0' : undefined);
  const amount = useAmountInput(getPlanAmountLimits(product, balance?.decimals ?? USDT_DECIMALS, available));
  const preview = amount.validAmount ? previewJoin(amount.validAmount, product) : null;
  // Dates are the server's (its plans' clock), never this device's: issue 24 item 8.
  const dates = usePlanPreview().data;
  const freshDates = useFreshPlanPreview();
  const joinMutation = useJoinPlan();
  const pendingRequest = useRef<PendingRequest | null>(null);
  const [review, setReview] = useState<PlanJoinReview | null>(null);
  const [isReviewOpen, setIsReviewOpen] = useState(false);
  const money = (value: string | undefined) => (value === undefined ? '—' : `${formatNumber(value)} ${product.asset}`);

  function chooseProduct(id: string) {
    setWantedId(id);
    amount.reset();
  }

  async function handleFinish() {
    const value = amount.validate();
    if (!value || freshDates.isReading) return;
    const now = await freshDates.read();
    if (!now) return;
    setReview({
      product,
      amount: value,
      preview: previewJoin(value, product),
      firstReleaseAt: now.investmentFirstReleaseAt,
    });
    setIsReviewOpen(true);
  }

  async function confirmJoin() {
    if (!review) return;
    const payload = { productId: review.product.id, amount: review.amount };
    pendingRequest.current = pickRequestId(pendingRequest.current, `${payload.productId}:${payload.amount}`);
    try {
      await joinMutation.mutateAsync({ ...payload, requestId: pendingRequest.current.id });
    } catch (error) {
      // Toasted by the request client. A refusal goes back to the form; after a lost answer the
      // review stays, and Confirm retries under the same id (the server joins once).
      if (!isAnswerLost(error)) setIsReviewOpen(false);
      return;
    }
    pendingRequest.current = null;
    setIsReviewOpen(false);
    amount.reset();
    showToast(t('plan.join.success'));
    onJoined();
  }

  return (
    <>
      <section className="plan-section" aria-labelledby="plan-products-title">
        <h2 className="plan-section__title" id="plan-products-title">
          {t('plan.products.title')}
        </h2>
        <ChoiceSelector
          columns={2}
          value={product.id}
          onChange={chooseProduct}
          choices={products.map((item) => ({
            value: item.id,
            label: getProductName(t, item.nameKey),
            description: t('plan.products.range', {
              min: formatNumber(item.minAmount),
              max: formatNumber(item.maxAmount),
              asset: item.asset,
            }),
            testId: `plan-product-${getProductSlug(item.nameKey)}`,
          }))}
        />
      </section>
      <PlanProductTerms product={product} />
      <AppForm
        form={form}
        className="plan-join"
        layout="vertical"
        onFinish={() => void handleFinish()}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={freshDates.isReading}
            data-testid="plan-join-submit"
          >
            {t('plan.join.submit')}
          </Button>
        }
      >
        <Form.Item className="plan-join__amount">
          <AmountField
            input={amount}
            label={t('amount.label')}
            asset={product.asset}
            balanceLabel={t('asset.available')}
            balance={available}
            testId="plan-amount"
          />
        </Form.Item>
        <dl className="plan-join__preview" data-testid="plan-preview">
          <div>
            <dt>
              {t('plan.join.quota')}
              <span className="plan-join__formula">
                {t('plan.join.quotaFormula', { coefficient: formatNumber(product.coefficient) })}
              </span>
            </dt>
            <dd className={preview ? 'plan-join__quota' : undefined} data-testid="plan-preview-quota">
              {money(preview?.quota)}
            </dd>
          </div>
          <div>
            <dt>{t('plan.join.dailyRelease')}</dt>
            <dd data-testid="plan-preview-daily">{money(preview?.firstDailyRelease)}</dd>
          </div>
          <div>
            <dt>{t('plan.join.firstRelease')}</dt>
            <dd data-testid="plan-preview-first">
              {preview && dates ? formatDateTime(dates.investmentFirstReleaseAt) : '—'}
            </dd>
          </div>
        </dl>
      </AppForm>
      <PlanJoinReviewSheet
        isOpen={isReviewOpen}
        review={review}
        onConfirm={confirmJoin}
        onCancel={() => setIsReviewOpen(false)}
      />
    </>
  );
}
