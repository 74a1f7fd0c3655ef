import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TPlanProductsResponse } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember, fund } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

/** `npm run release:now`: an operator runs the release engine by hand against the server's database. */

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./release-now.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

function releaseNow(env: Record<string, string>) {
  // Only what the command needs: a test's own settings must not leak into its configuration.
  const clean = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
  return run(process.execPath, ['--import', 'tsx', SCRIPT], { cwd: SERVER_DIR, env: clean, timeout: 60_000 });
}

describe('release:now', () => {
  it('refuses the embedded database, whose one process already runs the engine', async () => {
    await expect(releaseNow({})).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('DATABASE_URL') });
  }, 60_000);

  describe.skipIf(testDatabaseKind() !== 'postgres')('on PostgreSQL (needs TEST_DATABASE_URL)', () => {
    let t: TestApp;
    let databaseUrl: string;

    beforeAll(async () => {
      t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
      const result: unknown = await t.database.db.execute(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(result as { rows: { name: string }[] }).rows[0]!.name}`;
      databaseUrl = url.toString();
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    it('releases what is due by the real clock, once, and prints it', async () => {
      const member = await createWalletMember(t);
      await fund(t, member, 'USDT', '1000');
      const products = (await t.call('/api/plan/products', {})).data as TPlanProductsResponse;
      const joined = await t.call(
        '/api/plan/join',
        { productId: products.investment[0]!.id, amount: '1000', requestId: crypto.randomUUID() },
        member.headers,
      );
      expect(joined.code).toBe(200);
      // As if joined four days ago: release days 1-3 are due today.
      await t.database.db.execute(sql`update plan_orders set start_day = start_day - 3`);

      const first = await releaseNow({ DATABASE_URL: databaseUrl, PLAN_RELEASE_WORKERS: '2' });
      const answer = JSON.parse(first.stdout) as { released: Record<string, number>; rounds: number };
      expect(answer.released).toEqual({ investment: 3, esop: 0, pledge_reward: 0, pledge_maturity: 0 });
      expect(answer.rounds).toBe(3);
      const again = JSON.parse((await releaseNow({ DATABASE_URL: databaseUrl })).stdout) as typeof answer;
      expect(again.released.investment).toBe(0);

      const log = await t.call('/api/plan/log', {}, member.headers);
      // 1000 USDT x 0.35 % a day (the Starter product's first phase), three days.
      const list = (log.data as { list: { day: number; amount: string }[] }).list;
      expect(list.map((row) => [row.day, row.amount])).toEqual([
        [3, '3.5'],
        [2, '3.5'],
        [1, '3.5'],
      ]);
    }, 120_000);
  });
});
