import { ChartLineUp, ClockCounterClockwise } from '@phosphor-icons/react';
import { Empty, Skeleton } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DevClock } from '@/components/dev-clock.tsx';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ROUTES } from '@/config/routes.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { usePlanProducts } from '@/lib/api/get-plan-products.ts';
import { PlanJoinForm } from '@/features/plan/components/plan-join-form.tsx';
import { PlanOrders } from '@/features/plan/components/plan-orders.tsx';
import { usePlanAutoRefresh } from '@/features/plan/hooks/use-plan-auto-refresh.ts';
import '@/features/plan/plan.css';

/** The join form's shape while the products load. */
function PlanProductsSkeleton() {
  return (
    <div className="plan-section" role="status" data-testid="plan-products-loading">
      <Skeleton.Title animated />
      <div className="plan-card">
        <Skeleton.Paragraph animated lineCount={6} />
      </div>
    </div>
  );
}

/**
 * /pages/plan/index (login required) — the investment plan (SPEC §2, §3, issue 10 §1): the
 * products and their terms, joining with USDT from available after a review, and "my orders" with
 * every figure of an order. The orders refresh on their own, so a release shows without a reload;
 * in development, the clock control lets a newcomer watch releases arrive.
 */
export function PlanPage() {
  const { t } = useTranslation();
  const productsQuery = usePlanProducts();
  const ordersRef = useRef<HTMLDivElement>(null);
  usePlanAutoRefresh();
  const products = productsQuery.data?.investment;

  let join;
  if (products && products.length > 0) {
    join = (
      <PlanJoinForm
        products={products}
        onJoined={() => ordersRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      />
    );
  } else if (products) {
    join = (
      <Empty
        className="empty-state"
        image={<ChartLineUp size={64} weight="thin" />}
        description={t('plan.products.closed')}
        data-testid="plan-products-closed"
      />
    );
  } else if (productsQuery.isError) {
    join = <LoadFailed onRetry={() => void productsQuery.refetch()} />;
  } else {
    join = <PlanProductsSkeleton />;
  }

  const logLink = (
    <button
      type="button"
      className="icon-button"
      aria-label={t('plan.log.title')}
      onClick={() => navigateTo(ROUTES.planLog)}
      data-testid="plan-log-link"
    >
      <ClockCounterClockwise size={22} />
    </button>
  );

  return (
    <div className="page plan-page" data-testid="plan-page">
      <PageNavBar title={t('plan.title')} right={logLink} />
      {join}
      {/* Kept out of the layout until the join form has its height (its skeleton is shorter): shown
          below a skeleton, "My orders" jumped down as the products arrived (Lighthouse CLS 0.24). Its
          data loads meanwhile. */}
      <div hidden={!products && !productsQuery.isError} data-testid="plan-below-join">
        <div ref={ordersRef}>
          <PlanOrders />
        </div>
        <DevClock />
      </div>
    </div>
  );
}
