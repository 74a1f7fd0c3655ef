import { AppError, Bucket, EntryType, toLedgerUnits, type TBucket } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../testing/ledger-invariants.ts';
import { createWalletMember } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { assertBalanced, getMemberBalances, HouseAccount, postEntry, type Posting } from './ledger.ts';

let t: TestApp;
let members: string[] = [];
let keyCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  members = await Promise.all([1, 2, 3].map(async () => (await createWalletMember(t)).memberId));
});
afterAll(async () => {
  await t.close();
});

const UNIT = 10n ** 18n;
const ASSETS = ['USDT', 'KPC'] as const;
const BUCKETS = [Bucket.AVAILABLE, Bucket.FROZEN, Bucket.INCOME] as const;

function post(postings: Posting[], idempotencyKey = `test:${++keyCounter}`) {
  return t.database.db.transaction((tx) => postEntry(tx, { type: EntryType.ADJUSTMENT, idempotencyKey, postings }));
}

function credit(memberId: string, asset: string, amount: bigint, bucket: TBucket = Bucket.AVAILABLE): Posting[] {
  return [
    { account: { memberId, bucket }, asset, amount },
    { account: { house: HouseAccount.FAUCET }, asset, amount: -amount },
  ];
}

async function rows(query: ReturnType<typeof sql>): Promise<unknown[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: unknown[] }).rows;
}

/** The invariants of ARCHITECTURE "Money", checked in SQL over the whole ledger. */
async function expectLedgerInvariants() {
  expect(await findLedgerViolations(t.database.db)).toEqual({
    unbalanced: [],
    drifted: [],
    staleAfter: [],
    negative: [],
  });
}

describe('ledger entries', () => {
  it('refuses entries that do not balance, have an empty line or one account twice', () => {
    const alice = members[0]!;
    expect(() =>
      assertBalanced([{ account: { memberId: alice, bucket: 'available' }, asset: 'USDT', amount: 1n }]),
    ).toThrow(/two postings/);
    expect(() =>
      assertBalanced([
        { account: { memberId: alice, bucket: 'available' }, asset: 'USDT', amount: 2n },
        { account: { house: 'faucet' }, asset: 'USDT', amount: -1n },
      ]),
    ).toThrow(/does not balance/);
    // Balanced in total but not per asset.
    expect(() =>
      assertBalanced([
        { account: { memberId: alice, bucket: 'available' }, asset: 'USDT', amount: 1n },
        { account: { house: 'faucet' }, asset: 'KPC', amount: -1n },
      ]),
    ).toThrow(/does not balance/);
    expect(() => assertBalanced([...credit(alice, 'USDT', 0n)])).toThrow(/zero/);
    expect(() => assertBalanced([...credit(alice, 'USDT', 1n), ...credit(alice, 'USDT', 1n)])).toThrow(/twice/);
  });

  it('posts once per idempotency key', async () => {
    const alice = members[0]!;
    const before = await getMemberBalances(t.database.db, alice);
    const first = await post(credit(alice, 'KPC', 5n * UNIT), 'once-only');
    const second = await post(credit(alice, 'KPC', 5n * UNIT), 'once-only');
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ entryId: first.entryId, replayed: true });
    const after = await getMemberBalances(t.database.db, alice);
    const kpc = (rows: typeof after) =>
      rows.find((row) => row.asset === 'KPC' && row.bucket === 'available')?.balance ?? 0n;
    expect(kpc(after) - kpc(before)).toBe(5n * UNIT);
  });

  it('turns an overdraft into INSUFFICIENT_BALANCE and writes nothing', async () => {
    const bob = members[1]!;
    const entries = async () => (await rows(sql`select count(*)::int as n from ledger_entries`))[0];
    const before = await entries();
    await expect(
      post([
        { account: { memberId: bob, bucket: 'available' }, asset: 'USDT', amount: -1n },
        { account: { house: HouseAccount.FEES }, asset: 'USDT', amount: 1n },
      ]),
    ).rejects.toMatchObject({ code: new AppError('INSUFFICIENT_BALANCE').code });
    expect(await entries()).toEqual(before);
  });

  it('is kept from going negative by the database itself, not only by the code', async () => {
    const carol = members[2]!;
    await post(credit(carol, 'USDT', UNIT));
    await expect(
      t.database.db.execute(sql`update ledger_accounts set balance = -1 where member_id = ${carol}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(
        sql`insert into ledger_accounts (house_account, asset, balance) values ('rogue', 'USDT', 5)`,
      ),
    ).rejects.toThrow();
  });
});

describe('ledger invariants under random operations (fast-check)', () => {
  const memberIndex = fc.integer({ min: 0, max: 2 });
  const asset = fc.constantFrom(...ASSETS);
  const bucket = fc.constantFrom(...BUCKETS);
  // Up to 1,000 whole units with up to 18 decimals, and some tiny amounts.
  const amount = fc.oneof(fc.bigInt({ min: 1n, max: 1000n * UNIT }), fc.bigInt({ min: 1n, max: 1000n }));

  type Operation =
    | { kind: 'credit'; member: number; asset: string; bucket: TBucket; amount: bigint }
    | { kind: 'move'; member: number; asset: string; from: TBucket; to: TBucket; amount: bigint }
    | { kind: 'pay'; from: number; to: number; asset: string; amount: bigint }
    | { kind: 'exchange'; member: number; amount: bigint; received: bigint };

  const operation: fc.Arbitrary<Operation> = fc.oneof(
    fc.record({ kind: fc.constant('credit' as const), member: memberIndex, asset, bucket, amount }),
    fc
      .record({ kind: fc.constant('move' as const), member: memberIndex, asset, from: bucket, to: bucket, amount })
      .filter((op) => op.from !== op.to),
    fc
      .record({ kind: fc.constant('pay' as const), from: memberIndex, to: memberIndex, asset, amount })
      .filter((op) => op.from !== op.to),
    fc.record({ kind: fc.constant('exchange' as const), member: memberIndex, amount, received: amount }),
  );

  function toPostings(op: Operation): Posting[] {
    const id = (index: number) => members[index]!;
    switch (op.kind) {
      case 'credit':
        return credit(id(op.member), op.asset, op.amount, op.bucket);
      case 'move':
        return [
          { account: { memberId: id(op.member), bucket: op.from }, asset: op.asset, amount: -op.amount },
          { account: { memberId: id(op.member), bucket: op.to }, asset: op.asset, amount: op.amount },
        ];
      case 'pay':
        return [
          { account: { memberId: id(op.from), bucket: Bucket.AVAILABLE }, asset: op.asset, amount: -op.amount },
          { account: { memberId: id(op.to), bucket: Bucket.AVAILABLE }, asset: op.asset, amount: op.amount },
        ];
      case 'exchange':
        return [
          { account: { memberId: id(op.member), bucket: Bucket.AVAILABLE }, asset: 'USDT', amount: -op.amount },
          { account: { house: HouseAccount.EXCHANGE }, asset: 'USDT', amount: op.amount },
          { account: { house: HouseAccount.EXCHANGE }, asset: 'KPC', amount: -op.received },
          { account: { memberId: id(op.member), bucket: Bucket.AVAILABLE }, asset: 'KPC', amount: op.received },
        ];
    }
  }

  async function readModel(): Promise<Map<string, bigint>> {
    const model = new Map<string, bigint>();
    for (const [index, memberId] of members.entries()) {
      for (const row of await getMemberBalances(t.database.db, memberId)) {
        model.set(`${index}:${row.asset}:${row.bucket}`, row.balance);
      }
    }
    return model;
  }

  const runs = Number(process.env.LEDGER_PROPERTY_RUNS ?? 2000);

  it(`keeps every entry balanced and every balance equal to its postings over ${runs} random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
        const model = await readModel();
        for (const op of operations) {
          const postings = toPostings(op);
          // What the balances would become; an overdraft must be refused and change nothing.
          const next = new Map(model);
          for (const posting of postings) {
            if ('house' in posting.account) continue;
            const key = `${members.indexOf(posting.account.memberId)}:${posting.asset}:${posting.account.bucket}`;
            next.set(key, (next.get(key) ?? 0n) + posting.amount);
          }
          const overdraws = [...next.values()].some((balance) => balance < 0n);
          if (overdraws) {
            await expect(post(postings)).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
          } else {
            await post(postings);
            for (const [key, value] of next) model.set(key, value);
          }
        }
        expect(await readModel()).toEqual(model);
        await expectLedgerInvariants();
      }),
      { numRuns: runs },
    );
  }, 600_000);

  it('stores balances as exact NUMERIC(38,18) values', async () => {
    const alice = members[0]!;
    const tiny = 1n;
    const before =
      (await getMemberBalances(t.database.db, alice)).find((row) => row.asset === 'KPC' && row.bucket === 'income')
        ?.balance ?? 0n;
    await post(credit(alice, 'KPC', tiny, Bucket.INCOME));
    const after = (await getMemberBalances(t.database.db, alice)).find(
      (row) => row.asset === 'KPC' && row.bucket === 'income',
    )!.balance;
    expect(after - before).toBe(toLedgerUnits('0.000000000000000001'));
  });
});
