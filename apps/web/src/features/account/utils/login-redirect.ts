import { LOGIN_REDIRECT_PARAM } from '@/config/routes.ts';

/**
 * The page a member asked for before being sent to log in (`?redirect=`, set by the login guard)
 * stays with them on the way through register, forgot password and back to login, and is where
 * any of them lands once logged in.
 */

/** Only in-app pages may be a target after login or registration (no open redirect). */
export function getTargetAfterLogin(redirect: string | null, fallback: string): string {
  return redirect?.startsWith('/pages/') ? redirect : fallback;
}

/** `path` carrying the `redirect` parameter on, when there is one. */
export function keepLoginRedirect(path: string, redirect: string | null): string {
  if (!redirect) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${LOGIN_REDIRECT_PARAM}=${encodeURIComponent(redirect)}`;
}
