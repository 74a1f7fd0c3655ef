/** The console's remembered preferences (its own keys, apart from the member app's `kpc:` ones). */
export const STORAGE_KEYS = {
  /** The chosen interface language, `en` or `zh-Hans`. */
  language: 'kpc-console:language',
} as const;

/** localStorage can throw (private mode, quota); a lost preference must never break the console. */
export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Keep running without persistence.
  }
}
