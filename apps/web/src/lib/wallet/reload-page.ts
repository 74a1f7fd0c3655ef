/** Reloads the app (SPEC §4: after the wallet's accounts or chain change). Its own module so tests can observe it. */
export function reloadPage(): void {
  window.location.reload();
}
