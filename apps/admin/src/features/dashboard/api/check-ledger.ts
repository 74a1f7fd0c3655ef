import type { TLedgerCheckResponse } from '@kpc/shared/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/**
 * POST /api/operator/dashboard/ledger-check — every member balance equals its postings, every
 * entry balances, none is negative; with examples of what does not.
 */
export function checkLedger(): Promise<TLedgerCheckResponse> {
  return request<TLedgerCheckResponse>('/dashboard/ledger-check');
}

/** Reads the whole ledger: asked when the dashboard opens or on demand, not on every focus. */
export function ledgerCheckQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'ledger-check'] as const,
    queryFn: checkLedger,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

export function useLedgerCheck() {
  return useQuery(ledgerCheckQueryOptions());
}
