import { formatNumber, type TPasskeyAssertion, type WithdrawFee } from '@kpc/shared';
import { Info } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { ReviewAddress, ReviewSheet, type ReviewRow } from '@/components/review-sheet.tsx';
import type { WithdrawSubmission } from '@/features/withdraw/utils/withdraw-form.ts';

/** What the member is about to withdraw, as the form checked it. */
export interface WithdrawReview {
  submission: WithdrawSubmission;
  /** The network's name, e.g. Polygon. */
  network: string;
  /** The emailed code, sent with the withdrawal. */
  code: string;
  /** The authenticator's code, while two-step verification is on. */
  totpCode?: string;
  /** Or a passkey's answer, when the member confirmed with a passkey instead. */
  passkey?: TPasskeyAssertion;
  /** The fee preview; null when the balance could not be read (the server still computes it). */
  fee: WithdrawFee | null;
  /** The fee terms shown: sent along, so a fee changed since is refused (PRICE_CHANGED), never charged unseen. */
  shownTerms: { feeRate: string; minFee: string };
}

interface WithdrawReviewSheetProps {
  isOpen: boolean;
  /** Kept while the sheet slides away after a close. */
  review: WithdrawReview | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/**
 * The last look before a withdrawal (issue Step 4d): network, the whole address, amount, fee,
 * amount received and what leaves the balance, where the fee comes from, and that a wrong address
 * cannot be recovered. Test ids `withdraw-review-<row>`, `withdraw-review-fee-from`,
 * `withdraw-review-confirm` and `withdraw-review-cancel`.
 */
export function WithdrawReviewSheet({ isOpen, review, onConfirm, onCancel }: WithdrawReviewSheetProps) {
  const { t } = useTranslation();
  if (!review) return null;
  const { submission, fee } = review;
  const show = (value: string | undefined) =>
    value === undefined ? '—' : `${formatNumber(value)} ${submission.asset}`;
  const rows: ReviewRow[] = [
    { key: 'network', label: t('withdraw.network'), value: review.network },
    {
      key: 'address',
      label: t('withdraw.address'),
      value: <ReviewAddress address={submission.address} />,
      isWide: true,
    },
    { key: 'amount', label: t('withdraw.review.amount'), value: show(submission.amount) },
    { key: 'fee', label: t('withdraw.fee'), value: show(fee?.fee) },
    { key: 'received', label: t('withdraw.received'), value: show(fee?.received), isEmphasised: true },
    { key: 'deducted', label: t('withdraw.deducted'), value: show(fee?.total) },
  ];

  return (
    <ReviewSheet
      isOpen={isOpen}
      title={t('withdraw.review.title')}
      rows={rows}
      warning={t('withdraw.review.warning')}
      confirmLabel={t('withdraw.submit')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="withdraw-review"
    >
      {fee && (
        <p className="review-sheet__note" data-testid="withdraw-review-fee-from">
          <Info size={18} aria-hidden="true" />
          {fee.feeFrom === 'balance' ? t('withdraw.feeFromBalance') : t('withdraw.feeFromAmount')}
        </p>
      )}
    </ReviewSheet>
  );
}
