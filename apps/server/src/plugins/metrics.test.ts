import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember, fund } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

const PROMETHEUS_KEY = 'p'.repeat(40);
const CONTENT_KEY = 'c'.repeat(40);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    DEV_FAUCET: 'true',
    // A scraper's service account: any role grants dashboard.read, which the metrics need.
    OPERATOR_KEYS: `prometheus@support:${PROMETHEUS_KEY},writer@content:${CONTENT_KEY}`,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const scrape = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/operator/metrics', headers });

/** The value of one sample line, e.g. `kpc_database_up` or `name{label="x"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/api/operator/metrics (Step 10 §1)', () => {
  it('is refused without an operator credential, and to a member', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape({ 'x-operator-key': 'x'.repeat(40) })).statusCode).toBe(401);
    const member = await createWalletMember(t);
    const asMember = await scrape(member.headers);
    expect(asMember.statusCode).toBe(401);
    expect(asMember.body).not.toContain('kpc_http_requests_total');
  });

  it('counts requests by route template, never by the raw URL, in the Prometheus text format', async () => {
    const member = await createWalletMember(t);
    await fund(t, member, 'USDT', '10');
    const before = sample((await scrape({ 'x-operator-key': PROMETHEUS_KEY })).body, lst());
    for (let i = 0; i < 3; i++) expect((await t.call('/api/ass/lst', {}, member.headers)).code).toBe(200);
    await t.app.inject({ method: 'GET', url: '/no/such/page/12345?secret=x' });

    const answer = await scrape({ 'x-operator-key': CONTENT_KEY });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(sample(text, lst())).toBe((before ?? 0) + 3);
    expect(text).toContain('kpc_http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/ass/lst"}');
    expect(text).toMatch(/kpc_http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/);
    expect(text).not.toContain('12345');
    expect(text).not.toContain('secret');
    // The process itself, and the database answering.
    expect(text).toContain('kpc_process_nodejs_eventloop_lag_seconds');
    expect(sample(text, 'kpc_database_up')).toBe(1);
    // A scraper may send its service key as a bearer token instead.
    expect((await scrape({ authorization: `Bearer ${PROMETHEUS_KEY}` })).statusCode).toBe(200);
    expect((await scrape({ authorization: `Bearer ${'x'.repeat(40)}` })).statusCode).toBe(401);
  });

  it.runIf(testDatabaseKind() === 'postgres')('shows the PostgreSQL pool', async () => {
    const text = (await scrape({ 'x-operator-key': PROMETHEUS_KEY })).body;
    expect(sample(text, 'kpc_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'kpc_db_pool_connections{state="waiting"}')).toBe(0);
  });
});

function lst() {
  return 'kpc_http_requests_total{method="POST",route="/api/ass/lst",status="200"}';
}
