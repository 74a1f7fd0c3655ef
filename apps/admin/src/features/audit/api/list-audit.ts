import type { TAuditListRequest, TAuditListResponse } from '@kpc/shared/operator';
import { request } from '@/lib/request.ts';

export const AUDIT_QUERY_KEY = ['audit'] as const;

/** POST /api/operator/audit/list — the audit log, newest first, filtered by who, what, target and time (audit.read). */
export function listAudit(params: TAuditListRequest): Promise<TAuditListResponse> {
  return request<TAuditListResponse>('/audit/list', params);
}
