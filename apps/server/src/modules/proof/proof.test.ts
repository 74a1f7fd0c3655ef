import { parseDecimal, verifyLiabilityProof, type TLiabilityProofResponse } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_SECRET, type TestApp } from '../../testing/test-app.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { takeSnapshotNow } from './on-demand.ts';
import { pruneOldTrees } from './pruning.ts';
import { takeDailySnapshot, type ProofContext } from './service.ts';

const UNIT = 10n ** 18n;
let t: TestApp;
let context: ProofContext;
let members: TestMember[];

/** The member's proof as the app receives it. */
async function proofOf(member: TestMember): Promise<TLiabilityProofResponse> {
  const answer = await t.call('/api/pol/proof', {}, member.headers);
  expect(answer.code).toBe(200);
  return answer.data as TLiabilityProofResponse;
}

let startup: TLiabilityProofResponse['snapshot'];

beforeAll(async () => {
  t = await createTestApp();
  // The job's context, as the server builds it (its secret derives the members' nonces).
  context = { db: t.database.db, clock: t.clock, secret: TEST_APP_SECRET };
  // The job takes the day's snapshot as the server starts: before any member has a balance.
  const latest = async () => ((await t.call('/api/pol/latest', {})).data as TLiabilityProofResponse).snapshot;
  for (let waited = 0; !(await latest()) && waited < 200; waited += 1) await new Promise((r) => setTimeout(r, 100));
  startup = await latest();
  members = [];
  for (let index = 0; index < 5; index += 1) members.push(await createWalletMember(t));
  await fund(t, members[0]!, 'USDT', '100');
  await fund(t, members[0]!, 'KPC', '2.5', 'income');
  await fund(t, members[1]!, 'USDT', '0.000001');
  await fund(t, members[2]!, 'KPC', '7');
  await fund(t, members[3]!, 'USDT', '12.345678');
  // members[4] never had an account.
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('proof of liabilities', () => {
  it('is taken by the job when the server starts: a programme with no balance owes nothing', async () => {
    expect(startup).toMatchObject({ kind: 'daily', leafCount: 0 });
    expect(new Set(startup!.totals)).toEqual(new Set(['0']));
    // A member who joined after it is not in it, and is told so.
    expect(await proofOf(members[0]!)).toEqual({ snapshot: startup, proof: null });
  });

  it('takes one daily snapshot a day, however many passes ask', async () => {
    expect(await Promise.all([1, 2, 3].map(() => takeDailySnapshot(context)))).toEqual([null, null, null]);
  });

  it('publishes the total owed per asset, every member with an account in it', async () => {
    const id = await takeSnapshotNow(context);
    const { snapshot } = (await t.call('/api/pol/latest', {})).data as TLiabilityProofResponse;
    expect(snapshot!.id).toBe(String(id));
    const totals = Object.fromEntries(snapshot!.assets.map((asset, index) => [asset, snapshot!.totals[index]]));
    expect(totals).toMatchObject({ USDT: '112.345679', KPC: '9.5' });
    expect(snapshot!.leafCount).toBe(4);
    expect(snapshot!.kind).toBe('on_demand');
  });

  it('gives every member a path that verifies against the published root, with their own balances', async () => {
    for (const member of members.slice(0, 4)) {
      const { snapshot, proof } = await proofOf(member);
      expect(proof!.memberId).toBe(member.memberId);
      expect(await verifyLiabilityProof(snapshot!, proof!)).toEqual({ ok: true });
    }
    const { snapshot, proof } = await proofOf(members[0]!);
    const mine = Object.fromEntries(snapshot!.assets.map((asset, index) => [asset, proof!.balances[index]]));
    expect(mine).toMatchObject({ USDT: '100', KPC: '2.5' });
  });

  it('tells a member with no account at the snapshot that they are not in it', async () => {
    const { snapshot, proof } = await proofOf(members[4]!);
    expect(snapshot).not.toBeNull();
    expect(proof).toBeNull();
  });

  it('fails a proof whose balance, path or root was changed', async () => {
    const { snapshot, proof } = await proofOf(members[3]!);
    const more = (value: string) => String(parseDecimal(value, 18) + 1n);
    const usdt = snapshot!.assets.indexOf('USDT');
    const withBalance = { ...proof!, balances: proof!.balances.map((b, i) => (i === usdt ? `${b}1` : b)) };
    expect((await verifyLiabilityProof(snapshot!, withBalance)).ok).toBe(false);
    const step = proof!.path[0]!;
    const withSibling = {
      ...proof!,
      path: [{ ...step, sums: step.sums.map((s) => more(s)) }, ...proof!.path.slice(1)],
    };
    expect((await verifyLiabilityProof(snapshot!, withSibling)).ok).toBe(false);
    const otherRoot = { ...snapshot!, rootHash: snapshot!.rootHash.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    expect((await verifyLiabilityProof(otherRoot, proof!)).ok).toBe(false);
    const lowerTotal = {
      ...snapshot!,
      totals: snapshot!.totals.map((total, i) => (i === usdt ? '112.345678' : total)),
    };
    expect(await verifyLiabilityProof(lowerTotal, proof!)).toEqual({ ok: false, reason: 'root-sums' });
  });

  it('keeps every snapshot: one taken on demand later has the new balances and a new nonce', async () => {
    const before = await proofOf(members[2]!);
    await fund(t, members[2]!, 'KPC', '1');
    const id = await takeSnapshotNow(context);
    const after = await proofOf(members[2]!);
    expect(after.snapshot!.id).toBe(String(id));
    expect(after.snapshot!.id).not.toBe(before.snapshot!.id);
    expect(after.proof!.nonce).not.toBe(before.proof!.nonce);
    const kpc = after.snapshot!.assets.indexOf('KPC');
    expect(after.proof!.balances[kpc]).toBe('8');
    expect(await verifyLiabilityProof(after.snapshot!, after.proof!)).toEqual({ ok: true });
    // The earlier root still proves the earlier balances.
    expect(await verifyLiabilityProof(before.snapshot!, before.proof!)).toEqual({ ok: true });
  });

  it('takes over a daily snapshot whose builder died, once its lease ran out', async () => {
    t.clock.advance(24 * 3600);
    // A builder that claimed the (test clock's) day and died: its claim stays while its lease runs.
    const now = t.clock.now();
    const day = now.toISOString().slice(0, 10);
    const lease = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
    await t.database.db.execute(
      sql`insert into liability_snapshots (kind, day, status, claim_token, claimed_until)
          values ('daily', ${day}, 'building', gen_random_uuid(), ${lease(3600)}::timestamptz)`,
    );
    expect(await takeDailySnapshot(context)).toBeNull();
    await t.database.db.execute(
      sql`update liability_snapshots set claimed_until = ${lease(-1)}::timestamptz where day = ${day}`,
    );
    const id = await takeDailySnapshot(context);
    expect(id).not.toBeNull();
    const latest = (await t.call('/api/pol/latest', {})).data as TLiabilityProofResponse;
    expect(latest.snapshot!.id).toBe(String(id));
    expect(latest.snapshot!.kind).toBe('daily');
    const kpc = parseDecimal(latest.snapshot!.totals[latest.snapshot!.assets.indexOf('KPC')]!, 18);
    expect(kpc).toBe(10n * UNIT + UNIT / 2n);
    expect(await takeDailySnapshot(context)).toBeNull();
  });

  it('deletes the trees older than the newest kept, keeps every root, and the latest proof still verifies', async () => {
    for (let index = 0; index < 3; index += 1) await takeSnapshotNow(context);
    const count = async (table: 'liability_nodes' | 'liability_leaves') => {
      const result: unknown = await t.database.db.execute(
        sql.raw(`select snapshot_id::text as id, count(*)::int as n from ${table} group by snapshot_id`),
      );
      return new Map((result as { rows: { id: string; n: number }[] }).rows.map((row) => [row.id, row.n]));
    };
    const snapshots = async () => {
      const result: unknown = await t.database.db.execute(
        // Ordered by the number, not by its text ('12' < '6').
        sql`select id::text as sid, root_hash, tree_pruned_at from liability_snapshots where status = 'published' order by id`,
      );
      return (result as { rows: { sid: string; root_hash: string; tree_pruned_at: unknown }[] }).rows.map(
        ({ sid, ...row }) => ({ id: sid, ...row }),
      );
    };
    const before = await snapshots();
    expect(before.length).toBeGreaterThanOrEqual(5);
    const proofBefore = await proofOf(members[0]!);

    expect(await pruneOldTrees(context, 2)).toBe(before.length - 2);
    const after = await snapshots();
    // Every snapshot and its root stay; only the newest two keep a tree.
    expect(after.map((row) => [row.id, row.root_hash])).toEqual(before.map((row) => [row.id, row.root_hash]));
    const kept = before.slice(-2).map((row) => row.id);
    expect(after.filter((row) => row.tree_pruned_at === null).map((row) => row.id)).toEqual(kept);
    expect([...(await count('liability_nodes')).keys()].sort()).toEqual([...kept].sort());
    expect([...(await count('liability_leaves')).keys()].sort()).toEqual([...kept].sort());
    // The member's proof comes from the latest, untouched.
    const proofAfter = await proofOf(members[0]!);
    expect(proofAfter).toEqual(proofBefore);
    expect(await verifyLiabilityProof(proofAfter.snapshot!, proofAfter.proof!)).toEqual({ ok: true });
    // Nothing left to do: a second pass (another process) deletes nothing more.
    expect(await pruneOldTrees(context, 2)).toBe(0);
  });
});
