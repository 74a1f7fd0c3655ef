import { useQueryClient } from '@tanstack/react-query';
import { X } from '@phosphor-icons/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CursorList } from '@/components/cursor-list.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ESOP_LOG_ORDER_PARAM, ROUTES } from '@/config/routes.ts';
import { replaceWith } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { esopLogSource } from '@/features/esop/api/get-esop-log.ts';
import { ESOP_ORDERS_REFRESH_MS } from '@/features/esop/api/get-esop-orders.ts';
import { EsopReleaseItem } from '@/features/esop/components/esop-release-item.tsx';
import '@/features/esop/esop.css';

/**
 * /pages/plan/kpc-log (login required), `?orderId=` for one order — every phase released, newest
 * first. Releases arrive from the server's engine, so the list is read again when the page opens
 * and while it stays open.
 */
export function EsopLogPage() {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get(ESOP_LOG_ORDER_PARAM) || null;
  const source = esopLogSource(token, orderId);
  const queryClient = useQueryClient();
  const queryKeyText = JSON.stringify(source.queryKey);

  useEffect(() => {
    const queryKey = JSON.parse(queryKeyText) as readonly unknown[];
    // A list read earlier in this session is shown at once and read again; a new one loads anyway.
    if (queryClient.getQueryData(queryKey)) void queryClient.invalidateQueries({ queryKey, exact: true });
    const timer = window.setInterval(
      () => void queryClient.invalidateQueries({ queryKey, exact: true }),
      ESOP_ORDERS_REFRESH_MS,
    );
    return () => window.clearInterval(timer);
  }, [queryClient, queryKeyText]);

  return (
    <div className="page" data-testid="esop-log-page">
      <PageNavBar title={t('esop.log.title')} />
      {orderId !== null && (
        <div className="esop-log__filter">
          <span data-testid="esop-log-filter">{t('esop.log.filtered', { id: orderId })}</span>
          <button
            type="button"
            className="esop-log__clear"
            onClick={() => replaceWith(ROUTES.esopLog)}
            data-testid="esop-log-all"
          >
            <X size={14} weight="bold" aria-hidden="true" />
            {t('esop.log.allOrders')}
          </button>
        </div>
      )}
      <CursorList
        source={source}
        renderItem={(release) => <EsopReleaseItem release={release} />}
        emptyText={t('esop.log.empty')}
        testId="esop-log-list"
      />
    </div>
  );
}
