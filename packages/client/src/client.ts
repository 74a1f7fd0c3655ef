import {
  DOWNLOAD_TIMEOUT_MS,
  ErrorCode,
  NOT_FOUND_TOAST_MS,
  REQUEST_TIMEOUT_MS,
  SESSION_GONE_CODES,
  TOAST_DURATION_MS,
} from '@kpc/shared';

/** Codes of failures that never reached a response body; the server's codes are all positive. */
export const ClientErrorCode = {
  /** The network failed or the body was not the wire protocol's JSON. */
  NETWORK: -1,
  /** No answer within the timeout (SPEC §7: REQUEST_TIMEOUT_MS). */
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

/** The messages the client shows itself; every app that uses it carries them in its locales. */
export type ClientMessageKey = 'request.systemError' | 'request.notFound' | 'request.sessionExpired';

/** What an app tells the client: where the API is, who is calling, and how to show and end things. */
export interface ApiClientConfig {
  /** Origin and prefix of every call, e.g. `/api` or `https://api.example.com/api` (no trailing slash). */
  baseUrl: string;
  /** The session token, or '' when logged out (then no `token` header is sent). */
  getToken: () => string;
  /** The `language` header (SPEC §7): the alias of the interface language, e.g. `en_US`. */
  getLanguage: () => string;
  /** The message of a ClientMessageKey in the interface language. */
  translate: (key: ClientMessageKey) => string;
  /** Shows a failure to the user (a toast); without `durationMs` the app's default duration. */
  notify: (message: string, durationMs?: number) => void;
  /** The server says the session is gone (SPEC §8: 401, 403, 5000): forget it and go home. */
  onSessionLost: () => void;
  /** Default REQUEST_TIMEOUT_MS (SPEC §7, §9: 10 s). */
  timeoutMs?: number;
  /** For `requestFile`; default DOWNLOAD_TIMEOUT_MS (SPEC §9: 60 s). */
  fileTimeoutMs?: number;
}

/** Options of one call. */
export interface RequestOptions {
  /** Codes the caller handles itself: no toast for them, the call still rejects with a RequestError. */
  quietCodes?: readonly number[];
}

/** `POST <baseUrl>/<module>/<action>`. */
export type ApiPath = `/${string}/${string}`;

export interface ApiClient {
  /**
   * Calls `POST <baseUrl>/<module>/<action>` (SPEC §7-§8) and resolves with the body's `data` when
   * its `code` is 200. Every failure is shown here (except `quietCodes`) and rejects with a
   * RequestError, so callers only handle what they want to react to (e.g. a cooldown code).
   */
  request: <T>(path: ApiPath, params?: object, options?: RequestOptions) => Promise<T>;
  /**
   * The same call for a file (a CSV export): resolves with the file when the server answers one
   * (HTTP 200, not JSON), with the token in its header as always, never in a URL. A refusal comes
   * as the envelope and fails exactly as `request` does.
   */
  requestFile: (path: ApiPath, params?: object, options?: RequestOptions) => Promise<Blob>;
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

/** A wire client for one app; it keeps no state but whether a lost session is being handled. */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const fileTimeoutMs = config.fileTimeoutMs ?? DOWNLOAD_TIMEOUT_MS;
  let isEndingSession = false;

  function buildHeaders(): Record<string, string> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', language: config.getLanguage() };
    const token = config.getToken();
    if (token) headers.token = token;
    return headers;
  }

  // SPEC §8: several calls failing together must toast and redirect once, not once each.
  function endSessionOnce(): void {
    if (isEndingSession) return;
    isEndingSession = true;
    config.notify(config.translate('request.sessionExpired'));
    config.onSessionLost();
    setTimeout(() => {
      isEndingSession = false;
    }, TOAST_DURATION_MS);
  }

  /** Answers `data` (or, for a file, the file itself); every failure is shown and rejects. */
  async function send(
    path: ApiPath,
    params: object,
    { quietCodes = [] }: RequestOptions,
    isFile: boolean,
  ): Promise<unknown> {
    function fail(code: number, message: string, toastMs: number = TOAST_DURATION_MS): never {
      if (!quietCodes.includes(code)) config.notify(message, toastMs);
      throw new RequestError(code, message);
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), isFile ? fileTimeoutMs : timeoutMs);
    const systemError = config.translate('request.systemError');
    let status: number;
    let body: unknown;
    try {
      // The global fetch, looked up per call (tests and polyfills replace it).
      const response = await fetch(`${config.baseUrl}${path}`, {
        method: 'POST',
        headers: buildHeaders(),
        body: JSON.stringify(dropEmptyParams(params)),
        signal: controller.signal,
      });
      status = response.status;
      // A file is read whole within the timeout too. It names its type (text/csv); a refusal is
      // the protocol's JSON, whose type the server may leave unnamed.
      const type = response.headers.get('content-type') ?? '';
      if (isFile && status === 200 && type !== '' && !type.includes('json')) return await response.blob();
      // Only HTTP 404 is special; every other status (429 too) carries the protocol's body.
      body = status === 404 ? null : await response.json();
    } catch {
      return fail(controller.signal.aborted ? ClientErrorCode.TIMEOUT : ClientErrorCode.NETWORK, systemError);
    } finally {
      clearTimeout(timer);
    }

    if (status === 404)
      return fail(ClientErrorCode.NOT_FOUND, config.translate('request.notFound'), NOT_FOUND_TOAST_MS);
    if (!isEnvelope(body)) return fail(ClientErrorCode.NETWORK, systemError);
    if (body.code === ErrorCode.OK) {
      // A file was asked for and the envelope came: not what the call promises.
      return isFile ? fail(ClientErrorCode.NETWORK, systemError) : body.data;
    }
    if (SESSION_GONE_CODES.includes(body.code)) {
      endSessionOnce();
      throw new RequestError(body.code, config.translate('request.sessionExpired'));
    }
    return fail(body.code, body.msg || systemError);
  }

  async function request<T>(path: ApiPath, params: object = {}, options: RequestOptions = {}): Promise<T> {
    return (await send(path, params, options, false)) as T;
  }

  async function requestFile(path: ApiPath, params: object = {}, options: RequestOptions = {}): Promise<Blob> {
    return (await send(path, params, options, true)) as Blob;
  }

  return { request, requestFile };
}
