import type { TNoticeListItem } from '@kpc/shared';
import type { TOperatorNotice, TOperatorNoticeVersion } from '@kpc/shared/operator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletMember, type TestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

// Step 8b §1: announcements in the console — scheduling, versions with who and when, the audit,
// and the content role's permission.

const KEY = 'content-key-0123456789-0123456789-0123';
const BOB_KEY = 'bob-content-key-0123456789-0123456789';
const FINANCE_KEY = 'finance-key-0123456789-0123456789-0123';
const ALICE = { 'x-operator-key': KEY };
const BOB = { 'x-operator-key': BOB_KEY };
const FINANCE = { 'x-operator-key': FINANCE_KEY };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RUN_CHAIN_WORKERS: 'false',
    OPERATOR_KEYS: `alice@content:${KEY},bob@content:${BOB_KEY},fiona@finance+admin+compliance+support:${FINANCE_KEY}`,
  });
}, 180_000);
afterAll(async () => {
  await t.close();
});

const operator = (path: string, body: unknown, headers: Record<string, string> = ALICE) =>
  t.call(`/api/operator/notice/${path}`, body, headers);
const content = (title: string, body = `<p>${title} body</p>`) => ({ title, body });
const listed = async (member: TestMember, language?: string) =>
  (await t.call('/api/notice/list', { limit: 50 }, { ...member.headers, ...(language ? { language } : {}) })).data
    .list as TNoticeListItem[];
const detail = (member: TestMember, id: string) => t.call('/api/notice/detail', { id }, member.headers);
const unreadCount = async (member: TestMember) =>
  (await t.call('/api/notice/unread', {}, member.headers)).data.count as number;
const versionsOf = async (id: string) => (await operator('versions', { id })).data.list as TOperatorNoticeVersion[];

async function auditOf(targetId: string) {
  const rows: unknown = await t.database.db.execute(
    sql`select action, actor_name, role, before, after from audit_log where target_type = 'notice' and target_id = ${targetId} order by id`,
  );
  return (rows as { rows: Array<{ action: string; actor_name: string; role: string; after: { version: number } }> })
    .rows;
}

describe(`scheduled announcements (${testDatabaseKind()})`, () => {
  it('are invisible to members before their time and visible from it, on the list, the detail and the unread count', async () => {
    const member = await createWalletMember(t);
    const baseline = await unreadCount(member);
    const id = (await operator('create', { translations: { en: content('Next week'), 'zh-Hans': content('下周') } }))
      .data.id as string;
    const at = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const scheduled = await operator('publish', { id, publishAt: at });
    expect(scheduled.data).toMatchObject({ status: 'published', state: 'scheduled', publishedAt: at, version: 2 });
    expect((await operator('detail', { id })).data).toMatchObject({ state: 'scheduled' });

    expect((await listed(member)).some((n) => n.id === id)).toBe(false);
    expect((await detail(member, id)).code).toBe(1760);
    expect(await unreadCount(member)).toBe(baseline);

    t.clock.advance(3599);
    expect((await listed(member)).some((n) => n.id === id)).toBe(false);
    t.clock.advance(1);
    expect((await listed(member, 'zh_CN')).find((n) => n.id === id)).toMatchObject({
      title: '下周',
      publishedAt: at,
    });
    expect((await detail(member, id)).data).toMatchObject({ title: 'Next week', publishedAt: at });
    expect((await operator('detail', { id })).data).toMatchObject({ state: 'published' });
    // Published now: publishing again is refused.
    expect((await operator('publish', { id })).code).toBe(1761);
  });

  it('refuses a time that has passed, and a scheduled notice can be published now or unpublished', async () => {
    const member = await createWalletMember(t);
    const id = (await operator('create', { translations: { en: content('Moved') } })).data.id as string;
    const past = new Date(t.clock.now().getTime() - 1000).toISOString();
    expect(await operator('publish', { id, publishAt: past })).toMatchObject({
      code: 1885,
      msg: 'This announcement must be scheduled for a time still to come.',
    });
    expect((await operator('detail', { id })).data).toMatchObject({ state: 'draft', version: 1 });
    for (const publishAt of ['tomorrow', '2026-13-01T00:00:00Z', 5]) {
      expect((await operator('publish', { id, publishAt })).code).toBe(1000);
    }

    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    expect((await operator('publish', { id, publishAt: later })).data.state).toBe('scheduled');
    // Rescheduled earlier, then published now: members see it at once, dated now.
    const sooner = new Date(t.clock.now().getTime() + 600_000).toISOString();
    expect((await operator('publish', { id, publishAt: sooner })).data).toMatchObject({ publishedAt: sooner });
    const now = await operator('publish', { id }, BOB);
    expect(now.data).toMatchObject({ state: 'published', publishedBy: 'bob' });
    expect(Date.parse(now.data.publishedAt as string)).toBeLessThanOrEqual(t.clock.now().getTime());
    expect((await listed(member)).some((n) => n.id === id)).toBe(true);

    // A scheduled one unpublished never appears, even once its time has passed.
    const other = (await operator('create', { translations: { en: content('Withdrawn') } })).data.id as string;
    await operator('publish', { id: other, publishAt: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    expect((await operator('unpublish', { id: other })).data).toMatchObject({ state: 'unpublished' });
    t.clock.advance(120);
    expect((await listed(member)).some((n) => n.id === other)).toBe(false);
    expect((await detail(member, other)).code).toBe(1760);
    // Published again now, it is dated now (its schedule never came to pass).
    const again = await operator('publish', { id: other });
    expect(Date.parse(again.data.publishedAt as string)).toBeGreaterThan(t.clock.now().getTime() - 5_000);
  });

  it('unpublishing hides a published notice from members at once', async () => {
    const member = await createWalletMember(t);
    const id = (await operator('create', { translations: { en: content('Short-lived') } })).data.id as string;
    await operator('publish', { id });
    expect((await detail(member, id)).code).toBe(200);
    await operator('unpublish', { id });
    expect((await listed(member)).some((n) => n.id === id)).toBe(false);
    expect((await detail(member, id)).code).toBe(1760);
  });
});

describe(`announcement versions and audit (${testDatabaseKind()})`, () => {
  it('records every save as a version with the whole text, who and when, and audits it', async () => {
    const created = await operator('create', { translations: { 'zh-Hans': content('草稿') } });
    const id = created.data.id as string;
    expect(created.data.version).toBe(1);
    // English is required to publish, and a refused publication writes no version.
    expect((await operator('publish', { id })).code).toBe(1762);
    t.clock.advance(10);
    const edited = await operator(
      'edit',
      { id, expectedVersion: 1, translations: { en: content('Draft', '<p>Hello <script>x()</script></p>') } },
      BOB,
    );
    expect(edited.data).toMatchObject({ version: 2, updatedBy: 'bob' });
    // An editor that opened version 1 cannot overwrite version 2.
    expect(await operator('edit', { id, expectedVersion: 1, translations: { en: content('Stale') } })).toMatchObject({
      code: 1886,
    });
    t.clock.advance(10);
    await operator('publish', { id });
    t.clock.advance(10);
    await operator('unpublish', { id }, BOB);

    const versions = await versionsOf(id);
    expect(versions.map((v) => [v.version, v.action, v.operator])).toEqual([
      [4, 'unpublished', 'bob'],
      [3, 'published', 'alice'],
      [2, 'edited', 'bob'],
      [1, 'created', 'alice'],
    ]);
    expect(versions[3]!.translations).toEqual([{ language: 'zh-Hans', title: '草稿', body: '<p>草稿 body</p>' }]);
    // The snapshot is what members would see: sanitised, English first.
    expect(versions[2]!.translations).toEqual([
      { language: 'en', title: 'Draft', body: '<p>Hello </p>' },
      { language: 'zh-Hans', title: '草稿', body: '<p>草稿 body</p>' },
    ]);
    expect(versions[1]!.publishedAt).not.toBeNull();
    const times = versions.map((v) => Date.parse(v.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]! - times[3]!).toBeGreaterThanOrEqual(30_000);

    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.actor_name, a.role, a.after.version])).toEqual([
      ['notice.created', 'alice', 'content', 1],
      ['notice.edited', 'bob', 'content', 2],
      ['notice.published', 'alice', 'content', 3],
      ['notice.unpublished', 'bob', 'content', 4],
    ]);
    expect((await operator('versions', { id: '99999999' })).code).toBe(1760);
    expect((await operator('detail', { id: '99999999' })).code).toBe(1760);
  });

  it('keeps versions append-only, and numbers them once when two operators save at once', async () => {
    const id = (await operator('create', { translations: { en: content('Race') } })).data.id as string;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        operator('edit', { id, translations: { en: content(`Race ${i}`) } }, i % 2 ? BOB : ALICE),
      ),
    );
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect((await versionsOf(id)).map((v) => v.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect((await operator('detail', { id })).data.version).toBe(7);
    for (const statement of [
      sql`update notice_versions set operator = 'mallory'`,
      sql`delete from notice_versions`,
      sql`truncate notice_versions`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    expect(await versionsOf(id)).toHaveLength(7);
  });

  it('refuses every announcement action to a role without notices.manage, changing nothing', async () => {
    const id = (await operator('create', { translations: { en: content('Guarded') } })).data.id as string;
    for (const [path, body] of [
      ['list', {}],
      ['detail', { id }],
      ['create', { translations: { en: content('No') } }],
      ['edit', { id, translations: { en: content('No') } }],
      ['publish', { id }],
      ['unpublish', { id }],
      ['history', { id }],
      ['versions', { id }],
    ] as const) {
      expect(await operator(path, body, FINANCE)).toMatchObject({ status: 403, code: 1808 });
    }
    const notice = (await operator('detail', { id })).data as TOperatorNotice;
    expect(notice).toMatchObject({ state: 'draft', version: 1, translations: [{ title: 'Guarded' }] });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['notice.created']);
  });
});
