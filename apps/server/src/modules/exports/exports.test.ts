import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ErrorCode } from '@kpc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyKlkTier } from '../../testing/klk.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

/**
 * CSV exports of the operators' lists (Step 8b §4): filtered as the list, behind the list's read
 * permission, audited, and streamed: 100,000 rows go out while the server holds about one page.
 */

const ROWS = 100_000;
/** Each row's reason: 100,000 rows of it are ~30 MB of text alone, far above what a page holds. */
const REASON_LENGTH = 300;

let t: TestApp;
let base: string;
let compliance: TestOperator;
let content: TestOperator;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
  compliance = await createOperator(t, ['compliance']);
  content = await createOperator(t, ['content']);
  member = await createWalletMember(t);
  await fund(t, member, 'USDT', '5000');
  expect((await buyKlkTier(t, member, 'partner')).code).toBe(200);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const post = (path: string, body: unknown, operator: TestOperator = compliance) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: operator.cookie, language: 'en_US' },
    body: JSON.stringify(body),
  });

/** The rows of a CSV answer (without the byte order mark and the header), split simply (test data has no quoted breaks). */
async function csvRows(path: string, body: unknown): Promise<{ header: string; rows: string[] }> {
  const response = await post(path, body);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/csv');
  const [header = '', ...rows] = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
  return { header, rows: rows.filter((row) => row !== '') };
}

async function exportAudits(action: string) {
  const result: unknown = await t.database.db.execute(
    sql`select actor_id, role, action, target_id, after from audit_log where action = ${action} order by id`,
  );
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** `gc()`, exposed for this test: retained memory, not garbage waiting for a collection, is measured. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe(`CSV exports (${testDatabaseKind()})`, () => {
  it('streams 100,000 rows in bounded memory, every row there', async () => {
    await t.database.db.execute(sql`
        insert into audit_log (at, actor_type, actor_id, actor_name, action, target_type, target_id, reason)
        select now(), 'system', null, 'bulk', 'bulk.row', 'row', n::text,
               case when n % 1000 = 0 then '=cmd|calc' else repeat('r', ${REASON_LENGTH}) end
        from generate_series(1, ${ROWS}) as n`);
    const gc = collector();
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let lines = 0;
    let bytes = 0;
    let chunks = 0;
    let formulas = 0;
    let tail = '';
    const response = await post('/api/operator/audit/export', { action: 'bulk.row' });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const text = tail + next.value;
      const parts = text.split('\r\n');
      tail = parts.pop() ?? '';
      lines += parts.length;
      formulas += parts.filter((line) => line.endsWith(`,'=cmd|calc,`)).length;
      bytes += next.value.length;
      chunks += 1;
      if (chunks % 50 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    expect(tail).toBe('');
    expect(lines).toBe(ROWS + 1);
    expect(formulas).toBe(ROWS / 1000);
    // The whole export is well over 30 MB of text; the server never held more than a few pages of it.
    expect(bytes).toBeGreaterThan(ROWS * REASON_LENGTH);
    expect(chunks).toBeGreaterThan(50);
    expect(peak).toBeLessThan(24 * 1024 * 1024);
  }, 300_000);

  it('exports each list as filtered, audited with its filter', async () => {
    const members = await csvRows('/api/operator/members/export', { query: member.memberId });
    expect(members.header).toBe('id,email,wallet_address,invite_code,level,status,frozen_at,referrer_id,created_at');
    expect(members.rows).toHaveLength(1);
    expect(members.rows[0]).toContain(member.memberId);
    const all = await csvRows('/api/operator/members/export', {});
    expect(all.rows.length).toBeGreaterThanOrEqual(1);

    const klk = await csvRows('/api/operator/orders/export', { kind: 'klk', memberId: member.memberId });
    expect(klk.header.split(',')).toEqual(expect.arrayContaining(['id', 'member_id', 'member_email', 'paid']));
    expect(klk.header).not.toContain('request_id');
    expect(klk.rows).toHaveLength(1);
    expect((await csvRows('/api/operator/orders/export', { kind: 'plan', memberId: member.memberId })).rows).toEqual(
      [],
    );
    expect((await csvRows('/api/operator/withdrawals/export', { memberId: member.memberId })).rows).toEqual([]);
    expect((await csvRows('/api/operator/deposits/export', { status: 'reorged' })).rows).toEqual([]);
    const cards = await csvRows('/api/operator/cards/export', { status: 'frozen' });
    expect(cards.header).not.toContain('number_hash');

    expect(await exportAudits('export.members')).toEqual([
      expect.objectContaining({
        actor_id: compliance.id,
        role: 'compliance',
        target_id: 'members',
        after: { filter: { query: member.memberId } },
      }),
      expect.objectContaining({ after: { filter: {} } }),
    ]);
    expect(await exportAudits('export.orders-klk')).toHaveLength(1);
    expect(await exportAudits('export.cards')).toHaveLength(1);
  });

  it("refuses an operator without the list's permission, and bad filters, with the envelope and nothing audited", async () => {
    const before = (await exportAudits('export.audit')).length;
    const forbidden = await post('/api/operator/audit/export', {}, content);
    // The wire envelope, not a file.
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('content-type') ?? '').not.toContain('text/csv');
    expect(((await forbidden.json()) as { code: number }).code).toBe(ErrorCode.OPERATOR_FORBIDDEN);
    const bad = await post('/api/operator/orders/export', { kind: 'lottery' });
    expect(bad.status).toBeLessThan(500);
    expect(((await bad.json()) as { code: number }).code).not.toBe(200);
    expect((await exportAudits('export.audit')).length).toBe(before);
  });
});
