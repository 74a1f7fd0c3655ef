import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, ne, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { memberTree } from '../../db/schema/index.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { teamSummary } from './service.ts';
import { addMemberToTree } from './tree.ts';
import { findTreeViolations } from './tree-invariants.ts';

/**
 * Migration 0012 on a database that already has members: it is migrated up to 0011, members are
 * written the way earlier steps wrote them (no tree), then the rest of the migrations run (0015
 * moves the aggregates to `member_team`) and the backfilled tree must equal the truth, and keep
 * working for the next sign-up.
 */

const TREE_MIGRATION = '0012_team_tree';
const folder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

let db: Database;
let migrateAll: () => Promise<void>;
let close: () => Promise<void>;
let before: string;

/** A copy of the migrations folder whose journal stops before the tree's migration. */
function migrationsBeforeTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kpc-migrations-'));
  cpSync(folder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === TREE_MIGRATION);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  before = migrationsBeforeTree();
  if (testDatabaseKind() === 'pglite') {
    const client = new PGlite();
    const pglite = drizzlePglite(client, { schema });
    await migratePglite(pglite, { migrationsFolder: before });
    db = pglite;
    migrateAll = () => migratePglite(pglite, { migrationsFolder: folder });
    close = () => client.close();
    return;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('KPC_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kpc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const postgres = drizzlePg(client, { schema });
  await migratePg(postgres, { migrationsFolder: before });
  db = postgres;
  migrateAll = () => migratePg(postgres, { migrationsFolder: folder });
  close = async () => {
    await client.end();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}, 60_000);
afterAll(async () => {
  await close();
  rmSync(before, { recursive: true, force: true });
});

let codes = 0;
/** A member as earlier steps inserted it; `minutesAgo` lets a child look older than its referrer. */
async function legacyMember(referrerId: string | null, minutesAgo: number): Promise<string> {
  codes += 1;
  const id = randomUUID();
  // Plain SQL with the columns of the time: today's schema has columns the old database lacks.
  const createdAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await db.execute(
    sql`insert into members (id, invite_code, referrer_id, created_at) values (${id}, ${`LEGACY${codes}`}, ${referrerId}, ${createdAt})`,
  );
  return id;
}

describe(`migration ${TREE_MIGRATION} backfills the referral tree (${testDatabaseKind()})`, () => {
  it('builds every existing member into the tree, parents first, with exact counts', async () => {
    const root = await legacyMember(null, 1000);
    // Children written with earlier times than their referrers: keys follow depth, not time.
    const a = await legacyMember(root, 10);
    const b = await legacyMember(root, 2000);
    const chain = [a];
    for (let i = 0; i < 60; i += 1) chain.push(await legacyMember(chain.at(-1)!, 500 + i));
    for (let i = 0; i < 12; i += 1) await legacyMember(b, i);
    // A second member without a referrer (an old test or import): a root of its own.
    const loner = await legacyMember(null, 5);
    await legacyMember(loner, 4);

    await migrateAll();

    expect(await findTreeViolations(db)).toEqual({ unlinked: [], miscounted: [] });
    expect(await teamSummary(db, root)).toMatchObject({
      directCount: 2,
      indirectCount: 60 + 12,
      teamSize: 2 + 60 + 12,
      teamVolume: '0',
    });
    expect(await teamSummary(db, chain[30]!)).toMatchObject({ directCount: 1, teamSize: 30 });
    expect(await teamSummary(db, loner)).toMatchObject({ directCount: 1, teamSize: 1 });
    const [leaf] = await db
      .select()
      .from(memberTree)
      .where(eq(memberTree.memberId, chain.at(-1)!));
    expect(leaf).toMatchObject({ depth: 61 });
    expect(await teamSummary(db, chain.at(-1)!)).toMatchObject({ directCount: 0, teamSize: 0 });
    expect(leaf!.path).toHaveLength(61);

    // The next sign-up continues after the backfilled keys, under the deepest member.
    const next = await legacyMember(chain.at(-1)!, 0);
    await db.transaction((tx) => addMemberToTree(tx, next));
    const [row] = await db.select().from(memberTree).where(eq(memberTree.memberId, next));
    const [newest] = await db
      .select({ max: sql<number>`max(${memberTree.key})` })
      .from(memberTree)
      .where(ne(memberTree.memberId, next));
    expect(row).toMatchObject({ depth: 62, parentKey: leaf!.key });
    expect(row!.key).toBeGreaterThan(newest!.max);
    expect(await teamSummary(db, root)).toMatchObject({ teamSize: 2 + 60 + 12 + 1 });
    expect(await findTreeViolations(db)).toEqual({ unlinked: [], miscounted: [] });
  });
});
