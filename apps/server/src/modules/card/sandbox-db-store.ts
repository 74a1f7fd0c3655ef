import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { cardSandboxStore } from '../../db/schema/index.ts';
import { seal, unseal } from '../../lib/sealing.ts';
import type { SandboxIssuerEntries, SandboxIssuerStore } from './issuer/sandbox-store.ts';

/** Marks a sealed value (rows written before Step 7b were plain JSON and still read). */
const SEALED = 'sealed:';

/**
 * The sandbox issuer's store on `card_sandbox_store` (issuer/sandbox-store.ts): its applications,
 * cards and transactions survive a restart, every value sealed with `key` (card numbers and KYC
 * details are inside), and its exclusive sections hold PostgreSQL advisory locks inside one
 * transaction, so two server processes never load one top-up twice. Listing orders by byte order
 * (`collate "C"`), as the in-memory store does, whatever the database's collation.
 */
export function databaseSandboxStore(db: Database, key: Buffer): SandboxIssuerStore {
  const open = (value: string): string => {
    if (!value.startsWith(SEALED)) return value;
    const text = unseal(key, value.slice(SEALED.length));
    // Sealed under another APP_SECRET: the sandbox's state cannot be read, and must not be guessed.
    if (text === null) throw new Error('card sandbox store: a value is sealed under another APP_SECRET');
    return text;
  };
  const entriesOn = (executor: Executor): SandboxIssuerEntries => ({
    async get(name) {
      const [row] = await executor
        .select({ value: cardSandboxStore.value })
        .from(cardSandboxStore)
        .where(sql`${cardSandboxStore.key} = ${name}`);
      return row === undefined ? undefined : open(row.value);
    },
    async put(entries) {
      for (const [name, value] of entries) {
        const sealed = SEALED + seal(key, value);
        await executor
          .insert(cardSandboxStore)
          .values({ key: name, value: sealed })
          .onConflictDoUpdate({ target: cardSandboxStore.key, set: { value: sealed } });
      }
    },
    async list(prefix) {
      const rows = await executor
        .select({ key: cardSandboxStore.key, value: cardSandboxStore.value })
        .from(cardSandboxStore)
        // A prefix test without LIKE, so `%` and `_` in keys are plain characters.
        .where(sql`left(${cardSandboxStore.key}, ${prefix.length}) = ${prefix}`)
        .orderBy(sql`${cardSandboxStore.key} collate "C"`);
      return rows.map((row) => [row.key, open(row.value)] as [string, string]);
    },
  });
  const direct = entriesOn(db);
  return {
    get: (name) => direct.get(name),
    list: (prefix) => direct.list(prefix),
    put: (entries) => (entries.length === 0 ? Promise.resolve() : db.transaction((tx) => entriesOn(tx).put(entries))),
    exclusive: (names, work) =>
      db.transaction(async (tx) => {
        // In one order everywhere, so two sections wanting the same locks never wait on each other in a circle.
        for (const name of [...new Set(names)].sort()) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`card-sandbox:${name}`}, 0))`);
        }
        return work(entriesOn(tx));
      }),
  };
}
