import type {
  TLiabilitySnapshotListRequest,
  TLiabilitySnapshotListResponse,
  TOperatorLiabilitySnapshot,
} from '@kpc/shared/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export const PROOF_QUERY_KEY = ['proof'] as const;

/** POST /api/operator/proof/list — snapshots newest first, each with its totals and reserves (proof.read). */
export function listSnapshots(params: TLiabilitySnapshotListRequest): Promise<TLiabilitySnapshotListResponse> {
  return request<TLiabilitySnapshotListResponse>('/proof/list', params);
}

/** How many of the newest snapshots are looked through for the latest published one. */
const LATEST_WINDOW = 10;

/** How often the page asks again while a snapshot is being built (minutes at a million members). */
export const BUILDING_POLL_MS = 3000;

export interface LatestSnapshots {
  /** The newest published snapshot (building ones are passed over), or null before the first. */
  latest: TOperatorLiabilitySnapshot | null;
  /**
   * Whether one of the newest is still being built, or the latest was published moments ago and no
   * chain's reserves are recorded yet: the page follows it until both are there.
   */
  isBuilding: boolean;
}

/** How long after publishing the page waits for the reserves (read after the snapshot's transaction). */
const RESERVES_WAIT_MS = 5 * 60_000;

export function latestSnapshotQueryOptions() {
  return queryOptions({
    queryKey: [...PROOF_QUERY_KEY, 'latest'] as const,
    queryFn: async (): Promise<LatestSnapshots> => {
      const { list } = await listSnapshots({ limit: LATEST_WINDOW });
      const latest = list.find((snapshot) => snapshot.status === 'published') ?? null;
      const isReadingReserves =
        latest !== null &&
        latest.chains.length === 0 &&
        Date.now() - Date.parse(latest.takenAt ?? latest.createdAt) < RESERVES_WAIT_MS;
      return { latest, isBuilding: isReadingReserves || list.some((snapshot) => snapshot.status === 'building') };
    },
    refetchInterval: (query) => (query.state.data?.isBuilding ? BUILDING_POLL_MS : false),
  });
}

export function useLatestSnapshot() {
  return useQuery(latestSnapshotQueryOptions());
}
