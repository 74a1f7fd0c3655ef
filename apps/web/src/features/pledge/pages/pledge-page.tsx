import { Vault } from '@phosphor-icons/react';
import { Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DevClock } from '@/components/dev-clock.tsx';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { usePlanProducts } from '@/lib/api/get-plan-products.ts';
import { MyPledges } from '@/features/pledge/components/my-pledges.tsx';
import { PledgeBalances } from '@/features/pledge/components/pledge-balances.tsx';
import { PledgeForm } from '@/features/pledge/components/pledge-form.tsx';
import '@/features/pledge/pledge.css';

/**
 * /pages/plan/pledge (login required; staking, SPEC §1 and §3 "Pledge") — the member's KPC, the
 * pledge form (term, amount, reward preview, review) and "My pledges" with early redemption. In
 * development, the clock control lets a newcomer watch rewards and maturities arrive.
 */
export function PledgePage() {
  const { t } = useTranslation();
  const productsQuery = usePlanProducts();
  const terms = productsQuery.data?.pledgeTerms ?? [];

  let form;
  if (!productsQuery.data) {
    form = productsQuery.isError ? <LoadFailed onRetry={() => void productsQuery.refetch()} /> : <PageLoading />;
  } else if (terms.length === 0) {
    form = <Empty className="empty-state" image={<Vault size={64} weight="thin" />} description={t('pledge.closed')} />;
  } else {
    form = <PledgeForm terms={terms} />;
  }

  return (
    <div className="page" data-testid="pledge-page">
      <PageNavBar title={t('pledge.title')} />
      <PledgeBalances />
      <section className="pledge-section">{form}</section>
      <h2 className="pledge-heading">{t('pledge.mine')}</h2>
      <MyPledges />
      <DevClock />
    </div>
  );
}
