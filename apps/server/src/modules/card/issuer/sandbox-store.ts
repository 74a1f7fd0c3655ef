/** What the sandbox issuer reads and writes inside one exclusive section (one transaction in the database). */
export interface SandboxIssuerEntries {
  get(key: string): Promise<string | undefined>;
  /** Writes all entries or none. */
  put(entries: ReadonlyArray<readonly [key: string, value: string]>): Promise<void>;
  /** Every entry whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<Array<[key: string, value: string]>>;
}

/**
 * Where the sandbox issuer keeps what must survive a restart: applications, cards, transactions
 * and idempotency keys, as JSON text under string keys. Deliberately tiny so a database-backed
 * store is a few lines: the card module gives the sandbox one on a table
 * `(key text primary key, value text)` (`sandbox-db-store.ts`). The in-memory store is for tests
 * and throwaway demos only.
 */
export interface SandboxIssuerStore extends SandboxIssuerEntries {
  /**
   * Runs `work` while holding every lock in `names`, in every process that shares the store (the
   * database's advisory locks; a queue in memory), with entries whose reads and writes commit
   * together when `work` returns and not at all when it throws.
   */
  exclusive<T>(names: readonly string[], work: (entries: SandboxIssuerEntries) => Promise<T>): Promise<T>;
}

/** A store in process memory: lost on restart, and exclusive within this process only. */
export function memorySandboxStore(): SandboxIssuerStore {
  const entries = new Map<string, string>();
  const locks = new Map<string, Promise<void>>();
  const direct: SandboxIssuerEntries = {
    get: async (key) => entries.get(key),
    put: async (writes) => {
      for (const [key, value] of writes) entries.set(key, value);
    },
    list: async (prefix) =>
      [...entries].filter(([key]) => key.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  };
  /** Runs `work` after every earlier holder of `name` has finished. */
  async function holding<T>(name: string, work: () => Promise<T>): Promise<T> {
    const previous = locks.get(name) ?? Promise.resolve();
    const run = previous.then(work);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    locks.set(name, done);
    try {
      return await run;
    } finally {
      if (locks.get(name) === done) locks.delete(name);
    }
  }
  return {
    ...direct,
    async exclusive(names, work) {
      // Writes are buffered, so a section that throws leaves nothing behind (as a rolled-back transaction).
      const run = async () => {
        const pending = new Map<string, string>();
        const buffered: SandboxIssuerEntries = {
          get: async (key) => (pending.has(key) ? pending.get(key) : entries.get(key)),
          put: async (writes) => {
            for (const [key, value] of writes) pending.set(key, value);
          },
          list: async (prefix) => {
            const merged = new Map(await direct.list(prefix));
            for (const [key, value] of pending) if (key.startsWith(prefix)) merged.set(key, value);
            return [...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
          },
        };
        const result = await work(buffered);
        for (const [key, value] of pending) entries.set(key, value);
        return result;
      };
      const ordered = [...new Set(names)].sort();
      const nest = (index: number): ReturnType<typeof run> =>
        index === ordered.length ? run() : holding(ordered[index]!, () => nest(index + 1));
      return nest(0);
    },
  };
}
