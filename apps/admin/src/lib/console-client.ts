import { createApiClient, RequestError, type ApiPath, type ClientMessageKey, type RequestOptions } from '@kpc/client';
import { ErrorCode } from '@kpc/shared';

/** What the console tells the wire client (the app wires the real ones in lib/request.ts; tests stub them). */
export interface ConsoleClientConfig {
  getLanguage: () => string;
  translate: (key: ClientMessageKey) => string;
  notify: (message: string, durationMs?: number) => void;
  /** Whether a session was seen: a first visitor is sent to sign-in without "your session expired". */
  hasSession: () => boolean;
  /** The server answered 401: the session is gone (idle, absolute, revoked, disabled). */
  onSessionLost: () => void;
  /** A money action was refused for want of a fresh second factor: ask for one; true once given. */
  askForStepUp: () => Promise<boolean>;
}

export interface ConsoleClient {
  /**
   * `POST /api/operator/<module>/<action>`. A call refused with OPERATOR_STEP_UP_REQUIRED asks for
   * a fresh second factor and, once given, is sent again once; cancelled, it rejects with that code
   * and nothing is shown.
   */
  request: <T>(path: ApiPath, params?: object, options?: RequestOptions) => Promise<T>;
}

const STEP_UP_REQUIRED = ErrorCode.OPERATOR_STEP_UP_REQUIRED;

/**
 * The console's wire client (packages/client): same-origin calls under `/api/operator` that carry
 * the HttpOnly session cookie on their own (no token header), localised by the `language` header.
 */
export function createConsoleClient(config: ConsoleClientConfig): ConsoleClient {
  const client = createApiClient({
    baseUrl: '/api/operator',
    getToken: () => '',
    getLanguage: config.getLanguage,
    translate: (key) => (key === 'request.sessionExpired' && !config.hasSession() ? '' : config.translate(key)),
    // An empty message is the lost session of a visitor who never signed in: nothing to say.
    notify: (message, durationMs) => {
      if (message) config.notify(message, durationMs);
    },
    onSessionLost: config.onSessionLost,
  });

  async function request<T>(path: ApiPath, params: object = {}, options: RequestOptions = {}): Promise<T> {
    const quietCodes = options.quietCodes ?? [];
    try {
      return await client.request<T>(path, params, { quietCodes: [...quietCodes, STEP_UP_REQUIRED] });
    } catch (error) {
      if (!(error instanceof RequestError) || error.code !== STEP_UP_REQUIRED) throw error;
      if (!(await config.askForStepUp())) throw error;
      // Once: a second refusal (the code expired meanwhile) is shown like any other failure.
      return client.request<T>(path, params, options);
    }
  }

  return { request };
}
