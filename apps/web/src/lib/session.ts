import { getHomeUrl } from './invite-code.ts';
import { switchTab } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { useUserStore } from './user-store.ts';

/** Forgets the member locally: token, address, wallet list, user info and every cached answer. */
export function clearSession(): void {
  useUserStore.getState().reset();
  queryClient.clear();
}

/**
 * Logged in to logged out (SPEC §4): token, address, wallet and user info are cleared and the user
 * goes home keeping the inviteCode query parameter. Used by logout and by the request client when
 * the server says the session is gone.
 */
export function endSession(): void {
  clearSession();
  switchTab(getHomeUrl());
}
