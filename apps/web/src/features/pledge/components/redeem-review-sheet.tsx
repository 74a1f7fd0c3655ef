import { formatFeeRate, formatNumber, type TPledge } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { ReviewSheet, type ReviewRow } from '@/components/review-sheet.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import type { RedemptionPreview } from '@/features/pledge/utils/pledge-preview.ts';

/** The pledge the member wants to end early, with what it would burn and return. */
export interface RedeemReview {
  pledge: TPledge;
  /** Null when its term is no longer offered: the server still computes it. */
  redemption: RedemptionPreview | null;
}

interface RedeemReviewSheetProps {
  isOpen: boolean;
  review: RedeemReview | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/**
 * Before an early redemption: the principal, the penalty that is burned (rate and KPC), what
 * returns to available, and that paid rewards stay paid. Test ids `redeem-review-<row>`,
 * `redeem-review-warning`, `redeem-review-confirm`, `redeem-review-cancel`.
 */
export function RedeemReviewSheet({ isOpen, review, onConfirm, onCancel }: RedeemReviewSheetProps) {
  const { t } = useTranslation();
  if (!review) return null;
  const { pledge, redemption } = review;
  const kpc = (value: string | undefined) => (value === undefined ? '—' : `${formatNumber(value)} ${pledge.asset}`);
  const penaltyRate = redemption ? formatFeeRate(redemption.penaltyRate) : '—';
  const rows: ReviewRow[] = [
    { key: 'amount', label: t('pledge.amount'), value: kpc(pledge.amount) },
    { key: 'matures', label: t('pledge.maturesAt'), value: formatDateTime(pledge.maturesAt) },
    { key: 'remaining', label: t('pledge.remainingDays'), value: String(pledge.remainingDays) },
    { key: 'rewards', label: t('pledge.rewardsPaid'), value: kpc(pledge.rewardsPaid) },
    { key: 'penalty', label: t('pledge.penaltyBurned', { rate: penaltyRate }), value: kpc(redemption?.penalty) },
    { key: 'returned', label: t('pledge.returned'), value: kpc(redemption?.returned), isEmphasised: true },
  ];

  return (
    <ReviewSheet
      isOpen={isOpen}
      title={t('pledge.redeem.title')}
      rows={rows}
      warning={
        redemption
          ? t('pledge.redeem.warning', { rate: penaltyRate, penalty: kpc(redemption.penalty) })
          : t('pledge.redeem.warningUnknown')
      }
      confirmLabel={t('pledge.redeem.confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="redeem-review"
    />
  );
}
