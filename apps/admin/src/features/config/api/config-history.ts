import type { TConfigDomain, TConfigHistoryRequest, TConfigHistoryResponse } from '@kpc/shared/operator';
import { request } from '@/lib/request.ts';

/** Every configuration query starts with this key: a saved change invalidates the domain's queries. */
export const configQueryKey = (domain: TConfigDomain, ...rest: unknown[]) => ['config', domain, ...rest] as const;

/** POST /api/operator/config/history — a domain's versions, newest first (config.manage). */
export function listConfigHistory(params: TConfigHistoryRequest): Promise<TConfigHistoryResponse> {
  return request<TConfigHistoryResponse>('/config/history', params);
}
