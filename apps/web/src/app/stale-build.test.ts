import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage.ts';
import {
  isStaleBuildError,
  reloadForNewBuild,
  STALE_BUILD_RELOAD_GUARD_MS,
  type ReloadEnvironment,
} from './stale-build.ts';

/** A tab's sessionStorage, clock, server and reload, all in memory. */
function fakeEnvironment({ isServerReachable = true, now = 1_000_000 } = {}) {
  const stored = new Map<string, string>();
  const environment = {
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    },
    now: vi.fn(() => now),
    isServerReachable: vi.fn(() => Promise.resolve(isServerReachable)),
    reload: vi.fn(),
  } satisfies ReloadEnvironment;
  return { environment, stored };
}

describe('a page chunk of an older build (issue 24 "Also seen")', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://127.0.0.1/assets/pledge-page-Bx1.js',
    'error loading dynamically imported module: http://127.0.0.1/assets/pledge-page-Bx1.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/pledge-page-Bx1.css',
  ])('is recognised by the browser’s words: %s', (message) => {
    expect(isStaleBuildError(new TypeError(message))).toBe(true);
  });

  it('is not any other error of a page', () => {
    expect(isStaleBuildError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isStaleBuildError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isStaleBuildError(null)).toBe(false);
  });

  it('reloads the app once, remembering when', async () => {
    const { environment, stored } = fakeEnvironment();
    expect(await reloadForNewBuild(environment)).toBe(true);
    expect(environment.reload).toHaveBeenCalledTimes(1);
    expect(stored.get(STORAGE_KEYS.staleBuildReloadedAt)).toBe('1000000');
  });

  it('does not reload again right after a reload: the error shows instead of a loop', async () => {
    const { environment, stored } = fakeEnvironment();
    stored.set(STORAGE_KEYS.staleBuildReloadedAt, String(1_000_000 - STALE_BUILD_RELOAD_GUARD_MS + 1));
    expect(await reloadForNewBuild(environment)).toBe(false);
    expect(environment.reload).not.toHaveBeenCalled();
  });

  it('reloads again for a later deploy, once the last reload is old enough', async () => {
    const { environment, stored } = fakeEnvironment();
    stored.set(STORAGE_KEYS.staleBuildReloadedAt, String(1_000_000 - STALE_BUILD_RELOAD_GUARD_MS));
    expect(await reloadForNewBuild(environment)).toBe(true);
    expect(environment.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload while the server cannot be reached: the page would be lost, not renewed', async () => {
    const { environment, stored } = fakeEnvironment({ isServerReachable: false });
    expect(await reloadForNewBuild(environment)).toBe(false);
    expect(environment.reload).not.toHaveBeenCalled();
    expect(stored.size).toBe(0);
  });

  it('does not reload when the tab keeps no storage: nothing would stop a loop', async () => {
    const { environment } = fakeEnvironment();
    environment.storage.setItem = () => {
      throw new DOMException('QuotaExceededError');
    };
    expect(await reloadForNewBuild(environment)).toBe(false);
    expect(environment.reload).not.toHaveBeenCalled();
  });
});
