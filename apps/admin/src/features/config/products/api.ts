import { ErrorCode } from '@kpc/shared';
import type { TConfigDomain, TProductStatusRequest } from '@kpc/shared/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { configQueryKey } from '../api/config-history.ts';

/** A product row as the list answers it: its fields, its status and configuration version. */
export type ProductRow = Record<string, unknown> & { status: 'active' | 'closed'; version: number };

/** Refusals the edit drawer shows in place (the reason on screen), not as a passing toast. */
export const SHOWN_IN_FORM = [
  ErrorCode.CONFIG_CONFLICT,
  ErrorCode.CONFIG_INVALID,
  ErrorCode.CONFIG_RATE_RANGE,
  ErrorCode.CONFIG_PHASES_INVALID,
  ErrorCode.CONFIG_NEGATIVE,
  ErrorCode.CONFIG_MIN_ABOVE_MAX,
  ErrorCode.CONFIG_PERIOD_INVALID,
  ErrorCode.CONFIG_DUPLICATE,
  ErrorCode.CONFIG_NOT_FOUND,
  ErrorCode.INVALID_REQUEST,
];

/** POST /api/operator/config/<domain>/list — every row, offered or withdrawn (config.manage). */
export function useProductRows(domain: TConfigDomain) {
  return useQuery({
    queryKey: configQueryKey(domain, 'rows'),
    queryFn: async () => (await request<{ list: ProductRow[] }>(`/config/${domain}/list`, {})).list,
  });
}

/**
 * POST /api/operator/config/<domain>/save (terms: config.manage + config.money and a fresh second
 * factor, asked for by the wire client) or /status (offer, withdraw, order: config.manage). Either
 * refreshes the rows and the history.
 */
export function useProductChange(domain: TConfigDomain) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      body,
    }: {
      action: 'save' | 'status';
      body: Record<string, unknown> | TProductStatusRequest;
    }) => request<{ list: ProductRow[] }>(`/config/${domain}/${action}`, body, { quietCodes: SHOWN_IN_FORM }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configQueryKey(domain) }),
  });
}
