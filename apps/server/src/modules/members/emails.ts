import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';

/** A page of records that name a member, each given the member's email (null: a wallet-only member). */
export async function withMemberEmails<T extends { memberId: string }>(
  db: Executor,
  page: { list: T[]; nextCursor: string | null },
): Promise<{ list: Array<T & { memberEmail: string | null }>; nextCursor: string | null }> {
  const ids = [...new Set(page.list.map((row) => row.memberId))];
  const rows =
    ids.length === 0
      ? []
      : await db.select({ id: members.id, email: members.email }).from(members).where(inArray(members.id, ids));
  const emailOf = new Map(rows.map((row) => [row.id, row.email]));
  return { ...page, list: page.list.map((row) => ({ ...row, memberEmail: emailOf.get(row.memberId) ?? null })) };
}
