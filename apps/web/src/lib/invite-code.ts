import { ROUTES } from '@/config/routes.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/config/storage.ts';

/** SPEC §4: the invite code comes from the `inviteCode` query parameter and is kept, even across logout. */
export const INVITE_CODE_PARAM = 'inviteCode';

/** Remembers the `inviteCode` of a query string such as `?inviteCode=ABCD2345`, if it has one. */
export function rememberInviteCode(search: string): void {
  const code = new URLSearchParams(search).get(INVITE_CODE_PARAM)?.trim();
  if (code) writeStorage(STORAGE_KEYS.inviteCode, code);
}

export function getInviteCode(): string {
  return readStorage(STORAGE_KEYS.inviteCode) ?? '';
}

/** Adds the remembered invite code to `path` unless it already carries one. */
export function addInviteCode(path: string): string {
  const code = getInviteCode();
  if (!code || path.includes(`${INVITE_CODE_PARAM}=`)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${INVITE_CODE_PARAM}=${encodeURIComponent(code)}`;
}

/** SPEC §4: "The user goes to the home page keeping the inviteCode query parameter." */
export function getHomeUrl(): string {
  return addInviteCode(ROUTES.home);
}
