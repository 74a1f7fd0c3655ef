import { STORAGE_KEYS } from '@/config/storage.ts';

/**
 * A member's open app asks for each page's chunk by the name its own build gave it. After a deploy
 * that chunk may be gone (the server keeps only the previous build's, apps/web/build), and the
 * import fails with the browser's words for it. Then the app reloads itself once: the new build
 * loads, on the same route (it is in the URL's hash), instead of "Something went wrong".
 */
const STALE_CHUNK_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite, a page's stylesheet
];

/** A second failure this soon after such a reload is not a deploy: the error page shows, no loop. */
export const STALE_BUILD_RELOAD_GUARD_MS = 60_000;

/** Whether `error` is a page's chunk (or its stylesheet) that could not be loaded. */
export function isStaleBuildError(error: unknown): boolean {
  return error instanceof Error && STALE_CHUNK_MESSAGES.some((message) => message.test(error.message));
}

export interface ReloadEnvironment {
  /** Where the time of the last reload is kept for this tab (sessionStorage). */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now(): number;
  /** Whether the server answers: offline, a reload would leave the member with no app at all. */
  isServerReachable(): Promise<boolean>;
  reload(): void;
}

const browserEnvironment: ReloadEnvironment = {
  get storage() {
    return window.sessionStorage;
  },
  now: () => Date.now(),
  isServerReachable: () =>
    fetch('./', { method: 'HEAD', cache: 'no-store' }).then(
      (response) => response.ok,
      () => false,
    ),
  reload: () => window.location.reload(),
};

/**
 * Reloads the app for a new build, unless it did so moments ago or the server cannot be reached.
 * Resolves true when the page is going away, false when the caller should show the error.
 */
export async function reloadForNewBuild(environment: ReloadEnvironment = browserEnvironment): Promise<boolean> {
  try {
    const { storage } = environment;
    const reloadedAt = Number(storage.getItem(STORAGE_KEYS.staleBuildReloadedAt) ?? 0);
    if (environment.now() - reloadedAt < STALE_BUILD_RELOAD_GUARD_MS) return false;
    if (!(await environment.isServerReachable())) return false;
    storage.setItem(STORAGE_KEYS.staleBuildReloadedAt, String(environment.now()));
  } catch {
    // No storage (a private window's quota, say): without the guard a reload could loop.
    return false;
  }
  environment.reload();
  return true;
}
