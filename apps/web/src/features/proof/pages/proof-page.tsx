import { ShieldCheck } from '@phosphor-icons/react';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { LOGIN_REDIRECT_PARAM, ROUTES } from '@/config/routes.ts';
import { useLatestLiabilities, useLiabilityProof } from '@/features/proof/api/get-liabilities.ts';
import { MyProofCard, MyProofSkeleton } from '@/features/proof/components/my-proof-card.tsx';
import { SnapshotCard } from '@/features/proof/components/snapshot-card.tsx';
import { navigateTo } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import '@/components/record.css';
import '@/features/proof/proof.css';

/**
 * /pages/proof/index (public; Step 11 §1 "Verify my balance") — the latest proof-of-liabilities
 * snapshot published to everyone and, for a member, their balances in it, checked in the browser:
 * their leaf and path must climb to the published root (WebCrypto), and the proof downloads for the
 * offline script. A visitor sees the published figures and is offered a login to check their own.
 */
export function ProofPage() {
  const { t } = useTranslation();
  const isMember = useUserStore((state) => state.token !== '');
  const latest = useLatestLiabilities();
  const mine = useLiabilityProof();
  const published = latest.data?.snapshot;
  const ownSnapshotId = mine.data?.snapshot?.id;

  // A snapshot published between the two answers: ask again for the one that is behind.
  const isBehind = published && ownSnapshotId && published.id !== ownSnapshotId;
  useEffect(() => {
    if (!isBehind) return;
    if (BigInt(published.id) < BigInt(ownSnapshotId)) void latest.refetch();
    else void mine.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the two disagree
  }, [isBehind, published?.id, ownSnapshotId]);

  let snapshotSection;
  if (latest.data) {
    snapshotSection = published ? (
      <SnapshotCard snapshot={published} />
    ) : (
      <p className="proof-empty" data-testid="proof-none">
        {t('proof.none')}
      </p>
    );
  } else if (latest.isError) {
    snapshotSection = <LoadFailed onRetry={() => void latest.refetch()} />;
  } else {
    snapshotSection = (
      <section className="proof-card" data-testid="proof-snapshot-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph animated lineCount={4} />
      </section>
    );
  }

  let memberSection = null;
  if (!isMember) {
    memberSection = (
      <div className="page-section">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => {
            navigateTo(`${ROUTES.login}?${LOGIN_REDIRECT_PARAM}=${encodeURIComponent(ROUTES.proof)}`);
          }}
          data-testid="proof-login"
        >
          {t('proof.loginToVerify')}
        </Button>
      </div>
    );
  } else if (published) {
    if (mine.isError) memberSection = <LoadFailed onRetry={() => void mine.refetch()} />;
    else if (!mine.data || isBehind) memberSection = <MyProofSkeleton />;
    else if (mine.data.proof) memberSection = <MyProofCard published={published} proof={mine.data.proof} />;
    else
      memberSection = (
        <p className="proof-empty" data-testid="proof-not-included">
          {t('proof.notIncluded')}
        </p>
      );
  }

  return (
    <div className="page" data-testid="proof-page">
      <PageNavBar title={t('proof.title')} />
      <section className="summary-card">
        <ShieldCheck className="summary-card__icon" size={40} weight="duotone" aria-hidden="true" />
        <div className="summary-card__main">
          <strong className="summary-card__figure">{t('proof.heading')}</strong>
          <span className="summary-card__muted">{t('proof.intro')}</span>
        </div>
      </section>
      {memberSection}
      {snapshotSection}
      <section className="proof-card proof-how">
        <h2 className="proof-card__title">{t('proof.howTitle')}</h2>
        <ol className="proof-how__steps">
          <li>{t('proof.how1')}</li>
          <li>{t('proof.how2')}</li>
          <li>{t('proof.how3')}</li>
        </ol>
      </section>
    </div>
  );
}
