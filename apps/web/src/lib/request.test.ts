// @vitest-environment happy-dom
import { NOT_FOUND_TOAST_MS, TOAST_DURATION_MS } from '@kpc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage.ts';
import { changeLocale } from './i18n.ts';
import { bindNavigator } from './navigation.ts';
import { ClientErrorCode, request, RequestError } from './request.ts';
import { showToast } from './toast.ts';
import { useUserStore } from './user-store.ts';
import { jsonResponse as answer } from '@/testing/json-response.ts';

vi.mock('./toast.ts', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();

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

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  navigate.mockClear();
  localStorage.clear();
  useUserStore.getState().reset();
  await changeLocale('en');
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => false, getCurrentUrl: () => '/pages/mine/index' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// The wire protocol itself is tested in packages/client; these check the member app's wiring:
// its API URL, language and token, its messages and toasts, and what a lost session does.
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
    expect(showToast).not.toHaveBeenCalled();
  });

  it('sends the language alias and, only when logged in, the token', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 200, msg: '', data: null })));
    await request('/acc/info');
    expect(lastCall().headers).toMatchObject({ language: 'en_US' });
    expect(lastCall().headers).not.toHaveProperty('token');

    await changeLocale('zh-Hans');
    useUserStore.getState().setSession({ token: 'tok-123', address: '', loginType: 1 });
    await request('/acc/info');
    expect(lastCall().headers).toMatchObject({ language: 'zh_CN', token: 'tok-123' });
  });

  it('toasts "The interface does not exist" for 2 s on HTTP 404', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Not Found', { status: 404 }));
    const error = await captureError(request('/acc/nothing'));
    expect(error.code).toBe(ClientErrorCode.NOT_FOUND);
    expect(showToast).toHaveBeenCalledWith('The interface does not exist', NOT_FOUND_TOAST_MS);
    expect(NOT_FOUND_TOAST_MS).toBe(2000);
  });

  it('ends the session once when three calls fail together with 401, 403 and 5000', async () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.inviteCode, 'ABCD2345');
    useUserStore.getState().setSession({ token: 'tok-123', address: '0xabc', loginType: 1 });
    fetchMock
      .mockResolvedValueOnce(answer({ code: 401, msg: 'Unauthorized', data: null }))
      .mockResolvedValueOnce(answer({ code: 403, msg: 'Forbidden', data: null }))
      .mockResolvedValueOnce(answer({ code: 5000, msg: 'Revoked', data: null }));

    const errors = await Promise.all(
      [request('/acc/info'), request('/ass/lst'), request('/card/getPrice')].map(captureError),
    );

    expect(errors.map((error) => error.code)).toEqual([401, 403, 5000]);
    expect(useUserStore.getState()).toMatchObject({ token: '', address: '', userInfo: null });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/pages/home/index?inviteCode=ABCD2345', { replace: true });
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith('Login status has expired, please log in again');

    // Once that redirect is over, a later expiry redirects again.
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS);
    fetchMock.mockResolvedValueOnce(answer({ code: 401, msg: '', data: null }));
    await captureError(request('/acc/info'));
    expect(navigate).toHaveBeenCalledTimes(2);
  });
});
