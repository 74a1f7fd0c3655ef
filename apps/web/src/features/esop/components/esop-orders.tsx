import { Receipt } from '@phosphor-icons/react';
import { Button, Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { useEsopOrders } from '@/features/esop/api/get-esop-orders.ts';
import { EsopOrderCard, EsopOrderSkeleton } from '@/features/esop/components/esop-order-card.tsx';

/**
 * "My orders" of the KPC plan: skeletons until the first answer, then each order, newest first.
 * Releases come from the server's engine, so the list reads itself again while it is shown.
 */
export function EsopOrders() {
  const { t } = useTranslation();
  const query = useEsopOrders();
  const { orders } = query;

  let body;
  if (orders === undefined) {
    body = query.isError ? (
      <LoadFailed onRetry={() => void query.refetch()} />
    ) : (
      <div role="status" aria-label={t('list.loading')} data-testid="esop-orders-loading">
        <EsopOrderSkeleton />
        <EsopOrderSkeleton />
      </div>
    );
  } else if (orders.length === 0) {
    body = (
      <Empty
        className="empty-state"
        image={<Receipt size={64} weight="thin" />}
        description={t('esop.orders.empty')}
        data-testid="esop-orders-empty"
      />
    );
  } else {
    body = (
      <div className="esop-orders__list" data-testid="esop-orders">
        {orders.map((order) => (
          <EsopOrderCard key={order.id} order={order} />
        ))}
        {query.hasNextPage && (
          <Button
            block
            fill="none"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid="esop-orders-more"
          >
            {t('esop.orders.more')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <section className="esop-orders">
      <div className="esop-orders__head">
        <h2 className="section-title">{t('esop.orders.title')}</h2>
        <span className="esop-orders__live">
          <span className="esop-orders__live-dot" aria-hidden="true" />
          {t('esop.orders.autoRefresh')}
        </span>
      </div>
      {body}
    </section>
  );
}
