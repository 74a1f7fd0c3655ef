import { randomUUID } from 'node:crypto';
import { AppError } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { findLedgerViolations } from '../testing/ledger-invariants.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { NEXT_ENTRY_ID, postTransferBatch, type TransferBatch } from './ledger.ts';

/** The set-based posting the release engine uses (`postTransferBatch`). */

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

/** A batch of transfers as VALUES rows: (key, member, amount, from bucket, from house, to bucket). */
function transfers(rows: [string, string, string, string | null, string | null, string][]): TransferBatch {
  const values = sql.join(
    rows.map(
      ([key, member, amount, fromBucket, fromHouse, toBucket]) =>
        sql`(${key}::text, 'adjustment'::text, ${member}::uuid, null::text, 'KPC'::text, ${amount}::numeric,
          ${fromBucket}::text, ${fromHouse}::text, ${toBucket}::text, null::text)`,
    ),
    sql`, `,
  );
  return {
    source: sql`src as (select * from (values ${values})
      as t (idempotency_key, type, member_id, reference, asset, amount, from_bucket, from_house, to_bucket, to_house))`,
    accounts: sql`select member_id, asset, from_bucket as bucket from src where from_bucket is not null
      union select member_id, asset, to_bucket from src`,
    transfers: sql`select ${NEXT_ENTRY_ID} as entry_id, * from src`,
  };
}

async function count(statement: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await database.db.execute(statement);
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

async function postingsOf(member: string) {
  const result: unknown = await database.db.execute(sql`
    select p.amount::text as amount, p.balance_after::text as after from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    where a.member_id = ${member} and a.bucket = 'income' order by p.id`);
  return (result as { rows: { amount: string; after: string }[] }).rows;
}

describe('postTransferBatch', () => {
  it('posts many entries to one account with a running balance-after, and refuses a key posted before', async () => {
    const member = await newMember();
    const batch = transfers([
      [`t:${member}:1`, member, '1.5', null, 'plan_payout', 'income'],
      [`t:${member}:2`, member, '2.25', null, 'plan_payout', 'income'],
      [`t:${member}:3`, member, '0.25', null, 'plan_payout', 'income'],
    ]);
    expect(await database.db.transaction((tx) => postTransferBatch(tx, batch, sql`sum(amount)`))).toEqual({
      entries: 3,
      result: '4.00',
    });
    // The caller's own state says what is due; a key posted twice is a bug, and nothing of it is written.
    await expect(database.db.transaction((tx) => postTransferBatch(tx, batch))).rejects.toThrow();
    const rows = await postingsOf(member);
    expect(rows.map((row) => Number(row.after))).toEqual([1.5, 3.75, 4]);
    expect(await count(sql`select count(*)::int as n from ledger_entries where member_id = ${member}`)).toBe(3);
    expect(await findLedgerViolations(database.db)).toEqual({
      unbalanced: [],
      drifted: [],
      staleAfter: [],
      negative: [],
    });
  });

  it('moves between two buckets of one member, running balances on both', async () => {
    const member = await newMember();
    await database.db.transaction((tx) =>
      postTransferBatch(tx, transfers([[`m:${member}:0`, member, '10', null, 'plan_payout', 'staked']])),
    );
    const moved = transfers([
      [`m:${member}:1`, member, '4', 'staked', null, 'available'],
      [`m:${member}:2`, member, '6', 'staked', null, 'available'],
    ]);
    expect((await database.db.transaction((tx) => postTransferBatch(tx, moved))).entries).toBe(2);
    const result: unknown = await database.db.execute(sql`
      select a.bucket, p.amount::text as amount, p.balance_after::text as after from ledger_postings p
      join ledger_accounts a on a.id = p.account_id where a.member_id = ${member} order by p.id`);
    expect((result as { rows: unknown[] }).rows).toEqual([
      { bucket: 'staked', amount: '10.000000000000000000', after: '10.000000000000000000' },
      { bucket: 'staked', amount: '-4.000000000000000000', after: '6.000000000000000000' },
      { bucket: 'available', amount: '4.000000000000000000', after: '4.000000000000000000' },
      { bucket: 'staked', amount: '-6.000000000000000000', after: '0.000000000000000000' },
      { bucket: 'available', amount: '6.000000000000000000', after: '10.000000000000000000' },
    ]);
  });

  it('runs `then` in the posting statement, and refuses an overdraft writing nothing of the batch', async () => {
    const member = await newMember();
    const funded = transfers([[`o:${member}:1`, member, '3', null, 'plan_payout', 'income']]);
    await database.db.transaction((tx) =>
      postTransferBatch(tx, {
        ...funded,
        then: sql`marked as (update members set email = ${`then-${member}@example.test`} where id = ${member})`,
      }),
    );
    expect(
      await count(sql`select count(*)::int as n from members where email = ${`then-${member}@example.test`}`),
    ).toBe(1);
    const tooMuch = transfers([
      [`o:${member}:2`, member, '1', 'income', null, 'available'],
      [`o:${member}:3`, member, '4', 'income', null, 'available'],
    ]);
    await expect(database.db.transaction((tx) => postTransferBatch(tx, tooMuch))).rejects.toMatchObject({
      key: 'INSUFFICIENT_BALANCE',
    });
    await expect(database.db.transaction((tx) => postTransferBatch(tx, tooMuch))).rejects.toBeInstanceOf(AppError);
    expect(await count(sql`select count(*)::int as n from ledger_entries where member_id = ${member}`)).toBe(1);
  });
});
