import {
  DEFAULT_PAGE_SIZE,
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_LENGTH,
  ActivationCodeStatus,
  AppError,
} from '@kpc/shared';
import type {
  TOperatorActivationCode,
  TOperatorCodeLookupRequest,
  TOperatorCodeLookupResponse,
  TOperatorCodeTransfer,
  TOperatorCodeVoidRequest,
} from '@kpc/shared/operator';
import { and, asc, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { activationCodeTransfers, activationCodes, klkPurchases, members } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { toPage } from '../../lib/paging.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { hashCode, normalizeActivationCode } from './service.ts';

/**
 * Activation codes for operators (Step 8b §1): look up by the visible part or the owner, see each
 * gift, void an unused code. Voiding locks the code's row like a member's use of it
 * (consumeActivationCode) and a gift do, so of a void and a use at the same moment exactly one wins.
 */

export interface CodeOperatorContext {
  db: Database;
  clock: Clock;
  /** The server secret: a whole code typed by the operator is found by its HMAC. */
  secret: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE_LETTERS = new RegExp(`^[${ACTIVATION_CODE_ALPHABET}]+$`);

const owner = alias(members, 'owner');
const buyer = alias(members, 'buyer');
const giver = alias(members, 'giver');
const taker = alias(members, 'taker');

/** What `query` finds: a whole code, its visible part, or the owner (id, email, invitation code). */
function matching(secret: string, query: string): SQL {
  const text = query.trim();
  if (UUID.test(text)) return eq(activationCodes.ownerId, text.toLowerCase());
  if (text.includes('@')) return eq(owner.email, text.toLowerCase());
  const letters = normalizeActivationCode(text).replace(/[.…]/g, '');
  if (CODE_LETTERS.test(letters)) {
    if (letters.length === ACTIVATION_CODE_LENGTH) return eq(activationCodes.codeHash, hashCode(secret, letters));
    if (letters.length === 8) return eq(activationCodes.hint, `${letters.slice(0, 4)}…${letters.slice(4)}`);
  }
  return eq(owner.inviteCode, text.toUpperCase());
}

type Listed = {
  code: typeof activationCodes.$inferSelect;
  ownerEmail: string | null;
  buyerId: string | null;
  buyerEmail: string | null;
};

function selectCodes(db: Executor) {
  return db
    .select({ code: activationCodes, ownerEmail: owner.email, buyerId: klkPurchases.memberId, buyerEmail: buyer.email })
    .from(activationCodes)
    .leftJoin(owner, eq(owner.id, activationCodes.ownerId))
    .leftJoin(klkPurchases, eq(klkPurchases.id, activationCodes.purchaseId))
    .leftJoin(buyer, eq(buyer.id, klkPurchases.memberId));
}

async function transfersOf(db: Executor, ids: bigint[]): Promise<Map<string, TOperatorCodeTransfer[]>> {
  const byCode = new Map<string, TOperatorCodeTransfer[]>();
  if (ids.length === 0) return byCode;
  const rows = await db
    .select({ transfer: activationCodeTransfers, fromEmail: giver.email, toEmail: taker.email })
    .from(activationCodeTransfers)
    .leftJoin(giver, eq(giver.id, activationCodeTransfers.fromMemberId))
    .leftJoin(taker, eq(taker.id, activationCodeTransfers.toMemberId))
    .where(inArray(activationCodeTransfers.codeId, ids))
    .orderBy(asc(activationCodeTransfers.id));
  for (const { transfer, fromEmail, toEmail } of rows) {
    const key = transfer.codeId.toString();
    const list = byCode.get(key) ?? [];
    list.push({
      fromMemberId: transfer.fromMemberId,
      fromEmail,
      toMemberId: transfer.toMemberId,
      toEmail,
      at: transfer.createdAt.toISOString(),
    });
    byCode.set(key, list);
  }
  return byCode;
}

function toOperatorCode(row: Listed, transfers: TOperatorCodeTransfer[]): TOperatorActivationCode {
  const { code } = row;
  return {
    id: code.id.toString(),
    hint: code.hint,
    status: code.status as TOperatorActivationCode['status'],
    ownerId: code.ownerId,
    ownerEmail: row.ownerEmail,
    purchaseId: code.purchaseId.toString(),
    buyerId: row.buyerId,
    buyerEmail: row.buyerEmail,
    createdAt: code.createdAt.toISOString(),
    usedAt: code.usedAt?.toISOString() ?? null,
    usedFor: code.usedByReference,
    voidedAt: code.voidedAt?.toISOString() ?? null,
    voidedReason: code.voidedReason,
    voidedBy: code.voidedBy,
    transfers,
  };
}

/** `/api/operator/codes/lookup`: newest first, each with its gifts. */
export async function lookupCodes(
  { db, secret }: CodeOperatorContext,
  request: TOperatorCodeLookupRequest,
): Promise<TOperatorCodeLookupResponse> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await selectCodes(db)
    .where(
      and(
        matching(secret, request.query),
        request.status ? eq(activationCodes.status, request.status) : undefined,
        request.cursor ? lt(activationCodes.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(activationCodes.id))
    .limit(limit + 1);
  const transfers = await transfersOf(
    db,
    rows.slice(0, limit).map((row) => row.code.id),
  );
  return toPage(
    rows.map((row) => ({ ...row, id: row.code.id })),
    limit,
    (row) => toOperatorCode(row, transfers.get(row.code.id.toString()) ?? []),
  );
}

/**
 * `/api/operator/codes/void`: an unused code becomes `voided` with the reason, audited in the same
 * transaction. A used or already voided code is refused (ACTIVATION_CODE_NOT_VOIDABLE).
 */
export async function voidCode(
  { db, clock }: CodeOperatorContext,
  actor: Actor,
  request: TOperatorCodeVoidRequest,
): Promise<TOperatorActivationCode> {
  const id = BigInt(request.id);
  await db.transaction(async (tx) => {
    // The lock a member's use and gift take too: whichever comes second sees the first's result.
    const [code] = await tx.select().from(activationCodes).where(eq(activationCodes.id, id)).for('update');
    if (!code) throw new AppError('ACTIVATION_CODE_NOT_FOUND');
    if (code.status !== ActivationCodeStatus.UNUSED) throw new AppError('ACTIVATION_CODE_NOT_VOIDABLE');
    const now = clock.now();
    await tx
      .update(activationCodes)
      .set({ status: ActivationCodeStatus.VOIDED, voidedAt: now, voidedReason: request.reason, voidedBy: actor.name })
      .where(eq(activationCodes.id, id));
    await recordAudit(tx, actor, {
      action: 'activation_code.void',
      targetType: 'activation_code',
      targetId: id.toString(),
      before: { status: code.status, ownerId: code.ownerId, hint: code.hint },
      after: { status: ActivationCodeStatus.VOIDED, ownerId: code.ownerId, hint: code.hint },
      reason: request.reason,
    });
  });
  const [row] = await selectCodes(db).where(eq(activationCodes.id, id));
  if (!row) throw new AppError('ACTIVATION_CODE_NOT_FOUND');
  const transfers = await transfersOf(db, [id]);
  return toOperatorCode(row, transfers.get(id.toString()) ?? []);
}
