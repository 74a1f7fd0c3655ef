import { ErrorCode, NOT_FOUND_TOAST_MS, REQUEST_TIMEOUT_MS, SESSION_GONE_CODES, TOAST_DURATION_MS } from '@kpc/shared';
import { env } from '@/config/env.ts';
import { getLanguageAlias, i18n } from './i18n.ts';
import { endSession } from './session.ts';
import { showToast } from './toast.ts';
import { useUserStore } from './user-store.ts';

/** Codes of failures that never reached a response body; the server's codes are all positive. */
export const ClientErrorCode = {
  /** The network failed or the body was not the wire protocol's JSON. */
  NETWORK: -1,
  /** No answer within REQUEST_TIMEOUT_MS. */
  TIMEOUT: -2,
  /** HTTP 404: the interface does not exist. */
  NOT_FOUND: 404,
} as const;

/** A failed call. `code` is the body code of the wire protocol, or one of ClientErrorCode. */
export class RequestError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'RequestError';
    this.code = code;
  }
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

/** SPEC §7: "Empty query params are dropped" (undefined, null and ''). */
export function dropEmptyParams(params: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

function buildHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', language: getLanguageAlias() };
  const { token } = useUserStore.getState();
  if (token) headers.token = token;
  return headers;
}

/** Options of one call. */
export interface RequestOptions {
  /** Codes the caller handles itself: no toast for them, the call still rejects with a RequestError. */
  quietCodes?: readonly number[];
}

let isEndingSession = false;

// SPEC §8: several calls failing together must toast and redirect once, not once each.
function endSessionOnce(): void {
  if (isEndingSession) return;
  isEndingSession = true;
  showToast(i18n.t('request.sessionExpired'));
  endSession();
  setTimeout(() => {
    isEndingSession = false;
  }, TOAST_DURATION_MS);
}

/**
 * Calls `POST <apiUrl>/api/<module>/<action>` (SPEC §7-§8) and resolves with the body's `data` when
 * its `code` is 200. Every failure is toasted here (except `quietCodes`) and rejects with a
 * RequestError, so callers only handle what they want to react to (e.g. a cooldown code).
 */
export async function request<T>(
  path: `/${string}/${string}`,
  params: object = {},
  { quietCodes = [] }: RequestOptions = {},
): Promise<T> {
  function fail(code: number, message: string, toastMs: number = TOAST_DURATION_MS): never {
    if (!quietCodes.includes(code)) showToast(message, toastMs);
    throw new RequestError(code, message);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const systemError = i18n.t('request.systemError');
  let status: number;
  let body: unknown;
  try {
    const response = await fetch(`${env.apiUrl}${env.apiPrefix}${path}`, {
      method: 'POST',
      headers: buildHeaders(),
      body: JSON.stringify(dropEmptyParams(params)),
      signal: controller.signal,
    });
    status = response.status;
    // Only HTTP 404 is special; every other status (429 too) carries the protocol's body.
    body = status === 404 ? null : await response.json();
  } catch {
    return fail(controller.signal.aborted ? ClientErrorCode.TIMEOUT : ClientErrorCode.NETWORK, systemError);
  } finally {
    clearTimeout(timer);
  }

  if (status === 404) return fail(ClientErrorCode.NOT_FOUND, i18n.t('request.notFound'), NOT_FOUND_TOAST_MS);
  if (!isEnvelope(body)) return fail(ClientErrorCode.NETWORK, systemError);
  if (body.code === ErrorCode.OK) return body.data as T;
  if (SESSION_GONE_CODES.includes(body.code)) {
    endSessionOnce();
    throw new RequestError(body.code, i18n.t('request.sessionExpired'));
  }
  return fail(body.code, body.msg || systemError);
}
