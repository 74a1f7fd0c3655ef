import { randomUUID } from 'node:crypto';
import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import { toLedgerUnits, type TPlanProductsResponse } from '@kpc/shared';
import { eq, sql } from 'drizzle-orm';
import { parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from './db/schema/index.ts';
import { decodeQuote } from './modules/exchange/service.ts';
import { findLedgerViolations } from './testing/ledger-invariants.ts';
import { startLocalChain, type LocalChain } from './testing/local-chain.ts';
import { createWalletMember, fund, type TestMember } from './testing/members.ts';
import { callFleet, startServerProcess, type Outcome, type ServerProcess } from './testing/process-fleet.ts';
import { bindIssuedCard, createSandboxCardApp, type SandboxCardApp } from './testing/card-sandbox.ts';
import { GENESIS_CODE, TEST_APP_SECRET, type TestApp } from './testing/test-app.ts';
import { testDatabaseKind } from './testing/test-database.ts';

/**
 * Step 10 §2 "three processes, one database" and "SIGKILL under load": three whole server
 * processes (each running every job: deposit watcher, withdrawal sender, release engine) share one
 * PostgreSQL database and the local chain. Members exchange, join plans, pledge, buy KLK packages
 * and withdraw through all three at once while deposits arrive on chain and the plans' clock moves;
 * meanwhile processes are SIGKILLed at moments a seeded schedule picks, and started again, and once
 * every database connection is cut. The clients retry a cut or "busy" request unchanged on the next
 * process, as the member app does.
 * Afterwards: every request answered with success is in the ledger exactly once; nothing is there
 * that no request asked for, and nothing for a request that was refused; every deposit is credited
 * once; every withdrawal is paid once, to the unit, by the chain's own balances; every release has
 * its one entry; every balance equals its postings and every entry balances.
 */

const SEED = 20_261_127;
const PROCESSES = 3;
const TRADERS = 10;
const WITHDRAWERS = 6;
const LOAD_MS = 24_000;
const KILLS = 3;
/** Traders who hold a bound card and top it up. */
const CARD_HOLDERS = 4;

/** A small seeded generator (mulberry32): the same schedule and choices on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Operation = 'exchange' | 'join' | 'pledge' | 'klk' | 'withdraw' | 'topup';
interface Sent {
  operation: Operation;
  memberId: string;
  /** The request id (the quote's id for an exchange). */
  key: string;
  outcome: Outcome;
}

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'three server processes on one database, killed under load (PostgreSQL only: needs TEST_DATABASE_URL)',
  () => {
    let local: LocalChain;
    let cardApp: SandboxCardApp;
    let t: TestApp;
    const fleet: ServerProcess[] = [];

    async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
      const result: unknown = await t.database.db.execute(query);
      return (result as { rows: T[] }).rows;
    }

    beforeAll(async () => {
      local = await startLocalChain();
      const withdrawTerms = { WITHDRAW_AUTO_APPROVE_DAILY: '100000', WITHDRAW_CONFIRMATIONS: '3' };
      // The card issuer is the sandbox, which keeps its cards in the database: every process sees them.
      cardApp = await createSandboxCardApp(withdrawTerms, { chains: local.runtime });
      t = cardApp.t;
      const [{ name }] = (await rows<{ name: string }>(sql`select current_database() as name`)) as [{ name: string }];
      const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
      databaseUrl.pathname = `/${name}`;
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl.toString(),
        DATABASE_POOL_SIZE: '6',
        APP_SECRET: TEST_APP_SECRET,
        GENESIS_INVITE_CODE: GENESIS_CODE,
        SMTP_URL: t.smtp.url,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        ADMIN_DIST_DIR: '/nonexistent-admin-dist',
        RATE_LIMIT_LOGIN_MAX: '1000000',
        RATE_LIMIT_ACCOUNT_MAX: '1000000',
        RATE_LIMIT_CODE_MAX: '1000000',
        RUN_CHAIN_WORKERS: 'true',
        WATCHER_POLL_SECONDS: '0.3',
        SENDER_POLL_SECONDS: '0.3',
        RPC_PROBE_SECONDS: '1',
        PLAN_RELEASE_SECONDS: '1',
        PLAN_RELEASE_WORKERS: '1',
        KPC_TEST_CHAIN: JSON.stringify(local.deployment),
        ...withdrawTerms,
      };
      for (let index = 0; index < PROCESSES; index += 1) fleet.push(await startServerProcess(env));
    }, 240_000);
    afterAll(async () => {
      await Promise.all(fleet.map((server) => server.stop()));
      await t?.close();
      await local?.stop();
    });

    it('applies every answered request exactly once, nothing else, and finishes every job', async () => {
      const random = seeded(SEED);
      const ports = fleet.map((server) => server.port);
      const anyProcess = () => Math.floor(random() * PROCESSES);
      const call = (path: string, body: unknown, member: TestMember) =>
        callFleet(ports, anyProcess(), path, body, member.headers);

      // Members: traders with funds, withdrawers with an email and a code, the demo wallet depositing.
      const traders: TestMember[] = [];
      for (let index = 0; index < TRADERS; index += 1) {
        const trader = await createWalletMember(t, { chainId: 31337 });
        await fund(t, trader, 'USDT', '100000');
        await fund(t, trader, 'KPC', '100000');
        traders.push(trader);
      }
      const cardOf = new Map<string, string>();
      for (const trader of traders.slice(0, CARD_HOLDERS)) {
        cardOf.set(trader.memberId, (await bindIssuedCard(cardApp, trader)).recordId);
      }
      const withdrawers: { member: TestMember; code: string; to: Address }[] = [];
      for (let index = 0; index < WITHDRAWERS; index += 1) {
        const member = await createWalletMember(t, { chainId: 31337 });
        const email = `fleet-${randomUUID().slice(0, 8)}@example.com`;
        await t.database.db.update(members).set({ email }).where(eq(members.id, member.memberId));
        await fund(t, member, 'USDT', '1000');
        const since = t.smtp.mails.length;
        expect((await t.call('/api/withdraw/sendCode', {}, member.headers)).code).toBe(200);
        const code = await t.smtp.waitForCode(email, { since });
        withdrawers.push({ member, code, to: privateKeyToAccount(generatePrivateKey()).address });
      }
      const depositor = await createWalletMember(t, { chainId: 31337, privateKey: DEV_ACCOUNTS.demo.privateKey });
      const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
      const product = products.investment[0]!;
      const term = products.pledgeTerms[0]!;

      const sent: Sent[] = [];
      const deposits: string[] = [];
      const killed: number[] = [];
      const started = Date.now();
      const loading = () => Date.now() - started < LOAD_MS;

      /** Sends a money request with a fresh request id, as a member's one submission, and records it. */
      const submit = async (
        operation: Exclude<Operation, 'exchange'>,
        path: string,
        body: Record<string, unknown>,
        member: TestMember,
      ) => {
        const key = randomUUID();
        const outcome = await call(path, { ...body, requestId: key }, member);
        sent.push({ operation, memberId: member.memberId, key, outcome });
      };
      const trade = async (member: TestMember) => {
        while (loading()) {
          const choice = random();
          if (choice < 0.35) {
            const quote = await call('/api/exchange/quote', { from: 'USDT', to: 'KPC', amount: '10' }, member);
            if (quote.kind !== 'answered' || quote.code !== 200) continue;
            const token = quote.data.quote as string;
            // The quote's id is the exchange's request id (the server's own decoder reads it).
            const { id } = decodeQuote(TEST_APP_SECRET, token);
            const outcome = await call('/api/exchange/confirm', { quote: token }, member);
            sent.push({ operation: 'exchange', memberId: member.memberId, key: id, outcome });
          } else if (choice < 0.6) {
            await submit('join', '/api/plan/join', { productId: product.id, amount: product.minAmount }, member);
          } else if (choice < 0.75) {
            await submit('pledge', '/api/plan/pledge', { termId: term.id, amount: term.minAmount }, member);
          } else if (choice < 0.88 && cardOf.has(member.memberId)) {
            await submit('topup', '/api/card/topup', { id: cardOf.get(member.memberId), amount: '20' }, member);
          } else {
            const shown = await call('/api/klk/packages', {}, member);
            if (shown.kind !== 'answered' || shown.code !== 200) continue;
            const tier = (shown.data.tiers as { id: string; price: string; payNow?: string | null }[])[0]!;
            await submit('klk', '/api/klk/buy', { tierId: tier.id, amount: tier.payNow ?? tier.price }, member);
          }
        }
      };
      const withdraw = async ({ member, code, to }: (typeof withdrawers)[number], delay: number) => {
        await sleep(delay);
        const body = { chainId: 31337, asset: 'USDT', address: to, amount: '25', code };
        await submit('withdraw', '/api/withdraw/apply', body, member);
      };
      const depositOnChain = async () => {
        while (loading()) {
          const receipt = await local.depositThroughContract(DEV_ACCOUNTS.demo.privateKey, '7.5');
          deposits.push(receipt.transactionHash.toLowerCase());
          await sleep(1500);
        }
      };
      const mine = async () => {
        while (loading()) {
          await local.mine(2);
          await sleep(300);
        }
      };
      const moveClock = async () => {
        for (let round = 0; loading(); round += 1) {
          await sleep(2500);
          await callFleet(ports, round % PROCESSES, '/api/dev/clock/advance', { days: 1 }, traders[0]!.headers);
        }
      };
      // The seeded schedule: KILLS moments spread over the load, each at a process chosen by the seed.
      const schedule = Array.from({ length: KILLS }, (_, index) => ({
        at: 3000 + index * ((LOAD_MS - 6000) / KILLS) + random() * 2000,
        victim: anyProcess(),
        downMs: 300 + random() * 1200,
      }));
      const killOnSchedule = async () => {
        for (const { at, victim, downMs } of schedule) {
          await sleep(Math.max(0, started + at - Date.now()));
          await fleet[victim]!.kill();
          killed.push(victim);
          await sleep(downMs);
          await fleet[victim]!.restart();
        }
      };

      // Midway, every connection to the database is cut (as a PostgreSQL restart does): requests
      // in flight get "busy, try again", nothing is half-written, and the pools reconnect by themselves.
      const cutConnections = async () => {
        await sleep(LOAD_MS / 2);
        await rows(sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`);
      };

      await Promise.all([
        ...traders.map(trade),
        cutConnections(),
        ...withdrawers.map((withdrawer) => withdraw(withdrawer, random() * (LOAD_MS - 2000))),
        depositOnChain(),
        mine(),
        moveClock(),
        killOnSchedule(),
      ]);
      expect(killed).toHaveLength(KILLS);

      // Every request got its answer (a member's app retries until one process answers).
      expect(sent.filter((request) => request.outcome.kind === 'gave-up')).toEqual([]);
      const answered = sent as (Sent & { outcome: Extract<Outcome, { kind: 'answered' }> })[];
      const succeeded = answered.filter((request) => request.outcome.code === 200);
      const refused = answered.filter((request) => request.outcome.code !== 200);
      // The kills hit traffic: some requests were cut and answered by another process.
      expect(answered.some((request) => request.outcome.attempts > 1)).toBe(true);
      // Every process answered successful requests.
      for (const port of ports) expect(succeeded.some((request) => request.outcome.port === port)).toBe(true);
      for (const operation of ['exchange', 'join', 'pledge', 'klk', 'withdraw', 'topup'] as const) {
        expect(
          succeeded.some((request) => request.operation === operation),
          operation,
        ).toBe(true);
      }
      // Refusals are the business's (a held KLK tier, a spent code), never a failure.
      expect(refused.every((request) => request.outcome.code >= 1100)).toBe(true);

      // Jobs finish after the load without a manual step: the clock moves once more on every
      // process, deposits reach their confirmations, withdrawals are sent and confirmed.
      for (let index = 0; index < PROCESSES; index += 1) {
        await callFleet(ports, index, '/api/dev/clock/advance', { days: 2 }, traders[0]!.headers);
      }
      const paid = succeeded
        .filter((request) => request.operation === 'withdraw')
        .map((request) => request.outcome.data.id as string);
      const deadline = Date.now() + 120_000;
      for (;;) {
        await local.mine(4);
        const [state] = await rows<{ credited: number; completed: number }>(sql`
          select (select count(*)::int from deposits where status = 'credited' and tx_hash = any(${sql.param(deposits)})) as credited,
                 (select count(*)::int from withdrawals where status = 'completed' and id::text = any(${sql.param(paid)})) as completed`);
        if (state!.credited === deposits.length && state!.completed === paid.length) break;
        if (Date.now() > deadline)
          throw new Error(
            `jobs did not finish: ${JSON.stringify(state)} of ${deposits.length} deposits, ${paid.length} withdrawals`,
          );
        await sleep(500);
      }

      // What each kind of request left in its table, by request id.
      const recorded = new Map<string, { member_id: string; id: string }[]>();
      for (const [operation, query] of [
        [
          'exchange',
          sql`select member_id::text, request_id::text as key, id::text from financial_records where kind = 'exchange'`,
        ],
        ['join', sql`select member_id::text, request_id::text as key, id::text from plan_orders`],
        ['pledge', sql`select member_id::text, request_id::text as key, id::text from pledges`],
        ['klk', sql`select member_id::text, request_id::text as key, id::text from klk_purchases`],
        ['withdraw', sql`select member_id::text, request_id::text as key, id::text from withdrawals`],
        [
          'topup',
          sql`select member_id::text, request_id::text as key, id::text from card_top_ups where kind = 'top_up'`,
        ],
      ] as const) {
        for (const row of await rows<{ member_id: string; key: string; id: string }>(query)) {
          const list = recorded.get(`${operation}:${row.key}`) ?? [];
          list.push(row);
          recorded.set(`${operation}:${row.key}`, list);
        }
      }
      const asked = new Set(sent.map((request) => `${request.operation}:${request.key}`));
      // Nothing that no request asked for.
      expect([...recorded.keys()].filter((key) => !asked.has(key))).toEqual([]);
      // Every success exactly once, for its member; every refusal not at all.
      for (const request of succeeded) {
        expect(recorded.get(`${request.operation}:${request.key}`), request.operation).toEqual([
          expect.objectContaining({ member_id: request.memberId }),
        ]);
      }
      for (const request of refused) expect(recorded.get(`${request.operation}:${request.key}`)).toBeUndefined();

      // Each record's ledger entry, once: by the idempotency keys the services write.
      const entryKeys = new Set(
        (await rows<{ key: string }>(sql`select idempotency_key as key from ledger_entries`)).map((row) => row.key),
      );
      for (const request of succeeded) {
        const id = recorded.get(`${request.operation}:${request.key}`)![0]!.id;
        const key = {
          exchange: `exchange:${request.key}`,
          join: `plan:join:${id}`,
          pledge: `plan:pledge:${id}`,
          klk: `klk:purchase:${id}`,
          withdraw: `withdrawal:${id}:frozen`,
          topup: `card:topup:${id}`,
        }[request.operation];
        expect(entryKeys.has(key), key).toBe(true);
      }

      // Deposits: each credited once, to the depositor, at its amount.
      const credited = await rows<{ tx_hash: string; entries: number }>(sql`
        select d.tx_hash, count(e.id)::int as entries from deposits d
        left join ledger_entries e on e.idempotency_key = 'deposit:' || d.id
        where d.tx_hash = any(${sql.param(deposits)}) and d.member_id = ${depositor.memberId}::uuid group by d.tx_hash`);
      expect(credited).toHaveLength(deposits.length);
      expect(credited.every((row) => row.entries === 1)).toBe(true);

      // Withdrawals: paid once, to the unit, as the chain itself counts it.
      for (const { member, to } of withdrawers) {
        const succeededHere = succeeded.some(
          (request) => request.operation === 'withdraw' && request.memberId === member.memberId,
        );
        expect(await local.usdtBalance(to)).toBe(succeededHere ? parseUnits('25', 6) : 0n);
      }
      const [payouts] = await rows<{ paid: number; sent: number }>(sql`
        select (select count(*)::int from ledger_entries where idempotency_key like 'withdrawal:%:paid') as paid,
               (select count(*)::int from withdrawals where status = 'completed') as sent`);
      expect(payouts).toEqual({ paid: paid.length, sent: paid.length });

      // Releases: the engines of three processes (and restarted ones) released, each once with its entry.
      const [releases] = await rows<{ releases: number; entries: number; orphans: number }>(sql`
        select (select count(*)::int from plan_releases) as releases,
               (select count(*)::int from ledger_entries where idempotency_key ~ '^plan:(investment|esop|pledge_reward|pledge_maturity):') as entries,
               (select count(*)::int from plan_releases r left join ledger_entries e on e.id = r.entry_id where e.id is null) as orphans`);
      expect(releases!.releases).toBeGreaterThan(0);
      expect(releases).toEqual({ releases: releases!.releases, entries: releases!.releases, orphans: 0 });

      // Card top-ups: each settled, and the issuer's own balance of every card is what was loaded.
      const cardBalances = await rows<{ issuer_ref: string; loaded: string; pending: number }>(sql`
        select c.issuer_ref, coalesce(sum(u.amount) filter (where u.status = 'completed'), 0)::text as loaded,
               count(*) filter (where u.status = 'pending')::int as pending
        from cards c left join card_top_ups u on u.card_record_id = c.id group by c.issuer_ref`);
      expect(cardBalances).toHaveLength(CARD_HOLDERS);
      for (const card of cardBalances) {
        expect(card.pending).toBe(0);
        expect(await cardApp.sandbox.balance(card.issuer_ref)).toBe(toLedgerUnits(card.loaded));
      }

      expect(await findLedgerViolations(t.database.db)).toEqual({
        unbalanced: [],
        drifted: [],
        staleAfter: [],
        negative: [],
      });
      console.info(
        `three processes (seed ${SEED}): ${sent.length} requests (${succeeded.length} succeeded, ${refused.length} refused, ` +
          `${answered.filter((request) => request.outcome.attempts > 1).length} retried after a kill; ` +
          `refusals ${[...new Set(refused.map((request) => `${request.operation} ${request.outcome.code}`))].join(', ')}), ` +
          `${deposits.length} deposits, ${paid.length} withdrawals, ${releases!.releases} releases; killed ${killed.join(', ')}`,
      );
    }, 420_000);
  },
);
