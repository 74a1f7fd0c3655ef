/** SPEC §3: persisted client state lives under one key prefix for the product's service. */
export const STORAGE_PREFIX = 'kpc:';

export const STORAGE_KEYS = {
  /** The user store (zustand `persist`, JSON `{ state, version }`). */
  user: `${STORAGE_PREFIX}user`,
  /** The chosen locale code, a plain string such as `zh-Hans`. */
  language: `${STORAGE_PREFIX}language`,
  /** The last `inviteCode` query parameter seen, a plain string (SPEC §4: kept across logout). */
  inviteCode: `${STORAGE_PREFIX}inviteCode`,
  /** Wallet deposits sent from this device, JSON `[{ txHash, chainId, from, sentAt }]` (features/recharge). */
  sentDeposits: `${STORAGE_PREFIX}sentDeposits`,
  /** Whether balances are masked ("****") on Home and Assets, `1` or `0` (lib/balance-visibility). */
  hideBalances: `${STORAGE_PREFIX}hideBalances`,
  /** sessionStorage: epoch ms of the last reload for a page of an older build (app/stale-build.ts). */
  staleBuildReloadedAt: `${STORAGE_PREFIX}staleBuildReloadedAt`,
} as const;

/** localStorage can throw (private mode, quota); a lost preference must never break the app. */
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
