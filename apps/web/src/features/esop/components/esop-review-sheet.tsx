import { formatNumber, type TEsopTerms } from '@kpc/shared';
import { ArrowsClockwise, Info } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { ReviewSheet, type ReviewRow } from '@/components/review-sheet.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useLocale } from '@/lib/i18n.ts';
import { ESOP_ASSET, ESOP_PAY_ASSET } from '@/features/esop/utils/esop-form.ts';
import { formatDuration } from '@/features/esop/utils/format-duration.ts';

/** A subscription the form has checked, with its preview at the price shown. */
export interface EsopReview {
  amount: string;
  /** KPC's price the sheet shows, and sends with the subscription. */
  price: string;
  /** The price it replaced after the server refused it as changed (PRICE_CHANGED), or null. */
  priceWas: string | null;
  kpc: string;
  /** When an order made now ends its lock-up and releases its first phase: the server's dates (`/api/plan/preview`). */
  lockEndsAt: string;
  firstReleaseAt: string;
  terms: TEsopTerms;
  phaseDays: number;
}

interface EsopReviewSheetProps {
  isOpen: boolean;
  /** Kept while the sheet slides away after a close. */
  review: EsopReview | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/**
 * The last look before a subscription pays (issue 10 part 2): what is paid, at which price, the KPC
 * it buys, when the lock-up ends and the first phase comes (the server's dates, issue 24 item 8)
 * and how the release runs; after a refused price, the new one and
 * what it replaced. Test ids `esop-review-<row>`, `esop-review-changed`, `esop-review-confirm` and
 * `esop-review-cancel`.
 */
export function EsopReviewSheet({ isOpen, review, onConfirm, onCancel }: EsopReviewSheetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!review) return null;
  const usdt = (value: string) => `${formatNumber(value)} ${ESOP_PAY_ASSET}`;
  const rows: ReviewRow[] = [
    { key: 'amount', label: t('esop.review.amount'), value: `${formatNumber(review.amount)} ${ESOP_PAY_ASSET}` },
    { key: 'price', label: t('esop.review.price'), value: t('esop.priceValue', { price: formatNumber(review.price) }) },
    {
      key: 'kpc',
      label: t('esop.review.kpc'),
      value: `${formatNumber(review.kpc)} ${ESOP_ASSET}`,
      isEmphasised: true,
    },
    { key: 'lock-end', label: t('esop.review.lockEnd'), value: formatDateTime(review.lockEndsAt) },
    { key: 'first-release', label: t('esop.review.firstRelease'), value: formatDateTime(review.firstReleaseAt) },
    {
      key: 'release',
      label: t('esop.review.release'),
      value: t('esop.review.releaseValue', {
        phases: review.terms.releaseMonths,
        days: formatDuration(review.phaseDays, 'day', locale),
      }),
    },
  ];

  return (
    <ReviewSheet
      isOpen={isOpen}
      title={t('esop.review.title')}
      rows={rows}
      confirmLabel={t('esop.review.confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="esop-review"
    >
      {review.priceWas !== null && (
        <p className="review-sheet__note review-sheet__note--alert" role="alert" data-testid="esop-review-changed">
          <ArrowsClockwise size={18} aria-hidden="true" />
          <span>{t('esop.review.priceChanged', { from: usdt(review.priceWas), to: usdt(review.price) })}</span>
        </p>
      )}
      <p className="review-sheet__note" data-testid="esop-review-note">
        <Info size={18} aria-hidden="true" />
        {t('esop.review.note')}
      </p>
    </ReviewSheet>
  );
}
