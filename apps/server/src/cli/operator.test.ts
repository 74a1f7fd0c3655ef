import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolWith, tokenOf } from '../testing/operators.ts';
import { createTestApp, TEST_APP_SECRET, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

/** `npm run operator -- create …`: how a deployment's first administrator comes to be (Step 8a §2). */

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./operator.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

function operatorCommand(args: string[], env: Record<string, string>) {
  // Only what the command needs: a test's own settings must not leak into its configuration.
  const clean = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
  return run(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: SERVER_DIR, env: clean, timeout: 60_000 });
}

describe('npm run operator', () => {
  it('explains its usage and refuses an unknown role', async () => {
    await expect(operatorCommand([], {})).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('usage') });
    await expect(
      operatorCommand(['create', '--email', 'a@b.example', '--name', 'A', '--role', 'root'], {}),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('roles') });
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

    it('creates the first administrator and prints a one-time link that enrols them', async () => {
      const env = { DATABASE_URL: databaseUrl, APP_SECRET: TEST_APP_SECRET, PUBLIC_URL: 'https://kpc.example' };
      const created = await operatorCommand(
        ['create', '--email', 'Ada@Example.com', '--name', 'Ada Lovelace', '--role', 'admin', '--role', 'finance'],
        env,
      );
      expect(created.stdout).toContain('Operator ada@example.com (admin, finance) created.');
      const url = /https:\/\/kpc\.example\/admin\/#\/enrol\?token=\S+/.exec(created.stdout)?.[0];
      expect(url).toBeDefined();
      const admin = await enrolWith(t, tokenOf(url!), 'ada@example.com');
      expect((await admin.call('/api/operator/operators/list', {})).data.list).toMatchObject([
        { email: 'ada@example.com', roles: ['admin', 'finance'], status: 'active', createdBy: 'cli' },
      ]);
      // The same email twice: refused, saying why.
      await expect(
        operatorCommand(['create', '--email', 'ada@example.com', '--name', 'Ada', '--role', 'admin'], env),
      ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
    }, 60_000);
  });
});
