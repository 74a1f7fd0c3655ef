import { formatFeeRate, formatNumber, REQUIRED_CONFIRMATIONS, type TWithdrawChannel } from '@kpc/shared';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §2 Withdraw "notes": the minimum, the fee rule, how withdrawals are processed, the
 * confirmations they wait for, and a warning to check address and network.
 */
export function WithdrawNotes({ channel }: { channel: TWithdrawChannel }) {
  const { t } = useTranslation();
  const notes = [
    t('withdraw.notes.minimum', { min: formatNumber(channel.minimum), asset: channel.asset }),
    t('withdraw.notes.fee', {
      feeRate: formatFeeRate(channel.feeRate),
      minFee: formatNumber(channel.minFee),
      asset: channel.asset,
    }),
    t('withdraw.notes.processing'),
    t('withdraw.notes.confirmations', { confirmations: REQUIRED_CONFIRMATIONS }),
    t('withdraw.notes.check'),
  ];
  return (
    <section className="withdraw-notes" data-testid="withdraw-notes">
      <h2 className="withdraw-notes__title">{t('withdraw.notes.title')}</h2>
      <ol className="withdraw-notes__list">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ol>
    </section>
  );
}
