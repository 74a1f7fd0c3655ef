import { randomUUID } from 'node:crypto';
import { ErrorCode, type TAssetLogItem, type THistoryItem } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRuntime } from '../../chain/runtime.ts';
import { financialRecords, ledgerPostings } from '../../db/schema/index.ts';
import { translate } from '../../lib/i18n.ts';
import { createWalletMember, fund, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { historyExport } from './export.ts';

// Step 11 §2: the member's history export (`/api/ass/export`). Its rows are the lists' rows
// (`/api/ass/log`, `/api/ass/history`) of whole UTC days, the member's own only.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The days exported below: all of March 2026, UTC. */
const MARCH = { fromDate: '2026-03-01', toDate: '2026-03-31' };

/**
 * Where rows are placed, newest first: the first and last are just outside March in UTC, the others
 * on its edges and inside it.
 */
const TIMES = [
  '2026-04-01T00:00:00.000Z', // out: the day after toDate starts
  '2026-03-31T23:59:59.999Z', // in: the last instant of toDate
  '2026-03-15T12:00:00.000Z', // in
  '2026-03-01T00:00:00.000Z', // in: the first instant of fromDate
  '2026-02-28T23:59:59.999Z', // out: before fromDate
];
const isInMarch = (createdAt: string) => createdAt >= '2026-03-01T00:00:00.000Z' && createdAt < '2026-04-01';

async function transfer(member: TestMember, amount: string) {
  const answer = await t.call('/api/ass/transfer', { asset: 'USDT', amount, requestId: randomUUID() }, member.headers);
  expect(answer.code).toBe(200);
}

async function exchange(member: TestMember, from: string, to: string, amount: string) {
  const quoted = await t.call('/api/exchange/quote', { from, to, amount }, member.headers);
  expect(quoted.code).toBe(200);
  expect((await t.call('/api/exchange/confirm', { quote: quoted.data.quote }, member.headers)).code).toBe(200);
}

/** Every item of a list route, page after page, newest first. */
async function listAll<Item>(path: string, member: TestMember): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const answer = await t.call(path, cursor ? { cursor, limit: 50 } : { limit: 50 }, member.headers);
    expect(answer.code).toBe(200);
    items.push(...(answer.data.list as Item[]));
    cursor = answer.data.nextCursor as string | null;
  } while (cursor);
  return items;
}

/** Moves a member's postings, newest first, onto `times` (several postings of one entry share a time). */
async function placePostings(member: TestMember, times: string[]) {
  const items = await listAll<TAssetLogItem>('/api/ass/log', member);
  expect(items.length).toBeGreaterThanOrEqual(times.length);
  for (const [index, item] of items.entries()) {
    const at = new Date(times[Math.min(index, times.length - 1)]!);
    await t.database.db
      .update(ledgerPostings)
      .set({ createdAt: at })
      .where(eq(ledgerPostings.id, BigInt(item.id)));
  }
}

async function placeRecords(member: TestMember, times: string[]) {
  const items = await listAll<THistoryItem>('/api/ass/history', member);
  expect(items).toHaveLength(times.length);
  for (const [index, item] of items.entries()) {
    await t.database.db
      .update(financialRecords)
      .set({ createdAt: new Date(times[index]!) })
      .where(eq(financialRecords.id, BigInt(item.id)));
  }
}

async function exportCsv(member: TestMember, body: object, language = 'en_US') {
  return t.app.inject({
    method: 'POST',
    url: '/api/ass/export',
    headers: { 'content-type': 'application/json', token: member.token, language },
    payload: body,
  });
}

/** The file's lines as cells (no cell below holds a comma, a quote or a line break), header first. */
function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body
    .slice(1, -2)
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('/api/ass/export: the asset flow as CSV', () => {
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    [alice, bob] = [await createWalletMember(t), await createWalletMember(t)];
    for (const member of [alice, bob]) {
      await fund(t, member, 'USDT', '100.5');
      await fund(t, member, 'USDT', '30', 'income');
      await transfer(member, '10.000001');
      await fund(t, member, 'KPC', '1.123456789012345678');
      await fund(t, member, 'USDT', '2');
      // Newest first: USDT 2 (April), KPC (31 March, 23:59:59.999), the transfer's two postings
      // (15 March), income (1 March, 00:00), the first funds (28 February).
      await placePostings(member, [TIMES[0]!, TIMES[1]!, TIMES[2]!, TIMES[2]!, TIMES[3]!, TIMES[4]!]);
    }
  });

  it("holds exactly the list's postings of those UTC days, both edges in, amounts exact", async () => {
    const response = await exportCsv(alice, { source: 'asset_flow', ...MARCH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="kpc-asset-flow-2026-03-01-2026-03-31.csv"',
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['Time (UTC)', 'Type', 'Asset', 'Account', 'Amount', 'Balance after', 'Note', 'ID']);

    const listed = (await listAll<TAssetLogItem>('/api/ass/log', alice)).filter((item) => isInMarch(item.createdAt));
    expect(listed).toHaveLength(4);
    expect(rows).toEqual(
      listed.map((item) => [
        item.createdAt,
        item.type,
        item.asset,
        item.bucket,
        item.amount,
        item.balanceAfter,
        item.note ?? '',
        item.id,
      ]),
    );
    // The edges: 31 March 23:59:59.999 UTC and 1 March 00:00 UTC are in; the instants around them are not.
    expect(rows.map((row) => row[0])).toEqual([TIMES[1], TIMES[2], TIMES[2], TIMES[3]]);
    expect(rows.map((row) => `${row[2]} ${row[3]} ${row[4]}`)).toEqual([
      'KPC available 1.123456789012345678',
      expect.stringMatching(/^USDT (available 10.000001|income -10.000001)$/),
      expect.stringMatching(/^USDT (available 10.000001|income -10.000001)$/),
      'USDT income 30',
    ]);
  });

  it("never holds another member's rows, though they fall on the same days", async () => {
    const aliceIds = new Set((await listAll<TAssetLogItem>('/api/ass/log', alice)).map((item) => item.id));
    const bobIds = (await listAll<TAssetLogItem>('/api/ass/log', bob)).map((item) => item.id);
    const [, ...rows] = parseCsv((await exportCsv(bob, { source: 'asset_flow', ...MARCH })).body);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(aliceIds.has(row.at(-1)!)).toBe(false);
      expect(bobIds).toContain(row.at(-1));
    }
    // A member with no history gets the header alone.
    const newcomer = await createWalletMember(t);
    expect(parseCsv((await exportCsv(newcomer, { source: 'asset_flow', ...MARCH })).body)).toHaveLength(1);
  });

  it('narrows to one asset, and to one day', async () => {
    const [, ...kpc] = parseCsv((await exportCsv(alice, { source: 'asset_flow', ...MARCH, asset: 'KPC' })).body);
    expect(kpc.map((row) => row[2])).toEqual(['KPC']);
    const oneDay = { fromDate: '2026-03-01', toDate: '2026-03-01' };
    const [, ...first] = parseCsv((await exportCsv(alice, { source: 'asset_flow', ...oneDay })).body);
    expect(first.map((row) => row[0])).toEqual([TIMES[3]]);
  });

  it("names the columns in the member's language; the values stay the wire's", async () => {
    const english = parseCsv((await exportCsv(alice, { source: 'asset_flow', ...MARCH })).body);
    const chinese = parseCsv((await exportCsv(alice, { source: 'asset_flow', ...MARCH }, 'zh_CN')).body);
    expect(chinese[0]![0]).toBe(translate('zh-Hans', 'historyExport.time'));
    expect(chinese[0]![0]).toContain('UTC');
    expect(chinese[0]).not.toEqual(english[0]);
    expect(chinese.slice(1)).toEqual(english.slice(1));
  });

  it('reads page after page: the same rows with pages of two', async () => {
    const whole = parseCsv(
      (await exportCsv(alice, { source: 'asset_flow', fromDate: '2026-01-01', toDate: '2026-12-31' })).body,
    );
    expect(whole).toHaveLength(1 + 6);
    // Transfers and faucet funds name no chain.
    const noChains = {} as ChainRuntime;
    const { stream } = historyExport(
      { db: t.database.db, chains: noChains },
      alice.memberId,
      { source: 'asset_flow', fromDate: '2026-01-01', toDate: '2026-12-31' },
      'en',
      2,
    );
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(parseCsv(text)).toEqual(whole);
  });
});

describe('/api/ass/export: the financial records as CSV', () => {
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    [alice, bob] = [await createWalletMember(t), await createWalletMember(t)];
    for (const member of [alice, bob]) {
      await fund(t, member, 'USDT', '200');
      await fund(t, member, 'USDT', '20', 'income');
      await transfer(member, '1');
      await transfer(member, '2.5');
      await exchange(member, 'USDT', 'KPC', '100');
      await transfer(member, '3');
      await transfer(member, '4');
      // Newest first: 4 (April), 3 (31 March, 23:59:59.999), the exchange (15 March), 2.5 (1 March), 1 (February).
      await placeRecords(member, TIMES);
    }
  });

  it("holds exactly the list's records of those UTC days, an exchange with what it received", async () => {
    const response = await exportCsv(alice, { source: 'financial_records', ...MARCH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="kpc-financial-records-2026-03-01-2026-03-31.csv"',
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'Time (UTC)',
      'Kind',
      'Status',
      'Asset',
      'Amount',
      'Received asset',
      'Received amount',
      'Fee',
      'Network',
      'Transaction hash',
      'Address',
      'ID',
    ]);
    const listed = (await listAll<THistoryItem>('/api/ass/history', alice)).filter((item) => isInMarch(item.createdAt));
    expect(listed).toHaveLength(3);
    expect(rows).toEqual(
      listed.map((item) => [
        item.createdAt,
        item.kind,
        item.status,
        item.asset,
        item.amount,
        item.toAsset ?? '',
        item.toAmount ?? '',
        item.fee ?? '',
        item.network ?? '',
        item.txHash ?? '',
        item.address ?? '',
        item.id,
      ]),
    );
    expect(rows.map((row) => `${row[1]} ${row[4]} ${row[5]} ${row[6]} ${row[7]}`)).toEqual([
      'transfer 3   ',
      'exchange 100 KPC 997 0.3',
      'transfer 2.5   ',
    ]);

    // Bob's records are on the same days; none is Alice's.
    const aliceIds = new Set(rows.map((row) => row.at(-1)));
    const [, ...bobRows] = parseCsv((await exportCsv(bob, { source: 'financial_records', ...MARCH })).body);
    expect(bobRows).toHaveLength(3);
    expect(bobRows.filter((row) => aliceIds.has(row.at(-1)))).toEqual([]);
  });

  it('narrows to one asset, sent or received', async () => {
    const [, ...kpc] = parseCsv((await exportCsv(alice, { source: 'financial_records', ...MARCH, asset: 'KPC' })).body);
    expect(kpc.map((row) => row[1])).toEqual(['exchange']);
  });
});

describe('/api/ass/export: refusals', () => {
  it('needs a login', async () => {
    const answer = await t.call('/api/ass/export', { source: 'asset_flow', ...MARCH });
    expect(answer.code).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('refuses a malformed range with a localised message, never a file or a 500', async () => {
    const member = await createWalletMember(t);
    const refusals: [body: object, key: string][] = [
      [{ source: 'asset_flow', fromDate: '2026-03-02', toDate: '2026-03-01' }, 'validation.dateRangeOrder'],
      // 367 days; 2024 is a leap year, so 1 January to 31 December 2024 is the longest (366).
      [{ source: 'asset_flow', fromDate: '2024-01-01', toDate: '2025-01-01' }, 'validation.dateRangeTooLong'],
      [{ source: 'asset_flow', fromDate: '2026-02-30', toDate: '2026-03-01' }, 'validation.dateInvalid'],
      [{ source: 'asset_flow', fromDate: '2026/03/01', toDate: '2026-03-31' }, 'validation.dateInvalid'],
      [{ source: 'asset_flow', fromDate: '2026-03-01T00:00:00Z', toDate: '2026-03-31' }, 'validation.dateInvalid'],
      [{ source: 'asset_flow', fromDate: 20260301, toDate: '2026-03-31' }, 'validation.dateInvalid'],
      [{ source: 'asset_flow', toDate: '2026-03-31' }, 'validation.dateInvalid'],
      [{ source: 'everything', ...MARCH }, 'validation.invalid'],
      [{ ...MARCH }, 'validation.invalid'],
      [{ source: 'asset_flow', ...MARCH, asset: 'usdt!' }, 'validation.assetRequired'],
    ];
    for (const [body, key] of refusals) {
      for (const [language, locale] of [
        ['en_US', 'en'],
        ['ru_RU', 'ru'],
      ] as const) {
        const response = await exportCsv(member, body, language);
        expect(response.statusCode, JSON.stringify(body)).toBe(200);
        expect(String(response.headers['content-type'])).not.toContain('text/csv');
        expect(response.json(), JSON.stringify(body)).toEqual({
          code: ErrorCode.INVALID_REQUEST,
          msg: translate(locale, key),
          data: null,
        });
      }
    }
    // The longest range is accepted.
    const leapYear = await exportCsv(member, {
      source: 'financial_records',
      fromDate: '2024-01-01',
      toDate: '2024-12-31',
    });
    expect(leapYear.statusCode).toBe(200);
    expect(leapYear.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('is rate limited per member', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ACCOUNT_MAX: '2', RUN_CHAIN_WORKERS: 'false' });
    try {
      const [first, second] = [await createWalletMember(limited), await createWalletMember(limited)];
      const send = (member: TestMember) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/ass/export',
          headers: { 'content-type': 'application/json', token: member.token },
          payload: { source: 'asset_flow', ...MARCH },
        });
      expect((await send(first)).statusCode).toBe(200);
      expect((await send(first)).statusCode).toBe(200);
      const third = await send(first);
      expect(third.statusCode).toBe(429);
      expect(third.json<{ code: number }>().code).toBe(ErrorCode.RATE_LIMITED);
      // Another member counts apart.
      expect((await send(second)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
