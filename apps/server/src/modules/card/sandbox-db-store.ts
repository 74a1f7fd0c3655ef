import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cardSandboxStore } from '../../db/schema/index.ts';
import type { SandboxIssuerStore } from './issuer/sandbox-store.ts';

/**
 * The sandbox issuer's store on `card_sandbox_store` (issuer/sandbox-store.ts): its applications,
 * cards and transactions survive a restart. Listing orders by byte order (`collate "C"`), as the
 * in-memory store does, whatever the database's collation.
 */
export function databaseSandboxStore(db: Database): SandboxIssuerStore {
  return {
    async get(key) {
      const [row] = await db
        .select({ value: cardSandboxStore.value })
        .from(cardSandboxStore)
        .where(sql`${cardSandboxStore.key} = ${key}`);
      return row?.value;
    },
    async put(entries) {
      if (entries.length === 0) return;
      await db.transaction(async (tx) => {
        for (const [key, value] of entries) {
          await tx
            .insert(cardSandboxStore)
            .values({ key, value })
            .onConflictDoUpdate({ target: cardSandboxStore.key, set: { value } });
        }
      });
    },
    async list(prefix) {
      const rows = await db
        .select({ key: cardSandboxStore.key, value: cardSandboxStore.value })
        .from(cardSandboxStore)
        // A prefix test without LIKE, so `%` and `_` in keys are plain characters.
        .where(sql`left(${cardSandboxStore.key}, ${prefix.length}) = ${prefix}`)
        .orderBy(sql`${cardSandboxStore.key} collate "C"`);
      return rows.map((row) => [row.key, row.value] as [string, string]);
    },
  };
}
