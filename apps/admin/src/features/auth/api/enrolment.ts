import { ErrorCode } from '@kpc/shared';
import type { TEnrolment, TEnrolRequest, TEnrolResponse } from '@kpc/shared/operator';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST /api/operator/auth/enrolment {token} — who the link is for, and the authenticator secret it offers. */
export function getEnrolment(token: string): Promise<TEnrolment> {
  return request<TEnrolment>(
    '/auth/enrolment',
    { token },
    { quietCodes: [ErrorCode.OPERATOR_ENROLMENT_INVALID, ErrorCode.INVALID_REQUEST] },
  );
}

/** The link's secret never changes while it is open: asked once, never refreshed behind the operator's back. */
export function enrolmentQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['enrolment', token] as const,
    queryFn: () => getEnrolment(token),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/**
 * POST /api/operator/auth/enrol {token, password, code} — sets the password, proves the
 * authenticator with its current code, signs in; answers the ten recovery codes, shown once.
 */
export function enrol(payload: TEnrolRequest): Promise<TEnrolResponse> {
  return request<TEnrolResponse>('/auth/enrol', payload, {
    quietCodes: [ErrorCode.OPERATOR_TOTP_INVALID, ErrorCode.OPERATOR_ENROLMENT_INVALID, ErrorCode.INVALID_REQUEST],
  });
}
