import type { TOperator } from '@kpc/shared/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export const OPERATORS_QUERY_KEY = ['operators'] as const;

/** POST /api/operator/operators/list — every operator (operators.manage). */
export async function listOperators(): Promise<TOperator[]> {
  return (await request<{ list: TOperator[] }>('/operators/list')).list;
}

export function operatorsQueryOptions() {
  return queryOptions({ queryKey: OPERATORS_QUERY_KEY, queryFn: listOperators });
}

export function useOperators() {
  return useQuery(operatorsQueryOptions());
}
