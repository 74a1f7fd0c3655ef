import {
  ErrorCode,
  type TActivationCode,
  type TActivationCodesRequest,
  type TActivationCodesResponse,
  type TActivationCodeStatus,
} from '@kpc/shared';
import type { QueryClient } from '@tanstack/react-query';
import { CURSOR_PAGE_SIZE, type CursorListSource } from '@/lib/cursor-list.ts';
import { ClientErrorCode, request } from '@/lib/request.ts';

/** Every failure a background refresh keeps quiet: the codes stay on screen. */
const ALL_CODES: readonly number[] = [...Object.values(ErrorCode), ...Object.values(ClientErrorCode)];

/** POST /api/card/codes {status?, cursor?, limit?} — the member's activation codes, newest first. */
export function getActivationCodes(
  params: TActivationCodesRequest,
  isRefresh = false,
): Promise<TActivationCodesResponse> {
  return request<TActivationCodesResponse>('/card/codes', params, isRefresh ? { quietCodes: ALL_CODES } : {});
}

/** Every query of the member's codes starts with this key: invalidating it refreshes them. */
export const ACTIVATION_CODES_QUERY_ROOT = ['card', 'codes'] as const;

/** A cursor list source whose pages also carry the counts of unused and used codes. */
export interface ActivationCodesSource extends CursorListSource<TActivationCode> {
  fetchPage(cursor: string | undefined): Promise<TActivationCodesResponse>;
}

/** One list per status, keyed by token: a new session never sees the previous member's codes. */
export function activationCodesSource(
  queryClient: QueryClient,
  token: string,
  status: TActivationCodeStatus,
): ActivationCodesSource {
  const queryKey = [...ACTIVATION_CODES_QUERY_ROOT, token, status] as const;
  return {
    queryKey,
    fetchPage: (cursor) =>
      getActivationCodes(
        { status, ...(cursor ? { cursor } : {}), limit: CURSOR_PAGE_SIZE },
        queryClient.getQueryData(queryKey) !== undefined,
      ),
  };
}
