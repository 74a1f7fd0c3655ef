import { X } from '@phosphor-icons/react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CursorList } from '@/components/cursor-list.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { PLAN_LOG_ORDER_PARAM, ROUTES } from '@/config/routes.ts';
import { redirectTo } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { planLogSource } from '@/features/plan/api/get-plan-log.ts';
import { PlanReleaseItem } from '@/features/plan/components/plan-release-item.tsx';
import { usePlanAutoRefresh } from '@/features/plan/hooks/use-plan-auto-refresh.ts';
import '@/features/plan/plan.css';

/**
 * /pages/plan/log (login required) — the investment plan's daily releases, newest first, a page at
 * a time; one order's with `?orderId=` (as its card links here), which the member can clear. New
 * releases appear on their own, like on the orders.
 */
export function PlanLogPage() {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get(PLAN_LOG_ORDER_PARAM) || null;
  usePlanAutoRefresh();

  return (
    <div className="page" data-testid="plan-log-page">
      <PageNavBar title={t('plan.log.title')} />
      {orderId && (
        <div className="plan-log__filter">
          <span className="plan-log__chip" data-testid="plan-log-order">
            {t('plan.order.number', { id: orderId })}
            <button
              type="button"
              className="plan-log__clear"
              aria-label={t('plan.log.allOrders')}
              onClick={() => redirectTo(ROUTES.planLog)}
              data-testid="plan-log-clear"
            >
              <span className="plan-log__clear-icon">
                <X size={14} weight="bold" aria-hidden="true" />
              </span>
            </button>
          </span>
        </div>
      )}
      <CursorList
        source={planLogSource(token, orderId)}
        renderItem={(item) => <PlanReleaseItem item={item} />}
        emptyText={t('plan.log.empty')}
        testId="plan-log-list"
      />
    </div>
  );
}
