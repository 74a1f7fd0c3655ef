import { formatNumber, type WithdrawFee } from '@kpc/shared';
import { Info } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import '@/components/quote-panel.css';

interface WithdrawSummaryProps {
  /** The fee preview of a valid amount; null shows dashes. */
  preview: WithdrawFee | null;
  asset: string;
}

/**
 * SPEC §2 Withdraw: the fee, the amount received and what leaves the balance, with where the fee
 * comes from (SPEC §5: the balance first, otherwise the amount). Test ids `withdraw-summary-<row>`
 * and `withdraw-fee-from`.
 */
export function WithdrawSummary({ preview, asset }: WithdrawSummaryProps) {
  const { t } = useTranslation();
  const show = (value: string | undefined) => (value === undefined ? '—' : `${formatNumber(value)} ${asset}`);
  const rows = [
    { key: 'fee', label: t('withdraw.fee'), value: show(preview?.fee) },
    { key: 'received', label: t('withdraw.received'), value: show(preview?.received) },
    { key: 'deducted', label: t('withdraw.deducted'), value: show(preview?.total) },
  ];

  return (
    <section className="quote-panel withdraw-summary" data-testid="withdraw-summary">
      <dl className="quote-panel__rows">
        {rows.map((row) => (
          <div key={row.key} className={`quote-panel__row quote-panel__row--${row.key}`}>
            <dt>{row.label}</dt>
            <dd data-testid={`withdraw-summary-${row.key}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {preview && (
        <p className="quote-panel__status withdraw-summary__note" data-testid="withdraw-fee-from">
          <Info size={18} aria-hidden="true" />
          {preview.feeFrom === 'balance' ? t('withdraw.feeFromBalance') : t('withdraw.feeFromAmount')}
        </p>
      )}
    </section>
  );
}
