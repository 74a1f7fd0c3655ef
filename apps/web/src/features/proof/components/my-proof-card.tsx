import { formatNumber, type TLiabilityProof, type TLiabilitySnapshot } from '@kpc/shared';
import { CheckCircle, DownloadSimple, Hourglass, WarningCircle } from '@phosphor-icons/react';
import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadProof } from '@/features/proof/lib/proof-file.ts';
import { useVerification } from '@/features/proof/lib/use-verification.ts';

/**
 * The member's own part: whether the app could recompute the published root from their leaf and
 * path, their balances as the snapshot counted them, and the proof to download and check offline.
 * Test ids `proof-mine`, `proof-verdict` (with `data-state`), `proof-balance-<asset>`, `proof-download`.
 */
export function MyProofCard({ published, proof }: { published: TLiabilitySnapshot; proof: TLiabilityProof }) {
  const { t } = useTranslation();
  const verification = useVerification(published, proof);
  const result = verification.data;

  let icon: ReactNode = <Hourglass size={28} weight="duotone" aria-hidden="true" />;
  let state = 'checking';
  let title = t('proof.checking');
  let text = t('proof.checkingText');
  if (result?.state === 'verified') {
    icon = <CheckCircle size={28} weight="fill" aria-hidden="true" />;
    state = 'verified';
    title = t('proof.verified');
    text = t('proof.verifiedText', { count: proof.path.length });
  } else if (result?.state === 'failed') {
    icon = <WarningCircle size={28} weight="fill" aria-hidden="true" />;
    state = 'failed';
    title = t('proof.failed');
    text = t(`proof.reasons.${result.reason}`);
  } else if (result?.state === 'unsupported' || verification.isError) {
    icon = <WarningCircle size={28} weight="duotone" aria-hidden="true" />;
    state = 'unsupported';
    title = t('proof.unsupported');
    text = t('proof.unsupportedText');
  }

  return (
    <section className="proof-card" data-testid="proof-mine">
      <div
        className={`proof-verdict proof-verdict--${state}`}
        role="status"
        data-testid="proof-verdict"
        data-state={state}
      >
        <span className="proof-verdict__icon">{icon}</span>
        <div>
          <h2 className="proof-verdict__title">{title}</h2>
          <p className="proof-verdict__text">{text}</p>
        </div>
      </div>
      <h3 className="proof-card__subtitle">{t('proof.myBalances')}</h3>
      <dl className="record__facts">
        {published.assets.map((asset, index) => (
          <div key={asset}>
            <dt>{asset}</dt>
            <dd data-testid={`proof-balance-${asset}`}>{formatNumber(proof.balances[index])}</dd>
          </div>
        ))}
      </dl>
      <Button
        block
        fill="outline"
        color="primary"
        size="large"
        className="proof-card__action"
        onClick={() => downloadProof(published, proof)}
        data-testid="proof-download"
      >
        <DownloadSimple size={18} aria-hidden="true" /> {t('proof.download')}
      </Button>
      <p className="proof-card__note">{t('proof.offline')}</p>
    </section>
  );
}

/** While the member's proof loads: the card's shape, never a false verdict. */
export function MyProofSkeleton() {
  return (
    <section className="proof-card" data-testid="proof-mine-loading">
      <Skeleton.Title animated />
      <Skeleton.Paragraph animated lineCount={3} />
    </section>
  );
}
