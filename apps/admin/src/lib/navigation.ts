/**
 * Navigation outside React (the wire client's lost session, the idle timer): the router binds
 * its `navigate` here when it is created.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigate: Navigate | null = null;

export function bindNavigator(next: Navigate | null): void {
  navigate = next;
}

/** Resolves once the navigation is done (when the router is bound). */
export async function navigateTo(to: string, options: { replace?: boolean } = {}): Promise<void> {
  if (navigate) await navigate(to, options);
  else window.location.hash = `#${to}`;
}

/** The current hash route, e.g. `/withdrawals?status=submitted`. */
export function currentRoute(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}
