import { getHomeUrl } from './invite-code.ts';
import { switchTab } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { useUserStore } from './user-store.ts';

/**
 * Logged in to logged out (SPEC §4): token, address, wallet and user info are cleared and the user
 * goes home keeping the inviteCode query parameter. Used by logout and by the request client when
 * the server says the session is gone.
 */
export function endSession(): void {
  useUserStore.getState().reset();
  queryClient.clear();
  switchTab(getHomeUrl());
}
