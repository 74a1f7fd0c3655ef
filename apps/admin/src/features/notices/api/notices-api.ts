import type {
  TOperatorNotice,
  TOperatorNoticeCreateRequest,
  TOperatorNoticeEditRequest,
  TOperatorNoticeListRequest,
  TOperatorNoticeListResponse,
  TOperatorNoticePublishRequest,
  TOperatorNoticeVersionsResponse,
} from '@kpc/shared/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** Announcements (notices.manage): `/api/operator/notice/<action>`. */
export const NOTICES_QUERY_KEY = ['notices'] as const;

/** POST /notice/list {status?, cursor?, limit?} — newest created first, every language. */
export function listNotices(params: TOperatorNoticeListRequest): Promise<TOperatorNoticeListResponse> {
  return request<TOperatorNoticeListResponse>('/notice/list', params);
}

/** POST /notice/detail {id} — one announcement, its state and version. */
export function useNoticeDetail(id: string | null) {
  return useQuery({
    queryKey: [...NOTICES_QUERY_KEY, 'detail', id] as const,
    queryFn: () => request<TOperatorNotice>('/notice/detail', { id }),
    enabled: id !== null,
  });
}

/** POST /notice/versions {id} — every saved version, newest first. */
export function useNoticeVersions(id: string | null) {
  return useQuery({
    queryKey: [...NOTICES_QUERY_KEY, 'versions', id] as const,
    queryFn: () => request<TOperatorNoticeVersionsResponse>('/notice/versions', { id }),
    enabled: id !== null,
  });
}

/** The editor's calls: create, edit, publish (now or at a time) and unpublish; each refreshes the lists. */
export function useNoticeActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY });
  return {
    create: useMutation({
      mutationFn: (body: TOperatorNoticeCreateRequest) => request<TOperatorNotice>('/notice/create', body),
      onSettled,
    }),
    edit: useMutation({
      mutationFn: (body: TOperatorNoticeEditRequest) => request<TOperatorNotice>('/notice/edit', body),
      onSettled,
    }),
    publish: useMutation({
      mutationFn: (body: TOperatorNoticePublishRequest) => request<TOperatorNotice>('/notice/publish', body),
      onSettled,
    }),
    unpublish: useMutation({
      mutationFn: (id: string) => request<TOperatorNotice>('/notice/unpublish', { id }),
      onSettled,
    }),
  };
}
