import { act, cleanup, render } from '@testing-library/react';
import type { TOperatorRole, TOperatorSession } from '@kpc/shared/operator';
import { permissionsOf } from '@kpc/shared/operator';
import { vi, type Mock } from 'vitest';

/** What a stubbed call answers: the `data` of a success, or a failure's code and message. */
export type StubAnswer = { data: unknown } | { code: number; msg: string; status?: number };
export type StubHandler = (body: Record<string, unknown>, call: number) => StubAnswer;

/** A session as `/auth/me` answers it, for an operator holding `roles`. */
export function sessionFor(
  roles: TOperatorRole[],
  overrides: Partial<TOperatorSession['operator']> = {},
): TOperatorSession {
  return {
    operator: {
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      email: 'ops@kpc.local',
      name: 'Ops Person',
      roles,
      permissions: [...permissionsOf(roles)],
      ...overrides,
    },
    idleSeconds: 1800,
    expiresAt: new Date(Date.now() + 12 * 3600_000).toISOString(),
    stepUpUntil: null,
    recoveryCodesLeft: 10,
  };
}

/**
 * Stubs `fetch` for `/api/operator/<path>` calls: each path answers what its handler returns (a path
 * without one answers 404). Returns the mock and the JSON bodies sent per path.
 */
export function stubOperatorApi(handlers: Record<string, StubHandler>) {
  const sent = new Map<string, Array<Record<string, unknown>>>();
  const fetchMock: Mock<typeof fetch> = vi.fn(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/api\/operator/, '');
    const body = JSON.parse((init?.body as string | undefined) ?? '{}') as Record<string, unknown>;
    const calls = sent.get(path) ?? [];
    calls.push(body);
    sent.set(path, calls);
    const handler = handlers[path];
    if (!handler) return new Response('Not Found', { status: 404 });
    const answer = handler(body, calls.length);
    const envelope =
      'data' in answer
        ? { code: 200, msg: 'success', data: answer.data }
        : { code: answer.code, msg: answer.msg, data: null };
    const status = 'data' in answer ? 200 : (answer.status ?? 200);
    return new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, sent: (path: string) => sent.get(path) ?? [] };
}

/**
 * Renders the whole console (providers, router, step-up prompt) at `#<route>`, from freshly loaded
 * modules: the query cache, the wire client and the session state start empty in every test.
 */
export async function renderConsole(route: string) {
  window.location.hash = `#${route}`;
  const [{ App }, { createConsoleRouter }] = await Promise.all([import('@/app/app.tsx'), import('@/app/router.tsx')]);
  const router = createConsoleRouter();
  const view = render(<App router={router} />);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { router, ...view };
}

/** Unmounts the console and forgets its modules (Vitest runs without globals: no automatic cleanup). */
export function resetConsole(): void {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
  window.location.hash = '';
}
