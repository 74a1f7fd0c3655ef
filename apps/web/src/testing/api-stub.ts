import { act, fireEvent, screen } from '@testing-library/react';
import type { Mock } from 'vitest';

/** The path after `/api` of a fetch input (the request client passes a string; URL and Request work too). */
export function pathOf(input: Parameters<typeof fetch>[0]): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return url.replace(/^.*\/api/, '');
}

/** The calls a stubbed fetch received for `path`, each as fetch's argument list. */
export function callsTo(fetchMock: Mock<typeof fetch>, path: string): Parameters<typeof fetch>[] {
  return fetchMock.mock.calls.filter(([input]) => pathOf(input) === path);
}

/** The JSON bodies a stubbed fetch was sent for `path`, in call order (a call without a body reads as `{}`). */
export function sentBodies(fetchMock: Mock<typeof fetch>, path: string): Record<string, unknown>[] {
  return callsTo(fetchMock, path).map(
    ([, init]) => JSON.parse((init?.body as string | undefined) ?? '{}') as Record<string, unknown>,
  );
}

/** A successful answer in the wire envelope, to hand to `jsonResponse`. */
export const ok = (data: unknown) => ({ code: 200, msg: 'success', data });

/** Clicks a test id (or element) inside act, then lets a tick pass so the stubbed fetch answers settle. */
export async function press(target: string | Element): Promise<void> {
  await act(async () => {
    fireEvent.click(typeof target === 'string' ? screen.getByTestId(target) : target);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** A test id's text content ('' when it has none). */
export const textOf = (testId: string): string => screen.getByTestId(testId).textContent ?? '';
