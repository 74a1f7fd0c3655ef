import type { TNoticeListItem } from '@kpc/shared';
import type { TOperatorNotice, TOperatorNoticeEvent } from '@kpc/shared/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { seedDevelopmentNotices } from './dev-seed.ts';

const KEY = 'ops-key-0123456789-0123456789-0123456789';
const BOB_KEY = 'b'.repeat(32);
const ALICE = { 'x-operator-key': KEY };
const BOB = { 'x-operator-key': BOB_KEY };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false', OPERATOR_KEYS: `alice@content:${KEY},bob@content:${BOB_KEY}` });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const operator = (path: string, body: unknown, headers: Record<string, string> = ALICE) =>
  t.call(`/api/operator/notice/${path}`, body, headers);
const asMember = (member: TestMember, language?: string) => ({
  ...member.headers,
  ...(language ? { language } : {}),
});
const list = (member: TestMember, body: unknown = {}, language?: string) =>
  t.call('/api/notice/list', body, asMember(member, language));
const detail = (member: TestMember, id: string, language?: string) =>
  t.call('/api/notice/detail', { id }, asMember(member, language));
const unread = (member: TestMember, language?: string) => t.call('/api/notice/unread', {}, asMember(member, language));

/** The notices a member's list shows (up to 50), typed. */
const listed = async (member: TestMember, body: object = { limit: 50 }, language?: string) =>
  (await list(member, body, language)).data.list as TNoticeListItem[];
const listedOne = async (member: TestMember, id: string, language?: string) =>
  (await listed(member, { limit: 50 }, language)).find((item) => item.id === id)!;
const operatorListed = async (body: object = { limit: 50 }) =>
  (await operator('list', body)).data.list as TOperatorNotice[];
const historyOf = async (id: string) => (await operator('history', { id })).data.list as TOperatorNoticeEvent[];

const content = (title: string, body = `<p>${title} body</p>`) => ({ title, body });

/** A published notice; `translations` defaults to English only. Moves the clock so each is newer. */
async function publish(translations: Record<string, { title: string; body: string }>): Promise<string> {
  t.clock.advance(60);
  const created = await operator('create', { translations });
  expect(created.code).toBe(200);
  const id = created.data.id as string;
  expect((await operator('publish', { id })).code).toBe(200);
  return id;
}

describe(`announcements for members (${testDatabaseKind()})`, () => {
  it("shows a published notice in the member's language, falling back to English, and marks reads per member", async () => {
    const a = await createWalletMember(t);
    const b = await createWalletMember(t);
    const baseline = (await unread(a)).data.count as number;
    const id = await publish({
      en: content('Maintenance tonight', '<p>The <strong>app</strong> pauses at 02:00.</p><p>Back soon.</p>'),
      'zh-Hans': content('今晚维护', '<p>应用将于 02:00 暂停。</p>'),
    });
    const englishOnly = await publish({ en: content('New cards') });

    const zh = await listed(a, {}, 'zh_CN');
    expect(zh.find((item) => item.id === id)).toMatchObject({
      title: '今晚维护',
      summary: '应用将于 02:00 暂停。',
      language: 'zh-Hans',
      read: false,
    });
    expect(zh.find((item) => item.id === englishOnly)).toMatchObject({ title: 'New cards', language: 'en' });
    // Japanese has neither: English, and the summary is the body's text on one line.
    expect(await listedOne(a, id, 'ja_JP')).toMatchObject({
      title: 'Maintenance tonight',
      summary: 'The app pauses at 02:00. Back soon.',
      language: 'en',
    });
    // Newest first.
    expect(zh.findIndex((item) => item.id === englishOnly)).toBeLessThan(zh.findIndex((item) => item.id === id));

    expect((await unread(a, 'zh_CN')).data).toEqual({
      count: baseline + 2,
      latest: { id: englishOnly, title: 'New cards', language: 'en' },
    });
    const read = await detail(a, id, 'zh_CN');
    expect(read.data).toMatchObject({
      id,
      title: '今晚维护',
      body: '<p>应用将于 02:00 暂停。</p>',
      language: 'zh-Hans',
    });
    expect(typeof read.data.publishedAt).toBe('string');
    // Reading again is the same, and counts once.
    expect((await detail(a, id, 'en_US')).data).toMatchObject({
      title: 'Maintenance tonight',
      body: '<p>The <strong>app</strong> pauses at 02:00.</p><p>Back soon.</p>',
    });
    expect((await unread(a)).data.count).toBe(baseline + 1);
    expect((await listedOne(a, id)).read).toBe(true);
    // A's read is not B's.
    expect((await unread(b)).data.count).toBe(baseline + 2);
    expect((await listedOne(b, id)).read).toBe(false);
    await detail(a, englishOnly);
    expect((await unread(a)).data).toMatchObject({ count: baseline });
  });

  it('pages newest first by publication, each notice once, with a cursor', async () => {
    const member = await createWalletMember(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await publish({ en: content(`Page ${i}`) }));
    // A draft created before them but published last comes first: the order is the publication's.
    t.clock.advance(60);
    const late = (await operator('create', { translations: { en: content('Late') } })).data.id as string;
    t.clock.advance(60);
    await operator('publish', { id: late });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(member, { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.code).toBe(200);
      expect(page.data.list.length).toBeLessThanOrEqual(2);
      seen.push(...(page.data.list as TNoticeListItem[]).map((item) => item.id));
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 6)).toEqual([late, ...ids.slice().reverse()]);
    const dates = (await listed(member)).map((item) => item.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('never shows drafts or unpublished notices, which answer like missing ones', async () => {
    const member = await createWalletMember(t);
    const draft = (await operator('create', { translations: { en: content('Draft') } })).data.id as string;
    const withdrawn = await publish({ en: content('Withdrawn') });
    expect((await detail(member, withdrawn)).code).toBe(200);
    expect((await operator('unpublish', { id: withdrawn })).data).toMatchObject({
      status: 'unpublished',
      unpublishedBy: 'alice',
    });
    const ids = (await listed(member)).map((item) => item.id);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(withdrawn);
    const missing = await detail(member, '999999999');
    expect(missing).toMatchObject({ code: 1760, msg: 'Announcement not found.' });
    for (const id of [draft, withdrawn]) expect(await detail(member, id)).toMatchObject({ code: 1760, data: null });
    expect((await detail(member, draft, 'zh_CN')).msg).toBe('公告不存在。');
    // The unread count leaves them out too, read or not.
    const counted = (await unread(member)).data.count as number;
    expect(counted).toBe((await listed(member)).filter((n) => !n.read).length);
    // Published again: back, in its first place, and still read by the member who read it.
    expect((await operator('publish', { id: withdrawn })).data.status).toBe('published');
    expect((await listedOne(member, withdrawn)).read).toBe(true);
  });

  it('counts concurrent openings by one member once', async () => {
    const member = await createWalletMember(t);
    const id = await publish({ en: content('Opened at once') });
    const before = (await unread(member)).data.count as number;
    const answers = await Promise.all(Array.from({ length: 6 }, () => detail(member, id)));
    expect(answers.map((answer) => answer.code)).toEqual(Array(6).fill(200));
    expect((await unread(member)).data.count).toBe(before - 1);
  });

  it('requires a session', async () => {
    for (const [path, body] of [
      ['/api/notice/list', {}],
      ['/api/notice/detail', { id: '1' }],
      ['/api/notice/unread', {}],
    ] as const) {
      expect((await t.call(path, body)).code).toBe(401);
      // The operator key is not a session.
      expect((await t.call(path, body, ALICE)).code).toBe(401);
    }
  });
});

describe(`announcements for operators (${testDatabaseKind()})`, () => {
  it('creates, edits, publishes and unpublishes, keeping who did what and when', async () => {
    const created = await operator('create', {
      translations: { 'zh-Hans': content('仅中文'), ja: content('日本語のみ') },
    });
    expect(created.data).toMatchObject({
      status: 'draft',
      createdBy: 'alice',
      updatedBy: 'alice',
      publishedAt: null,
      translations: [
        { language: 'zh-Hans', title: '仅中文' },
        { language: 'ja', title: '日本語のみ' },
      ],
    });
    const id = created.data.id as string;
    // English is required to publish.
    expect(await operator('publish', { id })).toMatchObject({
      code: 1762,
      msg: 'A published announcement needs an English title and text.',
    });
    t.clock.advance(60);
    const edited = await operator('edit', { id, translations: { en: content('English too'), ja: null } }, BOB);
    expect(edited.data).toMatchObject({ updatedBy: 'bob', createdBy: 'alice' });
    expect((edited.data as TOperatorNotice).translations.map((x) => x.language)).toEqual(['en', 'zh-Hans']);
    const published = await operator('publish', { id }, BOB);
    expect(published.data).toMatchObject({ status: 'published', publishedBy: 'bob' });
    expect((await operator('publish', { id })).code).toBe(1761);
    // A published notice keeps English; removing it is refused and changes nothing.
    expect((await operator('edit', { id, translations: { en: null } })).code).toBe(1762);
    expect((await operatorListed({ status: 'published' })).find((n) => n.id === id)).toMatchObject({
      translations: [{ language: 'en' }, { language: 'zh-Hans' }],
    });
    const unpublished = await operator('unpublish', { id });
    expect(unpublished.data).toMatchObject({ status: 'unpublished', unpublishedBy: 'alice', publishedBy: 'bob' });
    expect((await operator('unpublish', { id })).code).toBe(1761);
    expect((await operator('publish', { id: '99999999' })).code).toBe(1760);
    expect((await operator('edit', { id: '99999999', translations: { en: content('x') } })).code).toBe(1760);

    const history = await historyOf(id);
    expect(history.map((e) => [e.action, e.operator])).toEqual([
      ['created', 'alice'],
      ['edited', 'bob'],
      ['published', 'bob'],
      ['unpublished', 'alice'],
    ]);
    expect(history[0]!.languages).toEqual(['zh-Hans', 'ja']);
    expect(history[1]!.languages).toEqual(['en', 'ja']);
    for (const event of history) expect(Number.isNaN(Date.parse(event.at))).toBe(false);
    expect((await operator('history', { id: '99999999' })).code).toBe(1760);
    // The list pages by id and filters by status.
    const drafts = await operatorListed({ status: 'draft', limit: 1 });
    expect(drafts).toHaveLength(1);
    for (const notice of drafts) expect(notice.status).toBe('draft');
  });

  it('publishes once when two operators publish together', async () => {
    const id = (await operator('create', { translations: { en: content('Together') } })).data.id as string;
    const answers = await Promise.all([operator('publish', { id }), operator('publish', { id }, BOB)]);
    expect(answers.map((answer) => answer.code).sort((x, y) => x - y)).toEqual([200, 1761]);
    const events = (await historyOf(id)).map((e) => e.action);
    expect(events).toEqual(['created', 'published']);
  });

  it('strips scripts, handlers and dangerous links from bodies, and members get only what was kept', async () => {
    const payloads = [
      '<script>alert(1)</script><p>Safe</p>',
      '<p onclick="alert(1)" style="color:red" class="x">Click</p>',
      '<a href="javascript:alert(1)">js</a>',
      '<a href="JaVaScRiPt:alert(1)">js2</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
      '<a href="//evil.example/x">protocol-relative</a>',
      '<img src="javascript:alert(1)" onerror="alert(1)"><img src="data:image/png;base64,AAAA">',
      '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"><circle/></svg>',
      '<a href="https://example.com/ok" target="_self" onmouseover="x()">ok</a>',
      '<style>body{display:none}</style><form action="https://evil.example"><input name="p"></form>',
    ];
    const id = await publish({ en: content('XSS', payloads.join('')) });
    const member = await createWalletMember(t);
    const body = (await detail(member, id)).data.body as string;
    expect(body).not.toMatch(/<script|<img|<iframe|<svg|<style|<form|<input|onclick|onerror|onload|onmouseover/i);
    expect(body).not.toMatch(/javascript:|data:|style=|class=|\/\/evil/i);
    expect(body).toContain('<p>Safe</p>');
    expect(body).toContain('<p>Click</p>');
    expect(body).toContain(
      '<a href="https://example.com/ok" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    // Bad links keep their text, not their target.
    expect(body).toContain('<a target="_blank" rel="noopener noreferrer nofollow">js</a>');
    expect(body).not.toContain('alert');
    // The operator sees the same kept HTML, and the list's summary has no markup.
    const stored = (await operatorListed()).find((n) => n.id === id)!;
    expect(stored.translations[0]!.body).toBe(body);
    const { summary } = await listedOne(member, id);
    expect(summary).not.toMatch(/[<>]/);
    expect(summary.startsWith('Safe Click js')).toBe(true);
  });

  it('requires the operator key, and answers malformed bodies with a validation error, never a 500', async () => {
    const member = await createWalletMember(t);
    for (const headers of [{}, { 'x-operator-key': 'wrong' }, member.headers]) {
      for (const path of ['list', 'create', 'edit', 'publish', 'unpublish', 'history']) {
        const answer = await operator(path, { translations: { en: content('x') }, id: '1' }, headers);
        expect(answer).toMatchObject({ status: 401, code: 401 });
      }
    }
    const long = 'x'.repeat(201);
    for (const body of [
      {},
      { translations: {} },
      { translations: { fr: content('Bonjour') } },
      { translations: { en: { title: '', body: '<p>x</p>' } } },
      { translations: { en: { title: long, body: '<p>x</p>' } } },
      { translations: { en: { title: 'x', body: 'y'.repeat(50_001) } } },
      { translations: { en: { title: 'x' } } },
      { translations: { en: null } },
      { translations: 'en' },
    ]) {
      expect((await operator('create', body)).code).toBe(1000);
    }
    for (const body of [{}, { id: 'x' }, { id: '1', translations: {} }, { id: '-1', translations: { en: null } }]) {
      expect((await operator('edit', body)).code).toBe(1000);
    }
    for (const path of ['publish', 'unpublish', 'history']) {
      for (const body of [{}, { id: 1 }, { id: 'abc' }, { id: '99999999999999999999' }]) {
        expect((await operator(path, body)).code).toBe(1000);
      }
    }
    expect((await operator('list', { status: 'gone' })).code).toBe(1000);
    for (const body of [{ cursor: 'abc' }, { cursor: '12' }, { cursor: '1.x' }, { limit: 0 }, { limit: 51 }]) {
      expect((await list(member, body)).code).toBe(1000);
    }
    for (const body of [{}, { id: 'x' }, { id: 5 }]) {
      expect((await t.call('/api/notice/detail', body, member.headers)).code).toBe(1000);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/notice/list',
      headers: { 'content-type': 'application/json', token: member.token },
      payload: '{',
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.json()).toMatchObject({ code: 1000 });
    expect(t.logs.filter((line) => line.includes('unexpected failure'))).toEqual([]);
  });
});

describe(`the development announcements (${testDatabaseKind()})`, () => {
  it('are seeded once, one of them in all seven languages', async () => {
    const member = await createWalletMember(t);
    expect(await seedDevelopmentNotices({ db: t.database.db, clock: t.clock })).toBe(true);
    expect(await seedDevelopmentNotices({ db: t.database.db, clock: t.clock })).toBe(false);
    const seeded = (await operatorListed()).filter((n) => n.createdBy === 'dev-seed');
    expect(seeded).toHaveLength(3);
    expect(seeded.every((n) => n.status === 'published')).toBe(true);
    const welcome = seeded.find((n) => n.translations.length === 7)!;
    expect(welcome.translations[0]).toMatchObject({ language: 'en', title: 'Welcome to KPC' });
    const titles = (await listed(member, { limit: 50 }, 'zh_CN')).map((n) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining(['欢迎加入 KPC', '联名卡申请已开放', 'Scheduled maintenance on Sunday']),
    );
  });
});
