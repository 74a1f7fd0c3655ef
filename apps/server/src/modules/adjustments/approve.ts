import { AppError, EntryType, fromLedgerUnits, toLedgerUnits, type TBucket } from '@kpc/shared';
import { AdjustmentKind, AdjustmentStatus, type TAdjustment } from '@kpc/shared/operator';
import { and, eq, sql } from 'drizzle-orm';
import { ledgerAdjustmentApprovals, ledgerAdjustments } from '../../db/schema/index.ts';
import { postEntry } from '../../ledger/ledger.ts';
import { lockMemberBalance } from '../../ledger/reads.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import type { OperatorContext } from '../operators/context.ts';
import { lockOperator } from '../operators/reads.ts';
import { acceptSecondFactor, type SignedInOperator } from '../operators/sessions.ts';
import { expire, getAdjustment, ledgerPostingsOf, type AdjustmentContext } from './service.ts';

/**
 * Approving an adjustment (Step 8b §3). Each approval carries the approver's authenticator code,
 * used up in a transaction of its own before anything else (a refused approval still spends it),
 * so every approval is a fresh second factor. The approval itself: the adjustment's row locked,
 * pending and not expired, never by its proposer and once per operator (the database refuses both
 * too); when it is the last one required, the ledger entry `adjustment:<id>` is written in the same
 * transaction, a debit checked against the balance at that moment. Concurrent approvals queue on
 * the row lock: the adjustment applies once.
 */

/** Uses up `code` as `signedIn`'s second factor (its time step never counts again), audited either way. */
async function spendCode(
  operatorContext: OperatorContext,
  signedIn: SignedInOperator,
  actor: Actor,
  code: string,
  adjustmentId: string,
) {
  const ok = await operatorContext.db.transaction(async (tx) => {
    const current = await lockOperator(tx, signedIn.operator.id);
    const accepted = current !== undefined && (await acceptSecondFactor(operatorContext, tx, current, code));
    if (!accepted) {
      await recordAudit(tx, actor, {
        action: 'adjustment.approve_code_failed',
        targetType: 'adjustment',
        targetId: adjustmentId,
      });
    }
    return accepted;
  });
  if (!ok) throw new AppError('OPERATOR_TOTP_INVALID');
}

function isConstraint(error: unknown, name: string): boolean {
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { constraint?: string }).constraint === name) return true;
  }
  return false;
}

/** `/api/operator/adjustments/approve`. */
export async function approveAdjustment(
  context: AdjustmentContext,
  operatorContext: OperatorContext,
  signedIn: SignedInOperator,
  actor: Actor,
  request: { id: string; code: string },
): Promise<TAdjustment> {
  const id = BigInt(request.id);
  const approverId = signedIn.operator.id;
  // Cheap refusals first, so a mistaken click does not spend a code.
  const [seen] = await context.db.select().from(ledgerAdjustments).where(eq(ledgerAdjustments.id, id));
  if (!seen) throw new AppError('ADJUSTMENT_NOT_FOUND');
  if (seen.proposerId === approverId) throw new AppError('ADJUSTMENT_OWN');
  await spendCode(operatorContext, signedIn, actor, request.code, request.id);
  const now = context.clock.now();
  let expired = false;
  try {
    expired = await context.db.transaction(async (tx) => {
      const [row] = await tx.select().from(ledgerAdjustments).where(eq(ledgerAdjustments.id, id)).for('update');
      if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
      if (row.status !== AdjustmentStatus.PENDING) throw new AppError('ADJUSTMENT_NOT_PENDING');
      if (row.expiresAt <= now) return true;
      if (row.proposerId === approverId) throw new AppError('ADJUSTMENT_OWN');
      const [already] = await tx
        .select({ id: ledgerAdjustmentApprovals.id })
        .from(ledgerAdjustmentApprovals)
        .where(
          and(eq(ledgerAdjustmentApprovals.adjustmentId, id), eq(ledgerAdjustmentApprovals.approverId, approverId)),
        );
      if (already) throw new AppError('ADJUSTMENT_ALREADY_APPROVED');
      await tx
        .insert(ledgerAdjustmentApprovals)
        .values({ adjustmentId: id, approverId, proposerId: row.proposerId, at: now });
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(ledgerAdjustmentApprovals)
        .where(eq(ledgerAdjustmentApprovals.adjustmentId, id));
      await recordAudit(tx, actor, {
        action: 'adjustment.approve',
        targetType: 'adjustment',
        targetId: id.toString(),
        after: { approvals: count, requiredApprovals: row.requiredApprovals },
      });
      if (count < row.requiredApprovals) return false;
      if (row.kind === AdjustmentKind.MEMBER_DEBIT) {
        // The balance now, locked: what the debit is checked against (not the one at proposal).
        const balance = await lockMemberBalance(tx, {
          memberId: row.memberId!,
          asset: row.asset,
          bucket: row.bucket! as TBucket,
        });
        if (balance < toLedgerUnits(row.amount)) {
          throw new AppError('ADJUSTMENT_INSUFFICIENT_BALANCE', { balance: fromLedgerUnits(balance) });
        }
      }
      await postEntry(tx, {
        type: EntryType.ADJUSTMENT,
        idempotencyKey: `adjustment:${id}`,
        ...(row.memberId ? { memberId: row.memberId } : {}),
        reference: `adjustment:${id}`,
        postings: ledgerPostingsOf(row),
      });
      await tx
        .update(ledgerAdjustments)
        .set({ status: AdjustmentStatus.ACCEPTED, decidedAt: now, updatedAt: now })
        .where(eq(ledgerAdjustments.id, id));
      await recordAudit(tx, actor, {
        action: 'adjustment.accept',
        targetType: 'adjustment',
        targetId: id.toString(),
        before: { status: AdjustmentStatus.PENDING },
        after: { status: AdjustmentStatus.ACCEPTED, entry: `adjustment:${id}` },
      });
      return false;
    });
  } catch (error) {
    // The database's own refusals (a direct path around the checks above) read as the same errors.
    if (isConstraint(error, 'ledger_adjustment_approvals_not_proposer')) throw new AppError('ADJUSTMENT_OWN');
    if (isConstraint(error, 'ledger_adjustment_approvals_once')) throw new AppError('ADJUSTMENT_ALREADY_APPROVED');
    if (error instanceof AppError && error.key === 'INSUFFICIENT_BALANCE') {
      throw new AppError('ADJUSTMENT_INSUFFICIENT_BALANCE', { balance: '0' });
    }
    throw error;
  }
  if (expired) await expire(context, id);
  return getAdjustment(context, id);
}
