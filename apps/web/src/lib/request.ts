import { ClientErrorCode, createApiClient, RequestError } from '@kpc/client';
import { env } from '@/config/env.ts';
import { getLanguageAlias, i18n } from './i18n.ts';
import { endSession } from './session.ts';
import { showToast } from './toast.ts';
import { useUserStore } from './user-store.ts';

export { ClientErrorCode, RequestError, type RequestOptions } from '@kpc/client';

/**
 * The member app's wire client (SPEC §7-§8, packages/client): the logged-in member's token, the
 * interface language, toasts in that language, and home on a lost session.
 */
const apiClient = createApiClient({
  baseUrl: `${env.apiUrl}${env.apiPrefix}`,
  getToken: () => useUserStore.getState().token,
  getLanguage: getLanguageAlias,
  translate: (key) => i18n.t(key),
  notify: showToast,
  onSessionLost: endSession,
});

/** `POST /api/<module>/<action>`: resolves with `data`, toasts and rejects with a RequestError otherwise. */
export const request = apiClient.request;

/** The same call answered with a file (a CSV export): the token travels in its header, never in a URL. */
export const requestFile = apiClient.requestFile;

/**
 * Whether a failed submission may have gone through unseen (no network, no answer in time): then
 * its review stays open and Confirm sends it again under the same request id. A refusal is an answer.
 */
export function isAnswerLost(error: unknown): boolean {
  return (
    error instanceof RequestError && (error.code === ClientErrorCode.NETWORK || error.code === ClientErrorCode.TIMEOUT)
  );
}
