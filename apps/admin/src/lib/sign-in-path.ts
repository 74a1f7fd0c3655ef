import { REDIRECT_PARAM, ROUTES } from '@/config/routes.ts';

/** Why sign-in is shown: the idle timer ended the session (said on the page). */
export const REASON_PARAM = 'reason';

/** `#/sign-in?redirect=…`: back to `route` after signing in (the dashboard when it is the root). */
export function signInPathFor(route: string, reason?: 'idle'): string {
  const params = new URLSearchParams();
  if (route && route !== '/' && !route.startsWith(ROUTES.signIn)) params.set(REDIRECT_PARAM, route);
  if (reason) params.set(REASON_PARAM, reason);
  const query = params.toString();
  return query ? `${ROUTES.signIn}?${query}` : ROUTES.signIn;
}

/** Where to go after signing in: the `redirect` parameter when it is a console route, else the root. */
export function redirectTarget(search: URLSearchParams): string {
  const target = search.get(REDIRECT_PARAM);
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/';
}
