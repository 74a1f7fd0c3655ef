import {
  DEFAULT_PAGE_SIZE,
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_LENGTH,
  ActivationCodeSource,
  ActivationCodeStatus,
  AppError,
  type TActivationCode,
  type TActivationCodeGiveRequest,
  type TActivationCodeGiveResponse,
  type TActivationCodesRequest,
  type TActivationCodesResponse,
} from '@kpc/shared';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { activationCodeTransfers, activationCodes, members } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createCode, hashWithSecret } from '../../lib/crypto.ts';
import { deriveKey, seal, unseal } from '../../lib/sealing.ts';
import { toPage } from '../../lib/paging.ts';
import { requestReplay } from '../../lib/request-replay.ts';
import { assertMayMoveMoney } from '../account/freeze.ts';

/**
 * Card activation codes (Step 6, SPEC §4 "unused or used"). A code is 16 characters of a
 * 32-letter alphabet from the CSPRNG (80 bits: unguessable, so a typed code is looked up by its
 * HMAC directly). The code is stored twice, neither time in the clear: its HMAC with the server
 * secret, for lookup; and sealed with AES-256-GCM under a key derived from that secret, so the
 * owner can see and copy it. A copy of the database alone reveals no usable code: in production
 * APP_SECRET is required and never kept in the database (config/env.ts).
 */

export interface ActivationCodeContext {
  db: Database;
  clock: Clock;
  /** The server secret (db/seed.ts): keys the code hash and the sealing key. */
  secret: string;
}

/** Upper case, without the group dashes and spaces a member may paste. */
export function normalizeActivationCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** `XXXX-XXXX-XXXX-XXXX`. */
function formatCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

export function hashCode(secret: string, code: string): string {
  return hashWithSecret(secret, `activation-code:${normalizeActivationCode(code)}`);
}

/** The codes' own key, derived from the server secret (lib/sealing.ts). */
const sealingKey = (secret: string) => deriveKey(secret, 'activation-code-seal:v1');

/**
 * Issues `count` new codes to `memberId` for a KLK purchase, in the purchase's transaction.
 * Returns the codes in the clear (only for the caller's answer; never stored so).
 */
export async function issueActivationCodes(
  tx: Transaction,
  secret: string,
  input: { memberId: string; purchaseId: bigint; count: number; now: Date },
): Promise<string[]> {
  if (input.count <= 0) return [];
  const codes = Array.from({ length: input.count }, () => createCode(ACTIVATION_CODE_ALPHABET, ACTIVATION_CODE_LENGTH));
  await tx.insert(activationCodes).values(
    codes.map((code) => ({
      ownerId: input.memberId,
      codeHash: hashCode(secret, code),
      codeSealed: seal(sealingKey(secret), code),
      hint: `${code.slice(0, 4)}…${code.slice(-4)}`,
      purchaseId: input.purchaseId,
      createdAt: input.now,
    })),
  );
  return codes;
}

type CodeRow = typeof activationCodes.$inferSelect;

function toActivationCode(secret: string, row: CodeRow): TActivationCode {
  const unused = row.status === ActivationCodeStatus.UNUSED;
  const code = unused ? unseal(sealingKey(secret), row.codeSealed) : null;
  return {
    id: row.id.toString(),
    code: code === null ? null : formatCode(code),
    hint: row.hint,
    status:
      row.status === ActivationCodeStatus.VOIDED
        ? ActivationCodeStatus.VOIDED
        : unused
          ? ActivationCodeStatus.UNUSED
          : ActivationCodeStatus.USED,
    source: row.receivedAt === null ? ActivationCodeSource.PURCHASE : ActivationCodeSource.GIFT,
    createdAt: (row.receivedAt ?? row.createdAt).toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    usedFor: row.usedByReference,
  };
}

/** A member asking for `used` codes sees the voided ones with them (neither can be used). */
function statusWhere(status: TActivationCodesRequest['status']) {
  if (!status) return undefined;
  if (status === ActivationCodeStatus.UNUSED) return eq(activationCodes.status, status);
  return inArray(activationCodes.status, [
    status,
    ...(status === ActivationCodeStatus.USED ? [ActivationCodeStatus.VOIDED] : []),
  ]);
}

/** `/api/card/codes`: the member's codes, newest first, with counts of unused and used. */
export async function listActivationCodes(
  { db, secret }: ActivationCodeContext,
  memberId: string,
  request: TActivationCodesRequest,
): Promise<TActivationCodesResponse> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const cursor = request.cursor ? BigInt(request.cursor) : null;
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(activationCodes)
      .where(
        and(
          eq(activationCodes.ownerId, memberId),
          statusWhere(request.status),
          cursor === null ? undefined : lt(activationCodes.id, cursor),
        ),
      )
      .orderBy(desc(activationCodes.id))
      .limit(limit + 1),
    db
      .select({ status: activationCodes.status, count: sql<number>`count(*)::int` })
      .from(activationCodes)
      .where(eq(activationCodes.ownerId, memberId))
      .groupBy(activationCodes.status),
  ]);
  const count = (status: string) => counts.find((row) => row.status === status)?.count ?? 0;
  return {
    ...toPage(rows, limit, (row) => toActivationCode(secret, row)),
    unused: count(ActivationCodeStatus.UNUSED),
    // The member's "used" tab holds every code they can no longer use, voided ones too.
    used: count(ActivationCodeStatus.USED) + count(ActivationCodeStatus.VOIDED),
  };
}

/** The member a gift goes to: an email (any case) or an invitation code. */
async function findRecipient(db: Executor, to: string): Promise<string | undefined> {
  const value = to.trim();
  const where = value.includes('@')
    ? eq(members.email, value.toLowerCase())
    : eq(members.inviteCode, value.toUpperCase());
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    // Only active members: the programme's root (status `system`) holds a public code and never logs in.
    .where(and(where, eq(members.status, 'active')))
    .limit(1);
  return row?.id;
}

/**
 * `/api/card/codes/give`: moves one unused code of the member's to another member, recorded in
 * `activation_code_transfers`. Retry-safe by requestId. The code is checked first (the member's
 * own and unused, another member's code answering exactly like a missing one) and only then the
 * recipient, so no failure depends on whether an email or invitation code exists. `onFailure`
 * runs before every refusal (the route counts each toward one limit per member, so the call
 * cannot be used to test emails or code ids in bulk).
 */
export async function giveActivationCode(
  context: ActivationCodeContext,
  memberId: string,
  request: TActivationCodeGiveRequest,
  onFailure: () => Promise<void>,
): Promise<TActivationCodeGiveResponse> {
  try {
    return await give(context, memberId, request);
  } catch (error) {
    if (error instanceof AppError) await onFailure();
    throw error;
  }
}

async function give(
  { db, clock }: ActivationCodeContext,
  memberId: string,
  request: TActivationCodeGiveRequest,
): Promise<TActivationCodeGiveResponse> {
  const codeId = BigInt(request.codeId);
  const replay = requestReplay({
    find: async (executor) =>
      (
        await executor
          .select()
          .from(activationCodeTransfers)
          .where(
            and(
              eq(activationCodeTransfers.fromMemberId, memberId),
              eq(activationCodeTransfers.requestId, request.requestId),
            ),
          )
      )[0],
    sameRequest: (done) => done.codeId === codeId,
    answer: (done) => ({
      id: done.id.toString(),
      codeId: done.codeId.toString(),
      createdAt: done.createdAt.toISOString(),
    }),
  });
  const replayed = await replay.earlier(db);
  if (replayed) return replayed;
  return db.transaction(async (tx) => {
    // Locked by id alone: a concurrent retry waits here, then finds the first one's transfer.
    const [code] = await tx.select().from(activationCodes).where(eq(activationCodes.id, codeId)).for('update');
    const again = await replay.earlier(tx);
    if (again) return again;
    if (!code || code.ownerId !== memberId) throw new AppError('ACTIVATION_CODE_NOT_FOUND');
    // A code is worth a card: a frozen member cannot give it away (Step 8a).
    await assertMayMoveMoney(tx, memberId);
    if (code.status === ActivationCodeStatus.VOIDED) throw new AppError('ACTIVATION_CODE_VOIDED');
    if (code.status !== ActivationCodeStatus.UNUSED) throw new AppError('ACTIVATION_CODE_USED');
    // Only a member who holds this unused code learns anything about the recipient.
    const recipient = await findRecipient(tx, request.to);
    if (!recipient) throw new AppError('ACTIVATION_CODE_RECIPIENT_INVALID');
    if (recipient === memberId) throw new AppError('ACTIVATION_CODE_SELF');
    const now = clock.now();
    await tx.update(activationCodes).set({ ownerId: recipient, receivedAt: now }).where(eq(activationCodes.id, codeId));
    const [transfer] = await tx
      .insert(activationCodeTransfers)
      .values({ codeId, fromMemberId: memberId, toMemberId: recipient, requestId: request.requestId, createdAt: now })
      .returning();
    if (!transfer) throw new Error('activation code transfer not written');
    return { id: transfer.id.toString(), codeId: codeId.toString(), createdAt: now.toISOString() };
  });
}

/**
 * For the card module: spends the member's code `code` (as typed) on `reference` (e.g.
 * `card_application:12`), in the caller's transaction. Locks the code's row; an unknown code and
 * another member's code are both ACTIVATION_CODE_NOT_FOUND; a used one is ACTIVATION_CODE_USED.
 */
export async function consumeActivationCode(
  tx: Transaction,
  input: { secret: string; memberId: string; code: string; reference: string; now: Date },
): Promise<{ codeId: bigint }> {
  const [row] = await tx
    .select()
    .from(activationCodes)
    .where(eq(activationCodes.codeHash, hashCode(input.secret, input.code)))
    .for('update');
  if (!row || row.ownerId !== input.memberId) throw new AppError('ACTIVATION_CODE_NOT_FOUND');
  // Locked above: an operator voiding it at this moment either went first (voided) or waits.
  if (row.status === ActivationCodeStatus.VOIDED) throw new AppError('ACTIVATION_CODE_VOIDED');
  if (row.status !== ActivationCodeStatus.UNUSED) throw new AppError('ACTIVATION_CODE_USED');
  await tx
    .update(activationCodes)
    .set({ status: ActivationCodeStatus.USED, usedAt: input.now, usedByReference: input.reference })
    .where(eq(activationCodes.id, row.id));
  return { codeId: row.id };
}

/**
 * For the card module: a rejected application gives its code back to its owner, unused. Only the
 * code used by `reference` is touched; returns false when there was none (already returned).
 */
export async function returnActivationCode(tx: Transaction, reference: string): Promise<boolean> {
  const returned = await tx
    .update(activationCodes)
    .set({ status: ActivationCodeStatus.UNUSED, usedAt: null, usedByReference: null })
    .where(and(eq(activationCodes.usedByReference, reference), eq(activationCodes.status, ActivationCodeStatus.USED)))
    .returning({ id: activationCodes.id });
  return returned.length > 0;
}
