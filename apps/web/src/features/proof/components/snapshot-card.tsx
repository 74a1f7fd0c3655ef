import { formatNumber, type TLiabilitySnapshot } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';

/**
 * The published snapshot (the same for everyone): when the balances were read, how many members it
 * counts, its root hash and what the programme owes its members per asset. Test ids
 * `proof-snapshot`, `proof-taken-at`, `proof-members`, `proof-root`, `proof-total-<asset>`.
 */
export function SnapshotCard({ snapshot }: { snapshot: TLiabilitySnapshot }) {
  const { t } = useTranslation();
  return (
    <section className="proof-card" data-testid="proof-snapshot" data-snapshot-id={snapshot.id}>
      <h2 className="proof-card__title">{t('proof.published')}</h2>
      <dl className="record__facts">
        <div>
          <dt>{t('proof.takenAt')}</dt>
          <dd data-testid="proof-taken-at">{formatDateTime(snapshot.takenAt)}</dd>
        </div>
        <div>
          <dt>{t('proof.members')}</dt>
          <dd data-testid="proof-members">{formatNumber(String(snapshot.leafCount))}</dd>
        </div>
        {snapshot.assets.map((asset, index) => (
          <div key={asset}>
            <dt>{t('proof.totalOwed', { asset })}</dt>
            <dd data-testid={`proof-total-${asset}`}>{`${formatNumber(snapshot.totals[index])} ${asset}`}</dd>
          </div>
        ))}
        <div className="record__fact--wide">
          <dt>{t('proof.rootHash')}</dt>
          <dd className="proof-hash">
            <code translate="no" data-testid="proof-root">
              {snapshot.rootHash}
            </code>
            <CopyButton text={snapshot.rootHash} testId="proof-root-copy" />
          </dd>
        </div>
      </dl>
    </section>
  );
}
