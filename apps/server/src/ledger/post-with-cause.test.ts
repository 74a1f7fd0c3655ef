import { randomUUID } from 'node:crypto';
import { AppError, Bucket, EntryType, type TBucket } from '@kpc/shared';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../testing/ledger-invariants.ts';
import { createWalletMember } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { getMemberBalances, HouseAccount, postEntry, postWithCause, type Posting } from './ledger.ts';

/**
 * `postWithCause`: a record and its entry in one statement, so every refusal leaves nothing
 * behind, and each branch of `kpc_post_entry` (migration 0027) answers as `postEntry` always has.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const UNIT = 10n ** 18n;

async function rows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function counts(memberId: string) {
  const [row] = await rows<{ records: number; entries: number }>(sql`
    select (select count(*) from financial_records where member_id = ${memberId}::uuid)::int as records,
      (select count(*) from ledger_entries where member_id = ${memberId}::uuid)::int as entries`);
  return row;
}

async function usdt(memberId: string, bucket: TBucket = Bucket.AVAILABLE) {
  const balances = await getMemberBalances(t.database.db, memberId);
  return balances.find((row) => row.asset === 'USDT' && row.bucket === bucket)?.balance ?? 0n;
}

async function fund(memberId: string, amount: bigint) {
  await t.database.db.transaction((tx) =>
    postEntry(tx, {
      type: EntryType.ADJUSTMENT,
      idempotencyKey: `fund:${randomUUID()}`,
      memberId,
      postings: [
        { account: { memberId, bucket: Bucket.AVAILABLE }, asset: 'USDT', amount },
        { account: { house: HouseAccount.FAUCET }, asset: 'USDT', amount: -amount },
      ],
    }),
  );
}

/** A transfer-like record with its entry, as `transferIncome` writes them. */
function transfer(memberId: string, requestId: string, amount: bigint, postings?: Posting[]) {
  return t.database.db.transaction((tx) =>
    postWithCause<{ id: string }>(
      tx,
      sql`insert into financial_records (member_id, kind, status, request_id, asset, amount)
      values (${memberId}::uuid, 'transfer', 'completed', ${requestId}::uuid, 'USDT', ${String(amount / UNIT)}::numeric)
      on conflict (member_id, request_id) do nothing
      returning id::text`,
      {
        type: EntryType.TRANSFER,
        idempotencyKey: sql`'test-transfer:' || cause.id`,
        memberId,
        reference: sql`'financial_record:' || cause.id`,
        postings: postings ?? [
          { account: { memberId, bucket: Bucket.AVAILABLE }, asset: 'USDT', amount: -amount },
          { account: { memberId, bucket: Bucket.INCOME }, asset: 'USDT', amount },
        ],
      },
    ),
  );
}

describe('postWithCause', () => {
  it('writes the record and its entry together; a retry posts nothing and answers undefined', async () => {
    const { memberId } = await createWalletMember(t);
    await fund(memberId, 10n * UNIT);
    const requestId = randomUUID();
    const first = await transfer(memberId, requestId, 3n * UNIT);
    expect(first?.entry.replayed).toBe(false);
    const [entry] = await rows<{ id: string; idempotency_key: string; reference: string }>(
      sql`select id::text, idempotency_key, reference from ledger_entries where id = ${first!.entry.entryId}`,
    );
    expect(entry).toEqual({
      id: first!.entry.entryId.toString(),
      idempotency_key: `test-transfer:${first!.id}`,
      reference: `financial_record:${first!.id}`,
    });
    expect(await transfer(memberId, requestId, 3n * UNIT)).toBeUndefined();
    expect(await counts(memberId)).toEqual({ records: 1, entries: 2 });
    expect(await usdt(memberId)).toBe(7n * UNIT);
    expect(await usdt(memberId, Bucket.INCOME)).toBe(3n * UNIT);
  });

  it('answers a key posted before with the earlier entry and applies nothing', async () => {
    const { memberId } = await createWalletMember(t);
    await fund(memberId, 10n * UNIT);
    const key = `replay:${randomUUID()}`;
    const move = (requestId: string) =>
      t.database.db.transaction((tx) =>
        postWithCause<{ id: string }>(
          tx,
          sql`insert into financial_records (member_id, kind, status, request_id, asset, amount)
          values (${memberId}::uuid, 'transfer', 'completed', ${requestId}::uuid, 'USDT', 1) returning id::text`,
          {
            type: EntryType.TRANSFER,
            idempotencyKey: key,
            memberId,
            reference: sql`'financial_record:' || cause.id`,
            postings: [
              { account: { memberId, bucket: Bucket.AVAILABLE }, asset: 'USDT', amount: -UNIT },
              { account: { memberId, bucket: Bucket.INCOME }, asset: 'USDT', amount: UNIT },
            ],
          },
        ),
      );
    const first = await move(randomUUID());
    const second = await move(randomUUID());
    expect(second?.entry).toEqual({ entryId: first!.entry.entryId, replayed: true });
    expect(await usdt(memberId)).toBe(9n * UNIT);
  });

  it('refuses an overdraft with INSUFFICIENT_BALANCE and leaves neither record nor entry', async () => {
    const { memberId } = await createWalletMember(t);
    const insufficient = { code: new AppError('INSUFFICIENT_BALANCE').code };
    // From an account never used.
    await expect(transfer(memberId, randomUUID(), UNIT)).rejects.toMatchObject(insufficient);
    expect(await counts(memberId)).toEqual({ records: 0, entries: 0 });
    // From an account holding less.
    await fund(memberId, UNIT);
    await expect(transfer(memberId, randomUUID(), 2n * UNIT)).rejects.toMatchObject(insufficient);
    expect(await counts(memberId)).toEqual({ records: 0, entries: 1 });
    expect(await usdt(memberId)).toBe(UNIT);
    expect(await usdt(memberId, Bucket.INCOME)).toBe(0n);
  });

  it('refuses a line whose house account does not exist and leaves nothing', async () => {
    const { memberId } = await createWalletMember(t);
    await fund(memberId, UNIT);
    await expect(
      transfer(memberId, randomUUID(), UNIT, [
        { account: { memberId, bucket: Bucket.AVAILABLE }, asset: 'USDT', amount: -UNIT },
        { account: { house: 'nowhere' as typeof HouseAccount.FEES }, asset: 'USDT', amount: UNIT },
      ]),
    ).rejects.toThrow();
    expect(await counts(memberId)).toEqual({ records: 0, entries: 1 });
    expect(await usdt(memberId)).toBe(UNIT);
  });

  it("refuses a frozen member's own spending with MEMBER_FROZEN; an entry posted before still answers", async () => {
    const { memberId } = await createWalletMember(t);
    await fund(memberId, 5n * UNIT);
    const spend = (key: string) =>
      t.database.db.transaction((tx) =>
        postEntry(tx, {
          type: EntryType.EXCHANGE,
          idempotencyKey: key,
          memberId,
          postings: [
            { account: { memberId, bucket: Bucket.AVAILABLE }, asset: 'USDT', amount: -UNIT },
            { account: { house: HouseAccount.FEES }, asset: 'USDT', amount: UNIT },
          ],
        }),
      );
    const before = await spend('frozen-test:before');
    await t.database.db.execute(sql`update members set frozen_at = now() where id = ${memberId}::uuid`);
    try {
      await expect(spend('frozen-test:after')).rejects.toMatchObject({ code: new AppError('MEMBER_FROZEN').code });
      expect(await spend('frozen-test:before')).toEqual({ entryId: before.entryId, replayed: true });
      // A credit by the programme goes on.
      await fund(memberId, UNIT);
      expect(await usdt(memberId)).toBe(5n * UNIT);
    } finally {
      await t.database.db.execute(sql`update members set frozen_at = null where id = ${memberId}::uuid`);
    }
  });

  it('keeps the whole ledger balanced', async () => {
    expect(await findLedgerViolations(t.database.db)).toEqual({
      unbalanced: [],
      drifted: [],
      staleAfter: [],
      negative: [],
    });
  });
});
