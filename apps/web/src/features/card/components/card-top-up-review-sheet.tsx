import { formatNumber, type CardTopUpFee, type TCardListItem } from '@kpc/shared';
import { Info } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { ReviewSheet, type ReviewRow } from '@/components/review-sheet.tsx';

/** What the member is about to load, as the form checked it. */
export interface CardTopUpReview {
  card: Pick<TCardListItem, 'product' | 'last4'>;
  asset: string;
  /** Loaded onto the card. */
  amount: string;
  /** The fee and amount + fee, by the server's own function. */
  fee: CardTopUpFee;
  /** Available balance of the asset, or undefined while unknown. */
  available: string | undefined;
}

interface CardTopUpReviewSheetProps {
  isOpen: boolean;
  /** Kept while the sheet slides away after a close. */
  review: CardTopUpReview | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/**
 * The last look before USDT leaves for the card: which card, the amount loaded onto it, the fee,
 * the total taken from available, and that the fee comes on top. Test ids
 * `card-top-up-review-<card|amount|fee|total|available>`, `card-top-up-review-confirm`,
 * `card-top-up-review-cancel`.
 */
export function CardTopUpReviewSheet({ isOpen, review, onConfirm, onCancel }: CardTopUpReviewSheetProps) {
  const { t } = useTranslation();
  if (!review) return null;
  const money = (value: string) => `${formatNumber(value)} ${review.asset}`;
  const rows: ReviewRow[] = [
    {
      key: 'card',
      label: t('card.topUp.review.card'),
      value: `${t(`card.product.${review.card.product}`)} •••• ${review.card.last4}`,
    },
    { key: 'amount', label: t('card.topUp.review.amount'), value: money(review.amount) },
    { key: 'fee', label: t('card.fees.topUpFee'), value: money(review.fee.fee) },
    { key: 'total', label: t('card.topUp.total'), value: money(review.fee.total), isEmphasised: true },
    ...(review.available !== undefined
      ? [{ key: 'available', label: t('asset.available'), value: money(review.available) }]
      : []),
  ];
  return (
    <ReviewSheet
      isOpen={isOpen}
      title={t('card.topUp.review.title')}
      rows={rows}
      confirmLabel={t('card.topUp.review.confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="card-top-up-review"
    >
      <p className="review-sheet__note" data-testid="card-top-up-review-note">
        <Info size={18} aria-hidden="true" />
        {t('card.topUp.review.note')}
      </p>
    </ReviewSheet>
  );
}
