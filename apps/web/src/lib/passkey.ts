import type { TPasskeyAssertion, TPasskeyAttestation, TPasskeyCreationOptions } from '@kpc/shared';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { request } from '@/lib/request.ts';

/**
 * Passkeys in the browser (Step 11 §2), through @simplewebauthn/browser, loaded only when a passkey
 * is used (it is not part of the first load). Shared by the two-step page (adding one) and the forms
 * that ask for the second step (a withdrawal, a change of password).
 */

/** Why no passkey answer came: no WebAuthn in this browser, or the member closed the prompt. */
export class PasskeyUnavailableError extends Error {
  constructor(readonly reason: 'unsupported' | 'cancelled') {
    super(reason);
  }
}

/** Whether this browser has WebAuthn at all (an old browser, or an insecure page, has not). */
export function isPasskeySupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

const loadBrowser = () => import('@simplewebauthn/browser');

function cancelledOr(error: unknown): never {
  // The prompt closed or timed out (NotAllowedError), or the ceremony was aborted.
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    throw new PasskeyUnavailableError('cancelled');
  }
  throw error;
}

/** The browser's prompt to make a new passkey for the options the server granted. */
export async function createPasskey(options: TPasskeyCreationOptions): Promise<TPasskeyAttestation> {
  if (!isPasskeySupported()) throw new PasskeyUnavailableError('unsupported');
  const { startRegistration } = await loadBrowser();
  try {
    const answer = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return answer as TPasskeyAttestation;
  } catch (error) {
    return cancelledOr(error);
  }
}

/** POST /api/2fa/passkey/options, then the browser's prompt: the member's passkey answers the challenge. */
export async function answerWithPasskey(): Promise<TPasskeyAssertion> {
  if (!isPasskeySupported()) throw new PasskeyUnavailableError('unsupported');
  const [options, { startAuthentication }] = await Promise.all([
    request<PublicKeyCredentialRequestOptionsJSON>('/2fa/passkey/options', {}),
    loadBrowser(),
  ]);
  try {
    return (await startAuthentication({ optionsJSON: options })) as TPasskeyAssertion;
  } catch (error) {
    return cancelledOr(error);
  }
}
