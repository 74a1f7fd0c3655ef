import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';

/**
 * deploy/ as docs/operations.md "Deploying" runs it (Step 10 §1): two KPC processes in production
 * mode on one PostgreSQL database (an API-only one and one that runs the jobs), behind Caddy with
 * deploy/Caddyfile, which terminates TLS with HTTP/2 and balances over both. The browser reaches
 * the member app at / and the console at /admin through it; when a process dies, the other answers.
 */

const repository = fileURLToPath(new URL('../..', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL;
const sitePort = Number(process.env.E2E_DEPLOY_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 20);
const apiPorts = [sitePort + 1, sitePort + 2];
const site = `https://localhost:${sitePort}`;
const databaseName = `kpc_deploy_${process.pid}`;

interface Running {
  child: ChildProcess;
  output: string[];
}
const running: Running[] = [];
let caddyHome: string;
let api: APIRequestContext;

function start(command: string, args: readonly string[], env: Record<string, string>): Running {
  const child = spawn(command, args, { cwd: repository, env: { ...process.env, ...env }, stdio: 'pipe' });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const server = { child, output };
  running.push(server);
  return server;
}

async function waitFor(what: string, check: () => Promise<boolean>, seconds = 90): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not come up within ${seconds} s:\n${running.map((r) => r.output.join('')).join('\n')}`);
}

/** How many calls of `path` a process logged (its request log names the route, never the body). */
const callsOf = (server: Running, path: string) =>
  server.output
    .join('')
    .split('\n')
    .filter((line) => line.includes(`"url":"${path}"`)).length;

test.describe.configure({ mode: 'serial' });
test.skip(!adminUrl, 'needs PostgreSQL (TEST_DATABASE_URL, as .ci/run sets): two processes share one database');

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName}`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = new URL(adminUrl!);
  databaseUrl.pathname = `/${databaseName}`;

  // The production settings of deploy/kpc.env.example, pointed at this machine.
  const production = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: site,
    TRUST_PROXY: 'true',
    DATABASE_URL: databaseUrl.toString(),
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2525}`,
    APP_SECRET: 'deploy-test-secret-deploy-test-secret-01',
    CARD_ISSUER: 'none',
    DEV_CHAIN: 'off',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  };
  // As deploy/systemd: one Node process each (tsx as a loader, so a signal reaches the server
  // itself); kpc-api@<port> runs no jobs, kpc-worker runs them.
  const server = [process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']] as const;
  start(...server, { ...production, PORT: String(apiPorts[0]), RUN_CHAIN_WORKERS: 'false' });
  start(...server, { ...production, PORT: String(apiPorts[1]), RUN_CHAIN_WORKERS: 'true' });
  for (const port of apiPorts) {
    await waitFor(`KPC on port ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok);
  }

  caddyHome = mkdtempSync(join(tmpdir(), 'kpc-caddy-'));
  start('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
    KPC_SITE: `localhost:${sitePort}`,
    KPC_UPSTREAMS: apiPorts.map((port) => `127.0.0.1:${port}`).join(' '),
    // Caddy keeps its local certificate authority here, not in the user's home.
    HOME: caddyHome,
    XDG_DATA_HOME: caddyHome,
    XDG_CONFIG_HOME: caddyHome,
  });
  api = await playwrightRequest.newContext({ baseURL: site, ignoreHTTPSErrors: true });
  await waitFor('Caddy', async () => (await api.get('/health')).ok(), 60);
});

test.afterAll(async () => {
  await api?.dispose();
  for (const { child } of running) child.kill('SIGKILL');
  if (caddyHome) rmSync(caddyHome, { recursive: true, force: true });
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

test.use({ ignoreHTTPSErrors: true });

test('the member app at / and the console at /admin, over TLS with HTTP/2', async ({ page }) => {
  await page.goto(`${site}/#/pages/login/index`);
  await expect(page.getByTestId('login-page')).toBeVisible({ timeout: 30_000 });
  const protocol = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
  );
  expect(protocol).toBe('h2');
  // The page's policy, and HSTS because it came over TLS (the process itself, over plain HTTP, sends none).
  const document = await page.request.get(`${site}/`);
  expect(document.headers()['strict-transport-security']).toMatch(/^max-age=\d+/);
  expect(document.headers()['content-security-policy']).toContain("script-src 'self'");
  const direct = await fetch(`http://127.0.0.1:${apiPorts[0]}/`);
  expect(direct.headers.get('strict-transport-security')).toBeNull();
  const answer = await page.request.post(`${site}/api/plan/products`, { data: {} });
  expect(answer.ok()).toBe(true);
  expect((await answer.json()).code).toBe(200);

  await page.goto(`${site}/admin/`);
  await expect(page.getByTestId('sign-in-card')).toBeVisible({ timeout: 60_000 });
});

test('balances over every process, and keeps answering when one is killed', async () => {
  const products = () => api.post('/api/plan/products', { data: {} });
  const [first, second] = running;
  const calls = () => [callsOf(first!, '/api/plan/products'), callsOf(second!, '/api/plan/products')];
  const [firstBefore, secondBefore] = calls();
  for (let i = 0; i < 20; i++) expect((await products()).status()).toBe(200);
  // The processes write their log asynchronously: count once the lines have arrived.
  await expect.poll(() => calls()[0]! + calls()[1]! - firstBefore! - secondBefore!).toBe(20);
  expect(calls()[0]! - firstBefore!).toBeGreaterThan(0);
  expect(calls()[1]! - secondBefore!).toBeGreaterThan(0);

  // A crash of one process. A POST that meets the dead process on a kept-alive connection is
  // answered 502 (the proxy cannot know whether it was applied, so it does not resend it; money
  // writes carry a request id, so the app's retry is safe) until the proxy's health check (every
  // 2 s) takes the process out of rotation; from then on the other answers everything.
  first!.child.kill('SIGKILL');
  await new Promise((resolve) => first!.child.once('exit', resolve));
  const statuses: number[] = [];
  const deadline = Date.now() + 15_000;
  let inARow = 0;
  while (inARow < 10 && Date.now() < deadline) {
    const status = (await products()).status();
    statuses.push(status);
    inARow = status === 200 ? inARow + 1 : 0;
  }
  expect(inARow, statuses.join()).toBe(10);
  expect(
    statuses.filter((status) => status !== 200).every((status) => status === 502),
    statuses.join(),
  ).toBe(true);
  const before = callsOf(second!, '/api/plan/products');
  for (let i = 0; i < 20; i++) expect((await products()).status()).toBe(200);
  await expect.poll(() => callsOf(second!, '/api/plan/products') - before).toBe(20);
});
