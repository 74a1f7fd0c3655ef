import { formatFeeRate, formatNumber } from '@kpc/shared';
import { HourglassMedium, Timer } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import type { QuoteState } from '@/features/exchange/hooks/use-exchange-quote.ts';
import '@/components/quote-panel.css';

interface QuotePanelProps {
  state: Exclude<QuoteState, { status: 'none' }>;
  secondsLeft: number;
}

/** The quoted terms (SPEC §3 "Exchange": rate, fee rate, fee, amount received) and the time the rate holds. */
export function QuotePanel({ state, secondsLeft }: QuotePanelProps) {
  const { t } = useTranslation();
  const { quote } = state;
  const isExpired = state.status === 'expired';
  const rows = [
    { key: 'rate', label: t('exchange.rate'), value: `1 ${quote.from} = ${formatNumber(quote.rate)} ${quote.to}` },
    { key: 'fee-rate', label: t('exchange.feeRate'), value: formatFeeRate(quote.feeRate) },
    {
      key: 'fee',
      label: t('exchange.fee'),
      // A KPC fee that burns says so: it goes to "KPC burned" on Home, not to the programme.
      value: `${formatNumber(quote.fee)} ${quote.from}${quote.feeBurned ? ` · ${t('exchange.feeBurned')}` : ''}`,
    },
    { key: 'received', label: t('exchange.received'), value: `${formatNumber(quote.received)} ${quote.to}` },
  ];

  return (
    <section className={isExpired ? 'quote-panel quote-panel--expired' : 'quote-panel'} data-testid="exchange-quote">
      <dl className="quote-panel__rows">
        {rows.map((row) => (
          <div key={row.key} className={`quote-panel__row quote-panel__row--${row.key}`}>
            <dt>{row.label}</dt>
            <dd data-testid={`exchange-quote-${row.key}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {isExpired ? (
        <p
          className="quote-panel__status quote-panel__status--expired"
          role="alert"
          data-testid="exchange-quote-expired"
        >
          <HourglassMedium size={18} aria-hidden="true" />
          {t('exchange.expired')}
        </p>
      ) : (
        <p className="quote-panel__status" data-testid="exchange-quote-countdown">
          <Timer size={18} aria-hidden="true" />
          {t('exchange.expiresIn', { seconds: secondsLeft })}
        </p>
      )}
    </section>
  );
}
