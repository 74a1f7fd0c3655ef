import { ChartLineUp } from '@phosphor-icons/react';
import { Button, Empty, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { BalanceToggle } from '@/components/balance-toggle.tsx';
import { LoadFailed } from '@/components/load-failed.tsx';
import { mergePages } from '@/lib/cursor-list.ts';
import { usePlanOrders } from '@/features/plan/api/get-plan-orders.ts';
import { PlanOrderCard } from './plan-order-card.tsx';

/** The cards' shape while the first page loads: never "no orders", never a false 0. */
function PlanOrdersSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="plan-orders__list" role="status" aria-label={t('list.loading')} data-testid="plan-orders-loading">
      {[0, 1].map((card) => (
        <div key={card} className="plan-card">
          <Skeleton.Title animated />
          <Skeleton.Paragraph animated lineCount={5} />
        </div>
      ))}
    </div>
  );
}

/** "My orders": the member's investment orders, newest first, a page at a time. */
export function PlanOrders() {
  const { t } = useTranslation();
  const query = usePlanOrders();
  const orders = mergePages(query.data?.pages ?? []);

  let body;
  if (query.isPending) {
    body = <PlanOrdersSkeleton />;
  } else if (query.isError && !query.data) {
    body = <LoadFailed onRetry={() => void query.refetch()} />;
  } else if (orders.length === 0) {
    body = (
      <Empty
        className="empty-state"
        image={<ChartLineUp size={64} weight="thin" />}
        description={t('plan.orders.empty')}
        data-testid="plan-orders-empty"
      />
    );
  } else {
    body = (
      <div className="plan-orders__list" data-testid="plan-orders">
        {orders.map((order) => (
          <PlanOrderCard key={order.id} order={order} />
        ))}
        {query.hasNextPage && (
          <Button
            block
            fill="outline"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid="plan-orders-more"
          >
            {t('plan.orders.more')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <section className="plan-section plan-orders" aria-labelledby="plan-orders-title">
      <div className="plan-section__head">
        <h2 className="plan-section__title" id="plan-orders-title">
          {t('plan.orders.title')}
        </h2>
        <BalanceToggle testId="plan-hide-balances" />
      </div>
      {body}
    </section>
  );
}
