import { formatNumber, type TInvestmentProduct } from '@kpc/shared';
import { Info } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { ReviewSheet, type ReviewRow } from '@/components/review-sheet.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { getProductName, type JoinPreview } from '@/features/plan/utils/plan-view.ts';

/** What the member is about to join, as the form checked it. */
export interface PlanJoinReview {
  product: TInvestmentProduct;
  amount: string;
  preview: JoinPreview;
  /** The first release, as the server dates an order made now (`/api/plan/preview`). */
  firstReleaseAt: string;
}

interface PlanJoinReviewSheetProps {
  isOpen: boolean;
  /** Kept while the sheet slides away after a close. */
  review: PlanJoinReview | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/**
 * The last look before USDT leaves available for a plan: product, amount paid, total income
 * (quota), the coefficient, the first daily release and when it comes. Test ids
 * `plan-review-<row>`, `plan-review-confirm`, `plan-review-cancel`.
 */
export function PlanJoinReviewSheet({ isOpen, review, onConfirm, onCancel }: PlanJoinReviewSheetProps) {
  const { t } = useTranslation();
  if (!review) return null;
  const { product, amount, preview, firstReleaseAt } = review;
  const money = (value: string) => `${formatNumber(value)} ${product.asset}`;
  const rows: ReviewRow[] = [
    { key: 'product', label: t('plan.join.review.product'), value: getProductName(t, product.nameKey) },
    { key: 'amount', label: t('plan.join.review.amount'), value: money(amount) },
    {
      key: 'coefficient',
      label: t('plan.coefficient'),
      value: t('plan.coefficientValue', { coefficient: formatNumber(product.coefficient) }),
    },
    { key: 'quota', label: t('plan.join.quota'), value: money(preview.quota), isEmphasised: true },
    { key: 'daily', label: t('plan.join.dailyRelease'), value: money(preview.firstDailyRelease) },
    {
      key: 'first-release',
      label: t('plan.join.firstRelease'),
      value: formatDateTime(firstReleaseAt),
    },
  ];
  return (
    <ReviewSheet
      isOpen={isOpen}
      title={t('plan.join.review.title')}
      rows={rows}
      confirmLabel={t('plan.join.confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="plan-review"
    >
      <p className="review-sheet__note">
        <Info size={18} aria-hidden="true" />
        {t('plan.join.review.note')}
      </p>
    </ReviewSheet>
  );
}
