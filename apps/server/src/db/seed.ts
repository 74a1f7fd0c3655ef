import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@kpc/shared';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { members, settings } from './schema/index.ts';
import { createCode, createSecret } from '../lib/crypto.ts';
import { addMemberToTree } from '../modules/team/tree.ts';

/** Reads a setting, creating it with `create()` the first time; safe when processes race. */
async function ensureSetting(db: Database, key: string, create: () => string): Promise<string> {
  await db.insert(settings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`setting ${key} missing after insert`);
  return row.value;
}

/** The secret that keys verification-code hashes: APP_SECRET, or one generated once and kept. */
export function ensureAppSecret(db: Database, configured: string | undefined): Promise<string> {
  return configured ? Promise.resolve(configured) : ensureSetting(db, 'app_secret', createSecret);
}

/**
 * Seeds the programme's root member on first start: it owns the genesis invitation code that the
 * first member registers with, and can never log in. Returns the genesis code.
 */
export async function ensureGenesisInviteCode(db: Database, configured: string | undefined): Promise<string> {
  const code = await ensureSetting(
    db,
    'genesis_invite_code',
    () => configured ?? createCode(INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH),
  );
  await db.transaction(async (tx) => {
    const [root] = await tx
      .insert(members)
      .values({ inviteCode: code, status: 'system' })
      .onConflictDoNothing()
      .returning({ id: members.id });
    // The root of the referral tree, in the same transaction as its member row.
    if (root) await addMemberToTree(tx, root.id);
  });
  return code;
}
