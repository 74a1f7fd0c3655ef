import { toLedgerUnits } from '@kpc/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, memberTree } from '../../db/schema/index.ts';
import { createWalletMember, type TestMember } from '../../testing/members.ts';
import { createTestApp, GENESIS_CODE, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { insertMemberWithInviteCode } from '../account/service.ts';
import { invitations, teamSummary } from './service.ts';
import { addMemberToTree, addTeamVolume } from './tree.ts';
import { findTreeViolations } from './tree-invariants.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RUN_CHAIN_WORKERS: 'false' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A member signed up under `referrerId` the way every sign-up does it (own transaction). */
async function signUp(referrerId: string, values: { email?: string; walletAddress?: string } = {}) {
  const member = await t.database.db.transaction((tx) => insertMemberWithInviteCode(tx, { referrerId, ...values }));
  return member.id;
}

async function treeRow(memberId: string) {
  const [row] = await t.database.db.select().from(memberTree).where(eq(memberTree.memberId, memberId));
  if (!row) throw new Error(`no tree row for ${memberId}`);
  return row;
}

async function expectExactTree() {
  expect(await findTreeViolations(t.database.db)).toEqual({ unlinked: [], miscounted: [] });
}

async function inviteCodeOf(memberId: string) {
  const [row] = await t.database.db
    .select({ inviteCode: members.inviteCode })
    .from(members)
    .where(eq(members.id, memberId));
  return row!.inviteCode;
}

const summaryOf = (member: TestMember) => t.call('/api/team/summary', {}, member.headers);
const invitationsOf = (member: TestMember, body: Record<string, unknown> = {}) =>
  t.call('/api/team/invitations', body, member.headers);

describe(`the referral tree (${testDatabaseKind()})`, () => {
  it('puts every sign-up into the tree under its referrer: root, wallet sign-in, email registration', async () => {
    const [root] = await t.database.db.select().from(members).where(eq(members.inviteCode, GENESIS_CODE));
    const rootRow = await treeRow(root!.id);
    expect(rootRow).toMatchObject({ parentKey: null, depth: 0, path: [] });

    const inviter = await createWalletMember(t);
    const inviterRow = await treeRow(inviter.memberId);
    expect(inviterRow).toMatchObject({ parentKey: rootRow.key, depth: 1, path: [rootRow.key] });

    // The email registration, through the API with its mailed code.
    const inviteCode = await inviteCodeOf(inviter.memberId);
    const email = `team.${Date.now()}@example.com`;
    const since = t.smtp.mails.length;
    expect((await t.call('/api/acc/sendCode', { email, purpose: 'register' })).code).toBe(200);
    const code = await t.smtp.waitForCode(email, { since });
    const password = 'correct horse battery staple';
    const registered = await t.call('/api/acc/register', {
      email,
      password,
      confirmPassword: password,
      code,
      inviteCode,
      agreed: true,
    });
    expect(registered.code).toBe(200);
    const [invitee] = await t.database.db.select().from(members).where(eq(members.email, email));
    expect(await treeRow(invitee!.id)).toMatchObject({
      parentKey: inviterRow.key,
      depth: 2,
      path: [rootRow.key, inviterRow.key],
    });

    expect((await summaryOf(inviter)).data).toEqual({
      directCount: 1,
      indirectCount: 0,
      teamSize: 1,
      teamVolume: '0',
      level: 'member',
      kpcLevel: 0,
      esopLevel: 0,
      klkLevel: null,
      shareholderStatus: null,
      airdrops: { asset: 'USDT', total: '0', direct: '0', indirect: '0', card: '0' },
    });
    const page = await invitationsOf(inviter);
    expect(page.data).toEqual({
      list: [
        {
          id: String((await treeRow(invitee!.id)).key),
          member: `t***@example.com`,
          level: 'member',
          teamSize: 0,
          card: null,
          joinedAt: invitee!.createdAt.toISOString(),
        },
      ],
      nextCursor: null,
    });
    await expectExactTree();
  });

  it('keeps a 300-deep chain exact, each row reaching its ancestors through its path', async () => {
    const head = await createWalletMember(t);
    const headRow = await treeRow(head.memberId);
    const chain = [head.memberId];
    for (let i = 0; i < 300; i += 1) chain.push(await signUp(chain.at(-1)!));
    const leaf = await treeRow(chain.at(-1)!);
    expect(leaf.depth).toBe(headRow.depth + 300);
    expect(leaf.path.slice(0, headRow.depth + 1)).toEqual([...headRow.path, headRow.key]);
    expect(leaf.path).toHaveLength(leaf.depth);

    expect((await summaryOf(head)).data).toMatchObject({ directCount: 1, indirectCount: 299, teamSize: 300 });
    expect(await teamSummary(t.database.db, chain[150]!)).toMatchObject({
      directCount: 1,
      indirectCount: 149,
      teamSize: 150,
    });
    expect(await teamSummary(t.database.db, chain.at(-1)!)).toMatchObject({ directCount: 0, teamSize: 0 });
    await expectExactTree();
  });

  it('pages a wide fan of invitations newest first, masked, without gaps or repeats', async () => {
    const inviter = await createWalletMember(t);
    const invited: string[] = [];
    for (let i = 0; i < 120; i += 1) {
      invited.push(
        await signUp(
          inviter.memberId,
          i % 2 === 0
            ? { email: `fan${i}.${Date.now()}@example.com` }
            : { walletAddress: `0x${i.toString(16).padStart(40, 'a')}` },
        ),
      );
    }
    // Grandchildren count in the team, not in the invitations.
    await signUp(invited[0]!);
    await signUp(invited[0]!);

    const seen: { id: string; member: string; teamSize: number }[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await invitationsOf(inviter, { limit: 50, ...(cursor ? { cursor } : {}) });
      expect(page.code).toBe(200);
      sizes.push(page.data.list.length);
      seen.push(...page.data.list);
      cursor = page.data.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    const keys = seen.map((row) => Number(row.id));
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
    expect(new Set(keys).size).toBe(120);
    // Newest first: the last invitee leads; emails and wallets are masked.
    expect(seen[0]!.id).toBe(String((await treeRow(invited.at(-1)!)).key));
    expect(seen[0]!.member).toMatch(/^0x[0-9a-fA-F]{2}\.\.\.[0-9a-fA-F]{4}$/);
    expect(seen[0]!.member.toLowerCase()).toBe('0xaa...aa77');
    expect(seen.at(-1)!).toMatchObject({ member: expect.stringMatching(/^f\*\*\*@example\.com$/), teamSize: 2 });

    expect((await summaryOf(inviter)).data).toMatchObject({ directCount: 120, indirectCount: 2, teamSize: 122 });
    await expectExactTree();
  });

  it('counts 20 sign-ups at once under the same referrer, and 20 in different branches, exactly', async () => {
    const inviter = await createWalletMember(t);
    const inviteCode = await inviteCodeOf(inviter.memberId);
    const joined = await Promise.all(
      Array.from({ length: 20 }, () => createWalletMember(t, { inviteAddress: inviteCode })),
    );
    expect((await summaryOf(inviter)).data).toMatchObject({ directCount: 20, indirectCount: 0, teamSize: 20 });

    // A chain below the first, then 20 sign-ups at once at 20 different depths of it: overlapping
    // paths locked in the same order, so no deadlock and no lost count.
    const chain = [joined[0]!.memberId];
    for (let i = 0; i < 19; i += 1) chain.push(await signUp(chain.at(-1)!));
    await Promise.all(chain.map((referrerId) => signUp(referrerId)));
    expect((await summaryOf(inviter)).data).toMatchObject({ directCount: 20, teamSize: 20 + 19 + 20 });
    expect((await summaryOf(joined[0]!)).data).toMatchObject({ directCount: 2, teamSize: 19 + 20 });
    await expectExactTree();
  });

  it('adds team volume to every member above, not to the buyer, exactly, also 20 at once', async () => {
    const top = await createWalletMember(t);
    const chain = [top.memberId];
    for (let i = 0; i < 5; i += 1) chain.push(await signUp(chain.at(-1)!));
    const buyer = chain.at(-1)!;
    const topRow = await treeRow(top.memberId);

    const updated = await t.database.db.transaction((tx) =>
      addTeamVolume(tx, buyer, toLedgerUnits('1000.123456789012345678')),
    );
    expect(updated).toBe(topRow.depth + 5);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.database.db.transaction((tx) => addTeamVolume(tx, chain[1 + (i % 5)]!, toLedgerUnits('0.5'))),
      ),
    );
    // The top sees all of it; the buyer's own volume is not its team's.
    expect((await summaryOf(top)).data.teamVolume).toBe('1010.123456789012345678');
    expect((await teamSummary(t.database.db, chain[4]!)).teamVolume).toBe('1002.123456789012345678');
    expect((await teamSummary(t.database.db, buyer)).teamVolume).toBe('0');

    await expect(t.database.db.transaction((tx) => addTeamVolume(tx, buyer, 0n))).rejects.toThrow(/positive/);
    await expect(
      t.database.db.transaction((tx) => addTeamVolume(tx, '00000000-0000-4000-8000-000000000000', 1n)),
    ).rejects.toThrow(/not in the referral tree/);
    // A rolled-back purchase leaves no volume behind.
    await expect(
      t.database.db.transaction(async (tx) => {
        await addTeamVolume(tx, buyer, toLedgerUnits('5'));
        throw new Error('purchase failed');
      }),
    ).rejects.toThrow('purchase failed');
    expect((await summaryOf(top)).data.teamVolume).toBe('1010.123456789012345678');
  });

  it('refuses a second row, a referrer outside the tree, and a parent that is not older', async () => {
    const member = await createWalletMember(t);
    await expect(t.database.db.transaction((tx) => addMemberToTree(tx, member.memberId))).rejects.toThrow();
    // A member inserted without its tree row (never done by the app) cannot have invitees.
    const [orphan] = await t.database.db.insert(members).values({ inviteCode: 'ORPHAN01' }).returning();
    const [child] = await t.database.db
      .insert(members)
      .values({ inviteCode: 'ORPHAN02', referrerId: orphan!.id })
      .returning();
    await expect(t.database.db.transaction((tx) => addMemberToTree(tx, child!.id))).rejects.toThrow(
      /not in the referral tree/,
    );
    // Structurally acyclic: a row whose parent is not older is refused by the database.
    const row = await treeRow(member.memberId);
    await expect(
      t.database.db.execute(sql`update member_tree set parent_key = ${row.key} where key = ${row.key}`),
    ).rejects.toThrow();
    await t.database.db.transaction(async (tx) => {
      await tx.delete(members).where(eq(members.id, child!.id));
      await tx.delete(members).where(eq(members.id, orphan!.id));
    });
  });

  it('shows a member only its own team: no member id is taken from the request', async () => {
    const a = await createWalletMember(t);
    const b = await createWalletMember(t);
    const a1 = await signUp(a.memberId, { email: `a1.${Date.now()}@example.com` });
    await signUp(b.memberId, { email: `b1.${Date.now()}@example.com` });
    const aPage = await invitationsOf(a);
    expect(aPage.data.list).toHaveLength(1);
    const bPage = await invitationsOf(b);
    expect(bPage.data.list).toEqual([expect.objectContaining({ member: 'b***@example.com' })]);
    // A's row as a cursor only pages B's own list; extra fields are refused or ignored.
    const aKey = String((await treeRow(a1)).key);
    const past = await invitationsOf(b, { cursor: String(Number(aKey) + 1) });
    for (const row of past.data.list as { member: string }[]) expect(row.member).toBe('b***@example.com');
    expect((await t.call('/api/team/invitations', { memberId: a.memberId }, b.headers)).data).toEqual(bPage.data);
    expect((await summaryOf(b)).data).toMatchObject({ directCount: 1, teamSize: 1 });
    // A cursor larger than any key is the first page; bad input is a validation error, not a 500.
    expect((await invitationsOf(b, { cursor: '9223372036854775807' })).data.list).toHaveLength(1);
    expect((await invitationsOf(b, { limit: 0 })).status).toBe(200);
    expect((await invitationsOf(b, { limit: 0 })).code).not.toBe(200);
    expect((await invitationsOf(b, { cursor: 'x' })).code).not.toBe(200);
    expect((await t.call('/api/team/summary', {})).code).toBe(401);
    expect((await invitations(t.database.db, b.memberId, undefined, 5)).list).toHaveLength(1);
  });
});
