import { formatFeeRate, formatNumber } from '@kpc/shared';
import { HourglassMedium, Timer } from '@phosphor-icons/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewSheet, type ReviewRow } from '@/components/review-sheet.tsx';
import type { QuoteState } from '@/features/exchange/hooks/use-exchange-quote.ts';

type ShownQuote = Exclude<QuoteState, { status: 'none' }>;

interface ExchangeReviewSheetProps {
  isOpen: boolean;
  /** The quote under review; null once it is gone (confirmed or refused). */
  state: ShownQuote | null;
  secondsLeft: number;
  onConfirm: () => Promise<void>;
  /** Asks for a new quote for the same exchange, when this one ran out. */
  onRefresh: () => Promise<void>;
  onCancel: () => void;
}

/**
 * The last look before an exchange (issue Step 4d, SPEC §3 "Exchange"): send and receive, rate,
 * fee rate, fee, the amount received, and how long the rate holds. When the quote runs out while
 * the sheet is open it says so, and its button asks for a new quote instead; the new terms are then
 * reviewed before Confirm. Test ids `exchange-review-<row>`, `exchange-review-countdown`,
 * `exchange-review-expired`, `exchange-review-confirm`, `exchange-review-requote`,
 * `exchange-review-cancel`.
 */
export function ExchangeReviewSheet({
  isOpen,
  state,
  secondsLeft,
  onConfirm,
  onRefresh,
  onCancel,
}: ExchangeReviewSheetProps) {
  const { t } = useTranslation();
  // While the sheet slides away after the quote is gone, it keeps showing the last one.
  const [shown, setShown] = useState(state);
  if (state && state !== shown) setShown(state);
  if (!shown) return null;

  const { quote } = shown;
  const isExpired = shown.status === 'expired';
  const rows: ReviewRow[] = [
    { key: 'send', label: t('exchange.send'), value: `${formatNumber(quote.amount)} ${quote.from}` },
    { key: 'receive', label: t('exchange.receive'), value: quote.to },
    { key: 'rate', label: t('exchange.rate'), value: `1 ${quote.from} = ${formatNumber(quote.rate)} ${quote.to}` },
    { key: 'fee-rate', label: t('exchange.feeRate'), value: formatFeeRate(quote.feeRate) },
    {
      key: 'fee',
      label: t('exchange.fee'),
      // A KPC fee that burns says so: it goes to "KPC burned" on Home, not to the programme.
      value: `${formatNumber(quote.fee)} ${quote.from}${quote.feeBurned ? ` · ${t('exchange.feeBurned')}` : ''}`,
    },
    {
      key: 'received',
      label: t('exchange.received'),
      value: `${formatNumber(quote.received)} ${quote.to}`,
      isEmphasised: true,
    },
  ];

  return (
    <ReviewSheet
      isOpen={isOpen}
      title={t('exchange.review.title')}
      rows={rows}
      isStale={isExpired}
      confirmLabel={isExpired ? t('exchange.requote') : t('exchange.confirm')}
      onConfirm={isExpired ? onRefresh : onConfirm}
      onCancel={onCancel}
      testId="exchange-review"
      confirmTestId={isExpired ? 'exchange-review-requote' : 'exchange-review-confirm'}
    >
      {isExpired ? (
        <p className="review-sheet__note review-sheet__note--alert" role="alert" data-testid="exchange-review-expired">
          <HourglassMedium size={18} aria-hidden="true" />
          {t('exchange.expired')}
        </p>
      ) : (
        <p className="review-sheet__note" data-testid="exchange-review-countdown">
          <Timer size={18} aria-hidden="true" />
          {t('exchange.expiresIn', { seconds: secondsLeft })}
        </p>
      )}
    </ReviewSheet>
  );
}
