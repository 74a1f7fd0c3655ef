import { formatFeeRate, formatNumber, type TPledgeTerm } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { ReviewSheet, type ReviewRow } from '@/components/review-sheet.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import type { PledgePreview } from '@/features/pledge/utils/pledge-preview.ts';

/** What the member is about to pledge, as the form checked it. */
export interface PledgeReview {
  term: TPledgeTerm;
  amount: string;
  preview: PledgePreview;
  /** When a pledge made now matures: the server's date (`/api/plan/preview`). */
  maturesAt: string;
}

interface PledgeReviewSheetProps {
  isOpen: boolean;
  /** Kept while the sheet slides away after a close. */
  review: PledgeReview | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/**
 * The last look before KPC is staked: term, amount, daily reward, total rewards, maturity, and what
 * an early redemption would burn. Test ids `pledge-review-<row>`, `pledge-review-warning`,
 * `pledge-review-confirm`, `pledge-review-cancel`.
 */
export function PledgeReviewSheet({ isOpen, review, onConfirm, onCancel }: PledgeReviewSheetProps) {
  const { t } = useTranslation();
  if (!review) return null;
  const { term, amount, preview, maturesAt } = review;
  const kpc = (value: string) => `${formatNumber(value)} KPC`;
  const penaltyRate = formatFeeRate(term.earlyRedemptionPenaltyRate);
  const rows: ReviewRow[] = [
    {
      key: 'term',
      label: t('pledge.term'),
      value: `${t('pledge.termDays', { days: term.days })} · ${t('pledge.dailyRateShort', { rate: formatFeeRate(term.dailyRate) })}`,
    },
    { key: 'amount', label: t('pledge.amount'), value: kpc(amount) },
    { key: 'daily-reward', label: t('pledge.dailyReward'), value: kpc(preview.dailyReward) },
    { key: 'total-rewards', label: t('pledge.totalRewards'), value: kpc(preview.totalRewards), isEmphasised: true },
    { key: 'matures', label: t('pledge.maturesAt'), value: formatDateTime(maturesAt) },
    {
      key: 'penalty',
      label: t('pledge.earlyPenalty'),
      value: `${penaltyRate} · ${kpc(preview.penalty)}`,
    },
  ];

  return (
    <ReviewSheet
      isOpen={isOpen}
      title={t('pledge.review.title')}
      rows={rows}
      warning={t('pledge.review.warning', { rate: penaltyRate, penalty: kpc(preview.penalty) })}
      confirmLabel={t('pledge.review.confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="pledge-review"
    />
  );
}
