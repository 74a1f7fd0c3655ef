import { DOWNLOAD_TIMEOUT_MS, NOT_FOUND_TOAST_MS, REQUEST_TIMEOUT_MS, TOAST_DURATION_MS } from '@kpc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientErrorCode, createApiClient, RequestError, type ClientMessageKey } from './client.ts';

const MESSAGES: Record<ClientMessageKey, string> = {
  'request.systemError': 'The system has a problem, please try again later',
  'request.notFound': 'The interface does not exist',
  'request.sessionExpired': 'Login status has expired, please log in again',
};

const fetchMock = vi.fn<typeof fetch>();
const notify = vi.fn<(message: string, durationMs?: number) => void>();
const onSessionLost = vi.fn<() => void>();
let token = '';
let language = 'en_US';
const { request, requestFile } = createApiClient({
  baseUrl: '/api',
  getToken: () => token,
  getLanguage: () => language,
  translate: (key) => MESSAGES[key],
  notify,
  onSessionLost,
});

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url, init: init!, headers: init!.headers as Record<string, string>, body: JSON.parse(init!.body as string) };
}

async function captureError(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  notify.mockClear();
  onSessionLost.mockClear();
  token = '';
  language = 'en_US';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('posts JSON to /api/<module>/<action> and resolves with data when code is 200', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: { cooldownSeconds: 60 } }));
    await expect(request('/acc/sendCode', { email: 'a@b.co', purpose: 'login' })).resolves.toEqual({
      cooldownSeconds: 60,
    });
    const { url, init, headers, body } = lastCall();
    expect(url).toBe('/api/acc/sendCode');
    expect(init.method).toBe('POST');
    expect(headers['Content-Type']).toBe('application/json');
    expect(body).toEqual({ email: 'a@b.co', purpose: 'login' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends the language and, only when logged in, the token', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 200, msg: '', data: null })));
    await request('/acc/info');
    expect(lastCall().headers).toMatchObject({ language: 'en_US' });
    expect(lastCall().headers).not.toHaveProperty('token');

    language = 'zh_CN';
    token = 'tok-123';
    await request('/acc/info');
    expect(lastCall().headers).toMatchObject({ language: 'zh_CN', token: 'tok-123' });
  });

  it('drops empty params (undefined, null, empty string) and keeps 0 and false', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: '', data: null }));
    await request('/acc/info', { address: '', a: null, b: undefined, zero: 0, no: false, text: 'x' });
    expect(lastCall().body).toEqual({ zero: 0, no: false, text: 'x' });
  });

  it('toasts "The interface does not exist" for 2 s on HTTP 404', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Not Found', { status: 404 }));
    const error = await captureError(request('/acc/nothing'));
    expect(error.code).toBe(ClientErrorCode.NOT_FOUND);
    expect(notify).toHaveBeenCalledWith('The interface does not exist', NOT_FOUND_TOAST_MS);
    expect(NOT_FOUND_TOAST_MS).toBe(2000);
  });

  it('toasts the server message of any other code and rejects with that code (HTTP 429 too)', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 1001, msg: 'Too many requests, try again later', data: null }, 429));
    const error = await captureError(request('/acc/sendCode', { email: 'a@b.co' }));
    expect(error.code).toBe(1001);
    expect(notify).toHaveBeenCalledWith('Too many requests, try again later', TOAST_DURATION_MS);
  });

  it('does not toast a quiet code but still rejects with it, and toasts the others', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 1107, msg: 'An invitation is required', data: null }));
    const error = await captureError(request('/acc/login', { address: '0xabc' }, { quietCodes: [1107] }));
    expect(error.code).toBe(1107);
    expect(error.message).toBe('An invitation is required');
    expect(notify).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(answer({ code: 1108, msg: 'Inviter not found', data: null }));
    expect((await captureError(request('/acc/login', {}, { quietCodes: [1107] }))).code).toBe(1108);
    expect(notify).toHaveBeenCalledWith('Inviter not found', TOAST_DURATION_MS);
  });

  it('falls back to "The system has a problem" when the message is empty or the body is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 1103, msg: '', data: null }));
    expect((await captureError(request('/acc/loginEmail'))).code).toBe(1103);
    expect(notify).toHaveBeenLastCalledWith('The system has a problem, please try again later', TOAST_DURATION_MS);

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));
    expect((await captureError(request('/acc/loginEmail'))).code).toBe(ClientErrorCode.NETWORK);
    expect(notify).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenLastCalledWith('The system has a problem, please try again later', TOAST_DURATION_MS);
  });

  it('toasts the fallback when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await captureError(request('/acc/info'))).code).toBe(ClientErrorCode.NETWORK);
    expect(notify).toHaveBeenCalledWith('The system has a problem, please try again later', TOAST_DURATION_MS);
  });

  it('aborts after 10 s and toasts the fallback', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = captureError(request('/acc/info'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe(ClientErrorCode.TIMEOUT);
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(notify).toHaveBeenCalledWith('The system has a problem, please try again later', TOAST_DURATION_MS);
  });

  it('ends the session once when three calls fail together with 401, 403 and 5000', async () => {
    vi.useFakeTimers();
    token = 'tok-123';
    fetchMock
      .mockResolvedValueOnce(answer({ code: 401, msg: 'Unauthorized', data: null }))
      .mockResolvedValueOnce(answer({ code: 403, msg: 'Forbidden', data: null }))
      .mockResolvedValueOnce(answer({ code: 5000, msg: 'Revoked', data: null }));

    const errors = await Promise.all(
      [request('/acc/info'), request('/ass/lst'), request('/card/getPrice')].map(captureError),
    );

    expect(errors.map((error) => error.code)).toEqual([401, 403, 5000]);
    expect(errors.map((error) => error.message)).toEqual(
      Array(3).fill('Login status has expired, please log in again'),
    );
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('Login status has expired, please log in again');

    // Once that redirect is over, a later expiry ends the session again.
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS);
    fetchMock.mockResolvedValueOnce(answer({ code: 401, msg: '', data: null }));
    await captureError(request('/acc/info'));
    expect(onSessionLost).toHaveBeenCalledTimes(2);
  });
});

describe('requestFile', () => {
  const csv = () =>
    new Response('\uFEFFTime (UTC),Amount\r\n2026-03-01T00:00:00.000Z,12.5\r\n', {
      status: 200,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });

  it('posts like request, token in the header, and resolves with the file', async () => {
    token = 'tok-123';
    fetchMock.mockResolvedValueOnce(csv());
    const file = await requestFile('/ass/export', { source: 'asset_flow', asset: '' });
    expect(await file.text()).toContain('2026-03-01T00:00:00.000Z,12.5');
    const { url, headers, body } = lastCall();
    expect(url).toBe('/api/ass/export');
    expect(headers).toMatchObject({ token: 'tok-123', language: 'en_US' });
    expect(body).toEqual({ source: 'asset_flow' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('fails on a refusal as request does, whether or not its type is named', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 1000, msg: 'Choose at most 366 days.', data: null }));
    expect((await captureError(requestFile('/ass/export'))).code).toBe(1000);
    expect(notify).toHaveBeenLastCalledWith('Choose at most 366 days.', TOAST_DURATION_MS);
    // Bytes name no type (a string body would be text/plain), as the server's refusals of a body do.
    const unnamed = new TextEncoder().encode(JSON.stringify({ code: 1000, msg: 'Unnamed type', data: null }));
    fetchMock.mockResolvedValueOnce(new Response(unnamed));
    expect((await captureError(requestFile('/ass/export'))).message).toBe('Unnamed type');
    // An envelope of success is no file.
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: 'success', data: {} }));
    expect((await captureError(requestFile('/ass/export'))).code).toBe(ClientErrorCode.NETWORK);
    fetchMock.mockResolvedValueOnce(answer({ code: 401, msg: 'Unauthorized', data: null }));
    // A lost session ends as for any call (once at a time: the test above may still hold that once).
    expect((await captureError(requestFile('/ass/export'))).code).toBe(401);
  });

  it('waits 60 s for a file, not 10', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = captureError(requestFile('/ass/export'));
    await vi.advanceTimersByTimeAsync(DOWNLOAD_TIMEOUT_MS - 1);
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe(ClientErrorCode.TIMEOUT);
    expect(DOWNLOAD_TIMEOUT_MS).toBe(60_000);
  });
});
