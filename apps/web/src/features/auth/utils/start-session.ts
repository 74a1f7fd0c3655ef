import type { TLoginResponse } from '@kpc/shared';
import { userInfoQueryOptions } from '../../../lib/api/get-user-info.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useUserStore, type LoginTypeValue } from '../../../lib/user-store.ts';

/**
 * Logged out to logged in (SPEC §4): the token and address are stored, then user info is loaded
 * (balances join in Step 3). A failed info call has already been toasted; the session stays and
 * the next page that needs the info loads it again.
 */
export async function startSession(session: TLoginResponse, loginType: LoginTypeValue): Promise<void> {
  useUserStore.getState().setSession({ ...session, loginType });
  await queryClient.fetchQuery(userInfoQueryOptions(session.token, session.address)).catch(() => undefined);
}
