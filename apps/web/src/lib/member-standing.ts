import type { QueryClient } from '@tanstack/react-query';

/**
 * The member's info (`/api/acc/info`), which carries the level Home and Mine badge. Its own file,
 * free of imports, so the query client can name it without an import cycle.
 */
export const USER_INFO_QUERY_ROOT = ['acc', 'info'] as const;

/** How often the member's info is read again while a page showing it stays open. */
export const USER_INFO_POLL_MS = 60_000;

/**
 * A level or badge changes with what the member does (a broker package makes them an ambassador)
 * and with what others do (invitees' sign-ups and purchases, an operator's decision). After every
 * mutation that succeeded, whatever it was, the member's info is read again (at once where it is
 * shown, else when a page showing it opens): one small call, and no action that moves a level can
 * be left out. What others do shows on focus and by polling (lib/api/get-user-info.ts).
 */
export function invalidateMemberStanding(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: USER_INFO_QUERY_ROOT });
}
