import { DASHBOARD_DEFAULT_DAYS, type TDashboardDailyResponse } from '@kpc/shared/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST /api/operator/dashboard/daily {days} — per UTC day, oldest first, every day present (dashboard.read). */
export function getDailyFigures(days: number): Promise<TDashboardDailyResponse> {
  return request<TDashboardDailyResponse>('/dashboard/daily', { days });
}

export function dailyFiguresQueryOptions(days = DASHBOARD_DEFAULT_DAYS) {
  return queryOptions({ queryKey: ['dashboard', 'daily', days] as const, queryFn: () => getDailyFigures(days) });
}

export function useDailyFigures(days = DASHBOARD_DEFAULT_DAYS) {
  return useQuery(dailyFiguresQueryOptions(days));
}
