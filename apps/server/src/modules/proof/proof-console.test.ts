import { randomUUID } from 'node:crypto';
import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import { ErrorCode } from '@kpc/shared';
import type { TLiabilitySnapshotListResponse, TOperatorLiabilitySnapshot } from '@kpc/shared/operator';
import { eq, sql } from 'drizzle-orm';
import { erc20Abi, formatUnits, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChainNodes, type ChainNodes } from '../../chain/nodes.ts';
import type { ChainRuntime } from '../../chain/runtime.ts';
import { liabilitySnapshots } from '../../db/schema/index.ts';
import { startLocalChain, type LocalChain } from '../../testing/local-chain.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import { startRpcProxy, type RpcProxy } from '../../testing/rpc-proxy.ts';
import { createTestApp, TEST_APP_SECRET, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { runLiabilitySnapshotPass, type SnapshotJobContext } from './snapshot-job.ts';

// Step 11 §1, the console: a snapshot's totals beside the reserves the programme's addresses held
// on the local chain at one block, a chain that does not answer (the snapshot still publishes and a
// later pass reads it), a builder that died, and who may take a snapshot now.

const DEV = 31337;
let local: LocalChain;
let proxy: RpcProxy;
let nodes: ChainNodes;
let t: TestApp;
let job: SnapshotJobContext;
let finance: TestOperator;
let member: TestMember;

beforeAll(async () => {
  local = await startLocalChain();
  proxy = await startRpcProxy(local.chain.rpcUrl);
  const runtime: ChainRuntime = {
    ...local.runtime,
    chains: local.runtime.chains.map((chain) => (chain.chainId === DEV ? { ...chain, rpcUrl: proxy.url } : chain)),
  };
  // No background jobs: each pass of the snapshot job is run by the test.
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' }, { chains: runtime });
  nodes = await connectChainNodes({ runtime, timeoutSeconds: 5, logger: t.app.log });
  job = {
    db: t.database.db,
    clock: t.clock,
    secret: TEST_APP_SECRET,
    nodes,
    hotWallets: new Map([[DEV, DEV_ACCOUNTS.hotWallet.address]]),
    treesKept: 1000,
  };
  finance = await createOperator(t, ['finance']);
  member = await createWalletMember(t, { chainId: DEV });
  await fund(t, member, 'USDT', '1000');
  await fund(t, member, 'KPC', '3');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await local?.stop();
});

/** Asks for a snapshot now: it is answered at once, then published and its reserves read in the background. */
const askNow = async (operator: TestOperator = finance) => {
  const answer = await operator.call('/api/operator/proof/snapshot', {});
  expect(answer.code).toBe(200);
  return answer.data as TOperatorLiabilitySnapshot;
};
/** The snapshot once published with every chain's reserves read (or their reason recorded). */
const finished = async (id: string) => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const row = (await list({ limit: 50 })).list.find((snapshot) => snapshot.id === id);
    if (row?.status === 'published' && row.chains.length > 0) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`snapshot ${id} was not published with its reserves within 10 s`);
};
const takeNow = async (operator: TestOperator = finance) => finished((await askNow(operator)).id);
const list = async (body: unknown = {}) => {
  const answer = await finance.call('/api/operator/proof/list', body);
  expect(answer.code).toBe(200);
  return answer.data as TLiabilitySnapshotListResponse;
};
const usdtAt = async (address: Address, blockNumber: bigint) =>
  formatUnits(
    await local.client.readContract({
      address: local.deployment.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
      blockNumber,
    }),
    6,
  );

describe(`proof of liabilities in the console (${testDatabaseKind()})`, () => {
  it("records each address's USDT at the snapshot's block: a transfer after it changes nothing", async () => {
    const snapshot = await takeNow();
    expect(snapshot).toMatchObject({ status: 'published', kind: 'on_demand', leafCount: 1 });
    expect(snapshot.totals).toEqual(
      expect.arrayContaining([
        { asset: 'USDT', total: '1000' },
        { asset: 'KPC', total: '3' },
      ]),
    );
    expect(snapshot.chains).toHaveLength(1);
    const [dev] = snapshot.chains;
    const block = BigInt(dev!.blockNumber!);
    const treasury = await usdtAt(DEV_ACCOUNTS.treasury.address, block);
    const hot = await usdtAt(DEV_ACCOUNTS.hotWallet.address, block);
    expect(dev).toMatchObject({
      chainId: DEV,
      reason: null,
      treasury: { address: DEV_ACCOUNTS.treasury.address, usdt: treasury },
      // In development the deposit address is the hot wallet: counted once.
      depositAddress: { address: DEV_ACCOUNTS.hotWallet.address, usdt: hot },
      hotWallet: { address: DEV_ACCOUNTS.hotWallet.address, usdt: hot },
    });
    const reserves = parseUnits(treasury, 6) + parseUnits(hot, 6);
    expect(dev!.usdt).toBe(formatUnits(reserves, 6));
    expect(snapshot.reservesUsdt).toBe(dev!.usdt);
    // Reserves / 1000 USDT owed, six decimals, rounded down.
    expect(snapshot.ratio).toBe(formatUnits((reserves * 1_000_000n) / 1_000_000_000n, 6));
    expect(dev!.ratio).toBe(snapshot.ratio);

    await local.transferUsdt(DEV_ACCOUNTS.demo.privateKey, DEV_ACCOUNTS.treasury.address, '25');
    expect(formatUnits(await local.usdtBalance(DEV_ACCOUNTS.treasury.address), 6)).not.toBe(treasury);
    // The job's pass (which also takes the day's snapshot) leaves a snapshot's reserves as read.
    await runLiabilitySnapshotPass(job);
    const again = (await list()).list.find((row) => row.id === snapshot.id);
    expect(again!.chains).toEqual(snapshot.chains);
    expect(again!.ratio).toBe(snapshot.ratio);

    const audit: unknown = await t.database.db.execute(
      sql`select actor_id, role, action, target_id, after from audit_log where action = 'liability_snapshot.take' order by id`,
    );
    expect((audit as { rows: Record<string, unknown>[] }).rows).toEqual([
      {
        actor_id: finance.id,
        role: 'finance',
        action: 'liability_snapshot.take',
        target_id: snapshot.id,
        // Audited when asked, in the claim's transaction: the build runs after the answer.
        after: { kind: 'on_demand' },
      },
    ]);
  });

  it("publishes while a chain does not answer, keeps the reason (never the node's URL), and a later pass reads it", async () => {
    proxy.fault('fail');
    let down: TOperatorLiabilitySnapshot;
    try {
      down = await takeNow();
    } finally {
      proxy.heal();
    }
    expect(down).toMatchObject({ status: 'published', reservesUsdt: null, ratio: null });
    expect(down.chains[0]).toMatchObject({ blockNumber: null, usdt: null, ratio: null, reason: expect.any(String) });
    expect(JSON.stringify(down.chains)).not.toContain(proxy.apiKey);
    expect(JSON.stringify(down.chains)).not.toContain('127.0.0.1');
    // The members' page has it at once.
    expect((await t.call('/api/pol/latest', {})).data.snapshot.id).toBe(down.id);

    await runLiabilitySnapshotPass(job);
    const [filled] = (await list()).list;
    expect(filled!.id).toBe(down.id);
    expect(filled!.chains[0]).toMatchObject({ reason: null, blockNumber: expect.stringMatching(/^\d+$/) });
    expect(filled!.ratio).toMatch(/^\d+(\.\d+)?$/);
    const block = BigInt(filled!.chains[0]!.blockNumber!);
    expect(filled!.chains[0]!.treasury!.usdt).toBe(await usdtAt(DEV_ACCOUNTS.treasury.address, block));
  });

  it('finishes an on-demand snapshot whose builder died once its lease ran out, and leaves a live one alone', async () => {
    const insert = async (leaseSeconds: number) => {
      const [row] = await t.database.db
        .insert(liabilitySnapshots)
        .values({
          kind: 'on_demand',
          status: 'building',
          claimToken: randomUUID(),
          claimedUntil: new Date(t.clock.now().getTime() + leaseSeconds * 1000),
        })
        .returning({ id: liabilitySnapshots.id });
      return String(row!.id);
    };
    const dead = await insert(-1);
    const live = await insert(600);
    const before = (await list()).list;
    expect(before.find((snapshot) => snapshot.id === dead)).toMatchObject({
      status: 'building',
      totals: [],
      ratio: null,
    });

    await runLiabilitySnapshotPass(job);
    const after = (await list()).list;
    expect(after.find((snapshot) => snapshot.id === dead)).toMatchObject({ status: 'published', leafCount: 1 });
    expect(after.find((snapshot) => snapshot.id === live)).toMatchObject({ status: 'building' });
    // The member's page shows the newest published one.
    expect((await t.call('/api/pol/latest', {})).data.snapshot.id).toBe(dead);

    // Asked again while one is building under a live claim: that one is answered, no second starts.
    const joined = await askNow();
    expect(joined).toMatchObject({ id: live, status: 'building' });
    expect((await list()).list.filter((snapshot) => snapshot.status === 'building')).toHaveLength(1);
    // Its builder dies too: the next pass finishes it.
    await t.database.db
      .update(liabilitySnapshots)
      .set({ claimedUntil: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(liabilitySnapshots.id, BigInt(live)));
    await runLiabilitySnapshotPass(job);
    expect((await list()).list.find((snapshot) => snapshot.id === live)).toMatchObject({ status: 'published' });
  });

  it('answers at once with the snapshot building, then publishes it and reads its reserves', async () => {
    const asked = await askNow();
    expect(asked).toMatchObject({ kind: 'on_demand' });
    expect(['building', 'published']).toContain(asked.status);
    const done = await finished(asked.id);
    expect(done).toMatchObject({ status: 'published', leafCount: 1, treePrunedAt: null });
    expect(done.chains[0]).toMatchObject({ reason: null, blockNumber: expect.stringMatching(/^\d+$/) });
  });

  it('pages the history newest first', async () => {
    const first = await list({ limit: 2 });
    expect(first.list).toHaveLength(2);
    expect(first.nextCursor).toBe(first.list[1]!.id);
    const second = await list({ limit: 2, cursor: first.nextCursor });
    expect(BigInt(second.list[0]!.id)).toBeLessThan(BigInt(first.list[1]!.id));
  });

  it('takes one now for finance and admin only, never for a member or support; reading for compliance too', async () => {
    const refused = await t.call('/api/operator/proof/snapshot', {}, member.headers);
    expect([refused.status, refused.code]).toEqual([401, ErrorCode.UNAUTHORIZED]);
    const support = await createOperator(t, ['support']);
    for (const path of ['/api/operator/proof/snapshot', '/api/operator/proof/list']) {
      const answer = await support.call(path, {});
      expect([answer.status, answer.code]).toEqual([403, ErrorCode.OPERATOR_FORBIDDEN]);
    }
    const compliance = await createOperator(t, ['compliance']);
    expect((await compliance.call('/api/operator/proof/list', {})).code).toBe(200);
    expect((await compliance.call('/api/operator/proof/snapshot', {})).status).toBe(403);
    const admin = await createOperator(t, ['admin']);
    expect((await takeNow(admin)).status).toBe('published');
  });

  it('refuses a malformed request as invalid (code 1000), never a 500', async () => {
    for (const [path, body] of [
      ['/api/operator/proof/list', { limit: 'ten' }],
      ['/api/operator/proof/list', { limit: 0 }],
      ['/api/operator/proof/list', { cursor: '-1' }],
      ['/api/operator/proof/list', { cursor: '99999999999999999999' }],
      ['/api/operator/proof/list', []],
      ['/api/operator/proof/snapshot', { now: true }],
      ['/api/operator/proof/snapshot', 'x'],
    ] as const) {
      const answer = await finance.call(path, body);
      // The wire's refusal of a malformed body (SPEC §7: HTTP 200, code 1000, a localised message).
      expect([path, answer.status, answer.code]).toEqual([path, 200, ErrorCode.INVALID_REQUEST]);
    }
  });
});
