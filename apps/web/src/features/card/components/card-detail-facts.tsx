import { formatFeeRate, formatNumber, type TCardListItem, type TCardProductInfo } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { ReviewRows, type ReviewRow } from '@/components/review-sheet.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useCardNames } from '@/features/card/hooks/use-card-names.ts';

/** `YYYY-MM-DD` of an ISO time, in the member's time zone. */
const formatDate = (iso: string) => formatDateTime(iso).slice(0, 10);

/**
 * The card's details (SPEC §3 Card, §9 fees and limits): product (the card's label, in the member's
 * language, not the issuer's English label: issue 24), network, card ID, region, when it was issued
 * and bound, the monthly fee and when it is next charged, the top-up fee and the limits. The
 * product's rows wait for the products. Test ids `card-detail-<row key>`.
 */
export function CardDetailFacts({
  card,
  product,
  asset,
}: {
  card: TCardListItem;
  product: TCardProductInfo | undefined;
  asset: string;
}) {
  const { t } = useTranslation();
  const names = useCardNames();
  const money = (value: string) => `${formatNumber(value)} ${asset}`;
  const rows: ReviewRow[] = [
    { key: 'fact-product', label: t('card.detail.product'), value: names.product(card.product) },
    { key: 'fact-network', label: t('card.detail.network'), value: names.network(card.network) },
    { key: 'fact-card-id', label: t('card.cardId'), value: card.cardId },
    { key: 'fact-region', label: t('card.region'), value: `${names.country(card.region)} (${card.region})` },
    { key: 'fact-issued', label: t('card.detail.issuedAt'), value: formatDate(card.issuedAt) },
    ...(card.boundAt ? [{ key: 'fact-bound', label: t('card.detail.boundAt'), value: formatDate(card.boundAt) }] : []),
    ...(card.nextMonthlyFeeAt
      ? [{ key: 'fact-next-fee', label: t('card.detail.nextMonthlyFee'), value: formatDate(card.nextMonthlyFeeAt) }]
      : []),
    ...(product
      ? [
          { key: 'fact-monthly-fee', label: t('card.fees.monthly'), value: money(product.fees.monthly) },
          {
            key: 'fact-top-up-fee',
            label: t('card.fees.topUpFee'),
            value: t('card.fees.topUpFeeValue', {
              rate: formatFeeRate(product.fees.topUpFeeRate),
              min: money(product.fees.topUpMinFee),
            }),
          },
          { key: 'fact-limit-single', label: t('card.limits.single'), value: money(product.limits.single) },
          { key: 'fact-limit-daily', label: t('card.limits.daily'), value: money(product.limits.daily) },
          { key: 'fact-limit-monthly', label: t('card.limits.monthly'), value: money(product.limits.monthly) },
        ]
      : []),
  ];
  return (
    <section className="card-detail-facts">
      <h2 className="section-title">{t('card.detail.details')}</h2>
      <ReviewRows rows={rows} testId="card-detail" />
    </section>
  );
}
