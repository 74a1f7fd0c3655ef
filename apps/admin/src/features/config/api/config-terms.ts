import type { TConfigSetResponse, TTermsDomain } from '@kpc/shared/operator';
import { request } from '@/lib/request.ts';

/** POST /api/operator/config/<domain>/get — the terms in effect, their version, a scheduled change (config.manage). */
export function getTerms<T>(domain: TTermsDomain): Promise<T> {
  return request<T>(`/config/${domain}/get`, {});
}

/** POST /api/operator/config/<domain>/set — saves a version (money terms: config.money and a second factor). */
export function setTerms(domain: TTermsDomain, body: Record<string, unknown>): Promise<TConfigSetResponse> {
  return request<TConfigSetResponse>(`/config/${domain}/set`, body);
}
