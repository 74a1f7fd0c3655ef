import { ROUTES } from '@/config/routes.ts';
import { createConsoleClient } from './console-client.ts';
import { getLanguageAlias, i18n } from './i18n.ts';
import { signInPathFor } from './sign-in-path.ts';
import { currentRoute, navigateTo } from './navigation.ts';
import { notifyError } from './notify.ts';
import { queryClient } from './query-client.ts';
import { hasSession, markSignedOut } from './session-state.ts';
import { askForStepUp } from './step-up.ts';

export { ClientErrorCode, RequestError, type RequestOptions } from '@kpc/client';

/**
 * Forgets everything the session showed and goes to sign-in, back to this screen afterwards. A
 * visitor who had no session yet is sent there by the route's loader instead.
 */
export function endSession(reason?: 'idle'): void {
  const hadSession = hasSession();
  markSignedOut();
  const route = currentRoute();
  if (!hadSession || route.startsWith(ROUTES.signIn) || route.startsWith(ROUTES.enrol)) {
    queryClient.clear();
    return;
  }
  // The screens leave first, then what they showed is forgotten (not the other way round).
  void Promise.resolve(navigateTo(signInPathFor(route, reason), { replace: true })).finally(() => queryClient.clear());
}

const client = createConsoleClient({
  getLanguage: getLanguageAlias,
  translate: (key) => i18n.t(key),
  notify: notifyError,
  hasSession,
  onSessionLost: () => endSession(),
  askForStepUp,
});

/** `POST /api/operator/<module>/<action>`: resolves with `data`; failures are shown and reject with a RequestError. */
export const request = client.request;

/** Ends the session on the server (its cookie then opens nothing) and here. */
export async function signOut(reason?: 'idle'): Promise<void> {
  await request('/auth/logout').catch(() => undefined);
  endSession(reason);
}
