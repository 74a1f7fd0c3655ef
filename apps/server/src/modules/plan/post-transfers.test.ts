import { randomUUID } from 'node:crypto';
import { AppError } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { postTransfers } from '../../ledger/ledger.ts';
import { findLedgerViolations } from '../../testing/ledger-invariants.ts';
import { openTestDatabase } from '../../testing/test-database.ts';

/** The set-based posting helper the release engine uses (ledger.ts `postTransfers`). */

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await database.close();
});

async function newMember(): Promise<string> {
  const id = randomUUID();
  await database.db.insert(members).values({ id, inviteCode: id.replaceAll('-', '').slice(0, 12).toUpperCase() });
  return id;
}

/** Transfers as VALUES rows: (key, member, amount, from bucket, from house, to bucket). */
function transfers(rows: [string, string, string, string | null, string | null, string][]) {
  return sql`select * from (values ${sql.join(
    rows.map(
      ([key, member, amount, fromBucket, fromHouse, toBucket]) =>
        sql`(${key}::text, 'adjustment'::text, ${member}::uuid, null::text, 'KPC'::text, ${amount}::numeric,
          ${fromBucket}::text, ${fromHouse}::text, ${toBucket}::text, null::text)`,
    ),
    sql`, `,
  )}) as t (idempotency_key, type, member_id, reference, asset, amount, from_bucket, from_house, to_bucket, to_house)`;
}

async function postingsOf(member: string) {
  const result: unknown = await database.db.execute(sql`
    select p.amount::text as amount, p.balance_after::text as after from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    where a.member_id = ${member} and a.bucket = 'income' order by p.id`);
  return (result as { rows: { amount: string; after: string }[] }).rows;
}

describe('postTransfers', () => {
  it('posts many entries to one account with a running balance-after, and each key once', async () => {
    const member = await newMember();
    const batch = transfers([
      [`t:${member}:1`, member, '1.5', null, 'plan_payout', 'income'],
      [`t:${member}:2`, member, '2.25', null, 'plan_payout', 'income'],
      [`t:${member}:3`, member, '0.25', null, 'plan_payout', 'income'],
    ]);
    expect(await database.db.transaction((tx) => postTransfers(tx, batch))).toBe(3);
    expect(await database.db.transaction((tx) => postTransfers(tx, batch))).toBe(0);
    const rows = await postingsOf(member);
    expect(rows.map((row) => Number(row.after))).toEqual([1.5, 3.75, 4]);
    expect(await findLedgerViolations(database.db)).toEqual({
      unbalanced: [],
      drifted: [],
      staleAfter: [],
      negative: [],
    });
  });

  it('refuses a batch that would take a member bucket below zero, and writes nothing of it', async () => {
    const member = await newMember();
    const overdraft = transfers([[`o:${member}:1`, member, '5', 'staked', null, 'available']]);
    await expect(database.db.transaction((tx) => postTransfers(tx, overdraft))).rejects.toBeInstanceOf(AppError);
    const funded = transfers([[`o:${member}:2`, member, '3', null, 'plan_payout', 'income']]);
    await database.db.transaction((tx) => postTransfers(tx, funded));
    const tooMuch = transfers([[`o:${member}:3`, member, '4', 'income', null, 'available']]);
    await expect(database.db.transaction((tx) => postTransfers(tx, tooMuch))).rejects.toMatchObject({
      key: 'INSUFFICIENT_BALANCE',
    });
    const result: unknown = await database.db.execute(
      sql`select count(*)::int as n from ledger_entries where idempotency_key like ${`o:${member}:%`}`,
    );
    expect((result as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});
