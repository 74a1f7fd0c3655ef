/**
 * Where the sandbox issuer keeps what must survive a restart: applications, cards, transactions
 * and idempotency keys, as JSON text under string keys. Deliberately tiny so a database-backed
 * store is a few lines: the card module gives the sandbox one on a table
 * `(key text primary key, value text)`, writing `put`'s entries in one transaction
 * (`insert ... on conflict (key) do update`) and listing by `key like prefix || '%' order by key`.
 * The in-memory store is for tests and throwaway demos only.
 */
export interface SandboxIssuerStore {
  get(key: string): Promise<string | undefined>;
  /** Writes all entries or none (one transaction). */
  put(entries: ReadonlyArray<readonly [key: string, value: string]>): Promise<void>;
  /** Every entry whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<Array<[key: string, value: string]>>;
}

/** A store in process memory: lost on restart. */
export function memorySandboxStore(): SandboxIssuerStore {
  const entries = new Map<string, string>();
  return {
    get: async (key) => entries.get(key),
    put: async (writes) => {
      for (const [key, value] of writes) entries.set(key, value);
    },
    list: async (prefix) =>
      [...entries].filter(([key]) => key.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  };
}
