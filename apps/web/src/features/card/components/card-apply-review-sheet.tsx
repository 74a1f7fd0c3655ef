import {
  formatNumber,
  type TCardHolder,
  type TCardNetwork,
  type TCardPayment,
  type TCardProductInfo,
} from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { ReviewSheet, type ReviewRow } from '@/components/review-sheet.tsx';
import { useCardNames } from '@/features/card/hooks/use-card-names.ts';

/** The application as the member is about to send it. */
export interface CardApplyReview {
  product: TCardProductInfo;
  network: TCardNetwork;
  holder: TCardHolder;
  payment: TCardPayment;
  /** USDT available, or undefined while unknown. */
  available: string | undefined;
}

interface CardApplyReviewSheetProps {
  isOpen: boolean;
  review: CardApplyReview | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/**
 * The last look before the application is sent and paid: the card, the network, whose name it is
 * issued in, how it is paid and what leaves the balance. Test ids `card-review-<row>`,
 * `card-review-confirm`, `card-review-cancel`.
 */
export function CardApplyReviewSheet({ isOpen, review, onConfirm, onCancel }: CardApplyReviewSheetProps) {
  const { t } = useTranslation();
  const names = useCardNames();
  if (!review) return null;
  const { product, network, holder, payment, available } = review;
  const money = (value: string) => `${formatNumber(value)} ${product.asset}`;
  const byBalance = payment.method === 'balance';
  const rows: ReviewRow[] = [
    { key: 'product', label: t('card.open.review.product'), value: names.product(product.product) },
    { key: 'network', label: t('card.open.review.network'), value: names.network(network) },
    { key: 'holder', label: t('card.open.review.holder'), value: `${holder.firstName} ${holder.lastName}` },
    {
      key: 'payment',
      label: t('card.open.review.payment'),
      value: payment.method === 'code' ? payment.code.replace(/(.{4})(?=.)/g, '$1-') : t('card.open.payByBalance'),
    },
    ...(byBalance && available !== undefined
      ? [{ key: 'available', label: t('asset.available'), value: money(available) }]
      : []),
    {
      key: 'pay',
      label: t('card.open.review.pay'),
      value: byBalance ? money(product.applicationTotal) : t('card.open.review.coveredByCode'),
      isEmphasised: true,
    },
  ];
  return (
    <ReviewSheet
      isOpen={isOpen}
      title={t('card.open.review.title')}
      rows={rows}
      warning={byBalance ? t('card.open.review.warningBalance') : t('card.open.review.warningCode')}
      confirmLabel={t('card.open.review.confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="card-review"
    />
  );
}
