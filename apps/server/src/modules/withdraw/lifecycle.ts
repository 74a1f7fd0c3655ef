import { Bucket, EntryType, NotificationKind, toLedgerUnits, type TWithdrawStatus } from '@kpc/shared';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { financialRecords, withdrawalEvents, withdrawals } from '../../db/schema/index.ts';
import { HouseAccount, postEntry, release } from '../../ledger/ledger.ts';
import { decimalOf, queueNotification } from '../notifications/queue.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Which states each state may move to (Step 4 §3, 4b); anything else is refused. */
const NEXT: Record<TWithdrawStatus, readonly TWithdrawStatus[]> = {
  submitted: ['approved', 'rejected'],
  approved: ['sending', 'rejected'],
  sending: ['confirming', 'failed'],
  confirming: ['completed', 'failed', 'unknown'],
  // The receipt shows up (confirming), or an operator settles it on evidence from outside.
  unknown: ['confirming', 'completed', 'failed'],
  completed: [],
  rejected: [],
  failed: [],
};

export interface Transition {
  to: TWithdrawStatus;
  /** Moves only from one of these states (an operator's call names what it expects to find). */
  from?: readonly TWithdrawStatus[];
  /** `member`, `auto`, `sender`, or an operator's id. */
  actor: string;
  detail?: string;
  /** Columns that change with the state (the signed transaction, its block). */
  set?: Partial<Pick<WithdrawalRow, 'fromAddress' | 'nonce' | 'signedTx' | 'txHash' | 'blockNumber'>>;
}

/** What leaves the member when the withdrawal is paid: the amount, plus the fee if it came from the balance. */
export function frozenTotal(row: WithdrawalRow): bigint {
  return toLedgerUnits(row.received) + toLedgerUnits(row.fee);
}

/**
 * Moves a withdrawal to its next state in the caller's transaction, if it is still in a state
 * that may move there (racing writers: one wins, the rest get null). Writes the event, keeps the financial record in step, and posts the ledger entry the
 * new state needs: completed pays out of frozen, rejected and failed release frozen.
 */
export async function transitionWithdrawal(
  tx: Transaction,
  id: bigint,
  transition: Transition,
): Promise<WithdrawalRow | null> {
  // The row lock orders racing writers: the later one finds the state moved on and gets null.
  const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!current || !NEXT[current.status].includes(transition.to)) return null;
  if (transition.from && !transition.from.includes(current.status)) return null;
  const [moved] = await tx
    .update(withdrawals)
    .set({ ...transition.set, status: transition.to, updatedAt: sql`now()` })
    .where(eq(withdrawals.id, id))
    .returning();
  if (!moved) return null;
  await tx.insert(withdrawalEvents).values({
    withdrawalId: id,
    fromStatus: current.status,
    toStatus: transition.to,
    actor: transition.actor,
    detail: transition.detail ?? null,
  });
  await tx
    .update(financialRecords)
    .set({ status: transition.to, txHash: moved.txHash, updatedAt: sql`now()` })
    .where(eq(financialRecords.reference, `withdrawal:${id}`));

  const reference = `withdrawal:${id}`;
  if (transition.to === 'completed') {
    await postEntry(tx, {
      type: EntryType.WITHDRAW,
      idempotencyKey: `withdrawal:${id}:paid`,
      memberId: moved.memberId,
      reference,
      postings: [
        {
          account: { memberId: moved.memberId, bucket: Bucket.FROZEN },
          asset: moved.asset,
          amount: -frozenTotal(moved),
        },
        { account: { house: HouseAccount.TREASURY }, asset: moved.asset, amount: toLedgerUnits(moved.received) },
        ...(toLedgerUnits(moved.fee) > 0n
          ? [{ account: { house: HouseAccount.FEES }, asset: moved.asset, amount: toLedgerUnits(moved.fee) }]
          : []),
      ],
    });
  } else if (transition.to === 'rejected' || transition.to === 'failed') {
    await release(tx, {
      memberId: moved.memberId,
      asset: moved.asset,
      amount: frozenTotal(moved),
      type: EntryType.WITHDRAW,
      idempotencyKey: `withdrawal:${id}:released`,
      reference,
    });
  }
  // Step 11 §2: the member's mails, once per withdrawal and state (a second broadcast or an
  // `unknown` found again is the same event).
  const mailed =
    transition.to === 'confirming'
      ? NotificationKind.WITHDRAWAL_SENT
      : transition.to === 'completed'
        ? NotificationKind.WITHDRAWAL_COMPLETED
        : null;
  if (mailed) {
    await queueNotification(tx, {
      memberId: moved.memberId,
      kind: mailed,
      eventKey: String(id),
      payload: {
        amount: decimalOf(moved.amount),
        received: decimalOf(moved.received),
        fee: decimalOf(moved.fee),
        asset: moved.asset,
        chainId: moved.chainId,
        toAddress: moved.toAddress,
        txHash: moved.txHash,
      },
    });
  }
  return moved;
}

/** Records something that happened to a withdrawal without a state change (e.g. waiting for funds). */
export async function noteWithdrawal(tx: Transaction, row: WithdrawalRow, actor: string, detail: string) {
  await tx
    .insert(withdrawalEvents)
    .values({ withdrawalId: row.id, fromStatus: row.status, toStatus: row.status, actor, detail });
}
