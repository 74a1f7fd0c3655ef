import { ErrorCode } from '@kpc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConsoleClient } from './console-client.ts';

const fetchMock = vi.fn<typeof fetch>();
const notify = vi.fn<(message: string) => void>();
const onSessionLost = vi.fn<() => void>();
const askForStepUp = vi.fn<() => Promise<boolean>>();
let signedIn = true;

const { request } = createConsoleClient({
  getLanguage: () => 'zh_CN',
  translate: (key) => `t:${key}`,
  notify,
  hasSession: () => signedIn,
  onSessionLost,
  askForStepUp,
});

const answer = (code: number, data: unknown = null, status = 200) =>
  new Response(JSON.stringify({ code, msg: `message ${code}`, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  notify.mockReset();
  onSessionLost.mockReset();
  askForStepUp.mockReset();
  signedIn = true;
});
afterEach(() => vi.unstubAllGlobals());

describe('the console client', () => {
  it('posts same-origin to /api/operator with the language and no token header (the cookie is the session)', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { ok: 1 }));
    await expect(request('/operators/list', { a: 1 })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/operator/operators/list');
    expect(init?.credentials ?? 'same-origin').toBe('same-origin');
    expect(init?.headers).toMatchObject({ language: 'zh_CN' });
    expect(init?.headers).not.toHaveProperty('token');
  });

  it('ends the session on 401 and says so', async () => {
    fetchMock.mockResolvedValueOnce(answer(ErrorCode.UNAUTHORIZED, null, 401));
    await expect(request('/audit/list')).rejects.toMatchObject({ code: 401 });
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('t:request.sessionExpired', undefined);
  });

  it('sends a first visitor (never signed in) to sign-in without "your session has ended"', async () => {
    signedIn = false;
    const visitor = createConsoleClient({
      getLanguage: () => 'en_US',
      translate: (key) => `t:${key}`,
      notify,
      hasSession: () => signedIn,
      onSessionLost,
      askForStepUp,
    });
    fetchMock.mockResolvedValueOnce(answer(ErrorCode.UNAUTHORIZED, null, 401));
    await expect(visitor.request('/auth/me')).rejects.toMatchObject({ code: 401 });
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('asks for a second factor on 1801, then sends the same call again once', async () => {
    askForStepUp.mockResolvedValueOnce(true);
    fetchMock
      .mockResolvedValueOnce(answer(ErrorCode.OPERATOR_STEP_UP_REQUIRED, null, 403))
      .mockResolvedValueOnce(answer(200, { results: [] }));
    await expect(request('/withdrawals/review', { ids: ['7'], decision: 'approved' })).resolves.toEqual({
      results: [],
    });
    expect(askForStepUp).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(init!.body as string) as unknown);
    expect(bodies).toEqual([
      { ids: ['7'], decision: 'approved' },
      { ids: ['7'], decision: 'approved' },
    ]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('retries only once: a second refusal is shown, not asked again', async () => {
    askForStepUp.mockResolvedValue(true);
    fetchMock.mockImplementation(() => Promise.resolve(answer(ErrorCode.OPERATOR_STEP_UP_REQUIRED, null, 403)));
    await expect(request('/members/freeze', { memberId: 'x', reason: 'r' })).rejects.toMatchObject({ code: 1801 });
    expect(askForStepUp).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenCalledWith('message 1801', expect.any(Number));
  });

  it('does not send the call again when the operator cancels the prompt, and shows nothing', async () => {
    askForStepUp.mockResolvedValueOnce(false);
    fetchMock.mockResolvedValueOnce(answer(ErrorCode.OPERATOR_STEP_UP_REQUIRED, null, 403));
    await expect(request('/withdrawals/settle', { id: '1' })).rejects.toMatchObject({ code: 1801 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows any other refusal as the server words it (a role without the permission)', async () => {
    fetchMock.mockResolvedValueOnce(answer(ErrorCode.OPERATOR_FORBIDDEN, null, 403));
    await expect(request('/withdrawals/review', {})).rejects.toMatchObject({ code: 1808 });
    expect(askForStepUp).not.toHaveBeenCalled();
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('message 1808', expect.any(Number));
  });
});
