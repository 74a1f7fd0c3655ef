import type { TLoginResponse } from '@kpc/shared';
import { assetListQueryOptions } from '@/lib/api/get-asset-list.ts';
import { userInfoQueryOptions } from '@/lib/api/get-user-info.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useUserStore, type LoginTypeValue } from '@/lib/user-store.ts';

/**
 * Logged out to logged in (SPEC §4): the token and address are stored, then user info and
 * balances are loaded; `/api/ass/lst` also carries the KPC price (SPEC §3: the store keeps
 * `allQuantity` and `price`). A failed call has already been toasted and leaves `allQuantity` unknown
 * (null, never "0"); the session stays and the next page that needs the data loads it again.
 */
export async function startSession(session: TLoginResponse, loginType: LoginTypeValue): Promise<void> {
  useUserStore
    .getState()
    .setSession({ token: session.token, address: session.address, loginType, isNewMember: session.isNew });
  await Promise.all([
    queryClient.fetchQuery(userInfoQueryOptions(session.token, session.address)).catch(() => undefined),
    queryClient.fetchQuery(assetListQueryOptions(session.token)).catch(() => undefined),
  ]);
}
