import { ClockCounterClockwise } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { DevClock } from '@/components/dev-clock.tsx';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ROUTES } from '@/config/routes.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { usePlanProducts } from '@/lib/api/get-plan-products.ts';
import { EsopOrders } from '@/features/esop/components/esop-orders.tsx';
import { EsopSubscribeForm } from '@/features/esop/components/esop-subscribe-form.tsx';
import { EsopTermsCard } from '@/features/esop/components/esop-terms-card.tsx';
import '@/components/record.css';
import '@/features/esop/esop.css';

/**
 * /pages/plan/kpc (login required) — the ESOP / KPC plan (SPEC §4 "Plan release", issue 10 part 2):
 * the live terms and price, subscribing with USDT after a review, and the member's orders as their
 * phases release. The release log is behind the clock icon. In development, the clock control
 * lets a newcomer watch the lock-up end and phases release.
 */
export function EsopPage() {
  const { t } = useTranslation();
  const productsQuery = usePlanProducts();
  const products = productsQuery.data;

  const logLink = (
    <button
      type="button"
      className="icon-button"
      aria-label={t('esop.logLink')}
      onClick={() => navigateTo(ROUTES.esopLog)}
      data-testid="esop-log-link"
    >
      <ClockCounterClockwise size={22} />
    </button>
  );

  return (
    <div className="page" data-testid="esop-page">
      <PageNavBar title={t('esop.title')} right={logLink} />
      {products ? (
        <div className="esop">
          <EsopTermsCard terms={products.esop} phaseDays={products.phaseDays} />
          <EsopSubscribeForm terms={products.esop} phaseDays={products.phaseDays} />
        </div>
      ) : productsQuery.isError ? (
        <LoadFailed onRetry={() => void productsQuery.refetch()} />
      ) : (
        <PageLoading />
      )}
      <EsopOrders />
      <DevClock />
    </div>
  );
}
