import { formatNumber, type TKlkTier } from '@kpc/shared';
import { ArrowsClockwise } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { ReviewSheet, type ReviewRow } from '@/components/review-sheet.tsx';
import { useKlkLevelName } from '@/features/klk/hooks/use-klk-level-name.ts';

/** What the member is about to buy, as the page showed it. */
export interface KlkReview {
  tier: TKlkTier;
  asset: string;
  /** The level held now, or null before a first package. */
  fromLevel: string | null;
  /** Available balance of the asset, or undefined while unknown. */
  available: string | undefined;
  /** What the review showed before the server refused it as changed (PRICE_CHANGED), or null. */
  payWas: string | null;
}

interface KlkReviewSheetProps {
  isOpen: boolean;
  review: KlkReview | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/**
 * The last look before USDT leaves: the package, the level before and after, what is paid now and
 * how many codes it issues. Test ids `klk-review-<row>`, `klk-review-confirm`, `klk-review-cancel`.
 */
export function KlkReviewSheet({ isOpen, review, onConfirm, onCancel }: KlkReviewSheetProps) {
  const { t } = useTranslation();
  const levelName = useKlkLevelName();
  if (!review) return null;
  const { tier, asset, fromLevel, available, payWas } = review;
  const money = (value: string) => `${formatNumber(value)} ${asset}`;
  const rows: ReviewRow[] = [
    { key: 'package', label: t('klk.review.package'), value: levelName(tier.level) },
    ...(fromLevel
      ? [{ key: 'level', label: t('klk.review.level'), value: `${levelName(fromLevel)} → ${levelName(tier.level)}` }]
      : []),
    { key: 'codes', label: t('klk.review.codes'), value: String(tier.codesNow ?? 0) },
    ...(available !== undefined ? [{ key: 'available', label: t('asset.available'), value: money(available) }] : []),
    { key: 'pay', label: t('klk.review.pay'), value: money(tier.payNow ?? tier.price), isEmphasised: true },
  ];
  return (
    <ReviewSheet
      isOpen={isOpen}
      title={fromLevel ? t('klk.review.upgradeTitle') : t('klk.review.title')}
      rows={rows}
      warning={t('klk.review.warning')}
      confirmLabel={t('klk.review.confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="klk-review"
    >
      {payWas !== null && (
        <p
          className="review-sheet__note review-sheet__note--alert klk-review__changed"
          role="alert"
          data-testid="klk-review-changed"
        >
          <ArrowsClockwise size={18} aria-hidden="true" />
          <span>{t('klk.review.priceChanged', { from: money(payWas), to: money(tier.payNow ?? tier.price) })}</span>
        </p>
      )}
    </ReviewSheet>
  );
}
