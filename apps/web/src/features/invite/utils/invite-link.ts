import { ROUTES } from '@/config/routes.ts';
import { INVITE_CODE_PARAM } from '@/lib/invite-code.ts';

/**
 * The invitation link: the register page with the member's code, as an absolute URL of this app
 * wherever it is served (hash routing, SPEC §2: `https://host/path/#/pages/register/index?inviteCode=X`).
 * The router remembers the code from the route's query and the register page fills it in.
 */
export function getInviteLink(inviteCode: string, location: Pick<Location, 'origin' | 'pathname'> = window.location) {
  const query = new URLSearchParams({ [INVITE_CODE_PARAM]: inviteCode });
  return `${location.origin}${location.pathname}#${ROUTES.register}?${query.toString()}`;
}
