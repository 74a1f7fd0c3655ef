import { getPathname, isTabPath, ROUTES } from '@/config/routes.ts';

/**
 * SPEC §2 navigation rules, in one place:
 * - a tab page is never opened by push or redirect (`navigateTo`, `redirectTo` refuse it);
 * - switching tabs never targets a non-tab page (`switchTab` refuses it);
 * - navigating to the exact current URL is refused.
 * Each function returns whether it navigated. Tab switches replace the history entry, so back from
 * a tab page leaves the app (SPEC §2: "These three pages quit the app on back").
 */
export interface AppNavigator {
  navigate(to: string, options: { replace: boolean }): void;
  goBack(): void;
  canGoBack(): boolean;
  /** Pathname plus search of the current page, e.g. `/pages/login/index?redirect=%2F`. */
  getCurrentUrl(): string;
}

let navigator: AppNavigator | null = null;

/** Connects the rules to the router (app start-up) or to a fake (tests). */
export function bindNavigator(next: AppNavigator | null): void {
  navigator = next;
}

// `/` and `/pages/home/index` are the same page.
function normalizeUrl(url: string): string {
  const queryStart = url.indexOf('?');
  return getPathname(url) + (queryStart >= 0 ? url.slice(queryStart) : '');
}

function isCurrentUrl(url: string): boolean {
  return navigator !== null && normalizeUrl(navigator.getCurrentUrl()) === normalizeUrl(url);
}

function go(url: string, replace: boolean, isAllowed: boolean): boolean {
  if (!navigator || !isAllowed || isCurrentUrl(url)) return false;
  navigator.navigate(url, { replace });
  return true;
}

/** Opens a non-tab page on top of the current one. */
export function navigateTo(url: string): boolean {
  return go(url, false, !isTabPath(url));
}

/** Replaces the current page with a non-tab page. */
export function redirectTo(url: string): boolean {
  return go(url, true, !isTabPath(url));
}

/** Shows a tab page. */
export function switchTab(url: string): boolean {
  return go(url, true, isTabPath(url));
}

/** Goes to `url` by the rule that fits it: a tab switch for tab pages, a redirect otherwise. */
export function replaceWith(url: string): boolean {
  return isTabPath(url) ? switchTab(url) : redirectTo(url);
}

/** Back one page, or home when the app was opened on this page. */
export function navigateBack(): void {
  if (!navigator) return;
  if (navigator.canGoBack()) navigator.goBack();
  else switchTab(ROUTES.home);
}
