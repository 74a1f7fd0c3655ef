import { DEFAULT_PAGE_SIZE, AppError, WithdrawStatus } from '@kpc/shared';
import {
  ReviewOutcome,
  type TOperatorWithdrawal,
  type TOperatorWithdrawalDetail,
  type TOperatorWithdrawalListRequest,
  type TReviewOutcome,
  type TReviewWithdrawalsResponse,
} from '@kpc/shared/operator';
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { ChainRuntime } from '../../chain/runtime.ts';
import type { Database, Executor } from '../../db/client.ts';
import { members, withdrawalEvents, withdrawals } from '../../db/schema/index.ts';
import { toWireAddress } from '../../lib/address.ts';
import { toPage } from '../../lib/paging.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { transitionWithdrawal, type WithdrawalRow } from './lifecycle.ts';
import { explorerTxUrl, toWithdrawal } from './service.ts';

/**
 * The withdrawals queue, operator side (Step 8a §4). Every decision is its own transaction with
 * its audit entry, taken under the withdrawal's row lock (`transitionWithdrawal`): of operators
 * deciding at once, or one batch sent twice, exactly one decision applies to each withdrawal, and
 * a rejection's release of the frozen funds (idempotency key `withdrawal:<id>:released`) happens
 * once. Approval is not payment: the chain's withdrawal sender pays approved withdrawals.
 */

export interface WithdrawOperatorContext {
  db: Database;
  chains: ChainRuntime;
}

/** How `withdrawal_events.actor` names whoever decided: `operator:<id>` or `service:<name>`. */
export function eventActor(actor: Actor): string {
  return `${actor.type}:${actor.id ?? actor.name}`;
}

type Listed = { withdrawal: WithdrawalRow; email: string | null; wallet: string | null };

function toOperatorWithdrawal(chains: ChainRuntime, { withdrawal, email, wallet }: Listed): TOperatorWithdrawal {
  return {
    ...toWithdrawal(chains, withdrawal),
    memberId: withdrawal.memberId,
    memberEmail: email,
    memberWallet: wallet ? toWireAddress(wallet) : null,
    fromAddress: withdrawal.fromAddress ? toWireAddress(withdrawal.fromAddress) : null,
    nonce: withdrawal.nonce,
    blockNumber: withdrawal.blockNumber?.toString() ?? null,
    explorerTxUrl: explorerTxUrl(chains, withdrawal.chainId, withdrawal.txHash),
    updatedAt: withdrawal.updatedAt.toISOString(),
  };
}

function selectListed(db: Executor) {
  return db
    .select({ withdrawal: withdrawals, email: members.email, wallet: members.walletAddress })
    .from(withdrawals)
    .leftJoin(members, eq(members.id, withdrawals.memberId));
}

/** `/api/operator/withdrawals/list` (and a member's withdrawals): newest first, by state, chain and member. */
export async function listOperatorWithdrawals(
  { db, chains }: WithdrawOperatorContext,
  request: TOperatorWithdrawalListRequest,
) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await selectListed(db)
    .where(
      and(
        request.status ? eq(withdrawals.status, request.status) : undefined,
        request.chainId === undefined ? undefined : eq(withdrawals.chainId, request.chainId),
        request.memberId ? eq(withdrawals.memberId, request.memberId) : undefined,
        request.cursor ? lt(withdrawals.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(withdrawals.id))
    .limit(limit + 1);
  return toPage(
    rows.map((row) => ({ ...row, id: row.withdrawal.id })),
    limit,
    (row) => toOperatorWithdrawal(chains, row),
  );
}

async function findListed(db: Executor, chains: ChainRuntime, id: bigint): Promise<TOperatorWithdrawal> {
  const [row] = await selectListed(db).where(eq(withdrawals.id, id));
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  return toOperatorWithdrawal(chains, row);
}

/** `/api/operator/withdrawals/detail`: the withdrawal and every event of it, oldest first. */
export async function operatorWithdrawalDetail(
  { db, chains }: WithdrawOperatorContext,
  id: bigint,
): Promise<TOperatorWithdrawalDetail> {
  const withdrawal = await findListed(db, chains, id);
  const events = await db
    .select()
    .from(withdrawalEvents)
    .where(eq(withdrawalEvents.withdrawalId, id))
    .orderBy(asc(withdrawalEvents.id));
  return {
    ...withdrawal,
    events: events.map((event) => ({
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      actor: event.actor,
      detail: event.detail,
      at: event.createdAt.toISOString(),
    })),
  };
}

/** Whether the member is frozen, read under a share lock so a freeze cannot slip in before this transaction ends. */
async function isMemberFrozen(tx: Executor, memberId: string): Promise<boolean> {
  const [member] = await tx
    .select({ frozenAt: members.frozenAt })
    .from(members)
    .where(eq(members.id, memberId))
    .for('share');
  return Boolean(member?.frozenAt);
}

/**
 * One operator decision on a `submitted` withdrawal, in its own transaction with its audit entry.
 * A withdrawal in any other state is `already_decided` (nothing written); an approval for a
 * frozen member is refused (`member_frozen`), a rejection returns the frozen amount and fee.
 */
export async function reviewWithdrawal(
  db: Database,
  actor: Actor,
  id: bigint,
  decision: 'approved' | 'rejected',
  detail?: string,
): Promise<{ outcome: TReviewOutcome; status: WithdrawalRow['status'] | null }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!current) return { outcome: ReviewOutcome.NOT_FOUND, status: null };
    if (current.status !== WithdrawStatus.SUBMITTED) {
      return { outcome: ReviewOutcome.ALREADY_DECIDED, status: current.status };
    }
    if (decision === WithdrawStatus.APPROVED && (await isMemberFrozen(tx, current.memberId))) {
      return { outcome: ReviewOutcome.MEMBER_FROZEN, status: current.status };
    }
    const moved = await transitionWithdrawal(tx, id, {
      to: decision,
      from: [WithdrawStatus.SUBMITTED],
      actor: eventActor(actor),
      ...(detail ? { detail } : {}),
    });
    // Under the row lock taken above the state cannot have moved on.
    if (!moved) throw new Error(`withdrawal ${id} did not move from submitted`);
    await recordAudit(tx, actor, {
      action: decision === WithdrawStatus.APPROVED ? 'withdrawal.approve' : 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: id.toString(),
      before: { status: current.status },
      after: { status: moved.status },
      reason: detail ?? null,
    });
    return { outcome: decision, status: moved.status };
  });
}

/** `/api/operator/withdrawals/review`: each id once (duplicates dropped), in the order given. */
export async function reviewWithdrawals(
  db: Database,
  actor: Actor,
  request: { ids: string[]; decision: 'approved' | 'rejected'; detail?: string | undefined },
): Promise<TReviewWithdrawalsResponse> {
  const results: TReviewWithdrawalsResponse['results'] = [];
  for (const id of new Set(request.ids.map((value) => BigInt(value).toString()))) {
    const { outcome, status } = await reviewWithdrawal(db, actor, BigInt(id), request.decision, request.detail);
    results.push({ id, outcome, status });
  }
  return { results };
}

/**
 * `/api/operator/withdrawals/settle`: an `unknown` withdrawal settled on evidence from outside (an
 * explorer, the node operator): `completed` pays it out of the frozen funds, `failed` releases
 * them. Audited with the evidence; refused for a withdrawal in any other state.
 */
export async function settleUnknownWithdrawal(
  context: WithdrawOperatorContext,
  actor: Actor,
  request: { id: string; outcome: 'completed' | 'failed'; detail: string },
): Promise<TOperatorWithdrawal> {
  const id = BigInt(request.id);
  await context.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, id))
      .for('update');
    if (!current) throw new AppError('WITHDRAWAL_NOT_FOUND');
    const moved = await transitionWithdrawal(tx, id, {
      to: request.outcome,
      from: [WithdrawStatus.UNKNOWN],
      actor: eventActor(actor),
      detail: request.detail,
    });
    if (!moved) throw new AppError('WITHDRAWAL_NOT_UNKNOWN');
    await recordAudit(tx, actor, {
      action: 'withdrawal.settle',
      targetType: 'withdrawal',
      targetId: id.toString(),
      before: { status: current.status },
      after: { status: moved.status },
      reason: request.detail,
    });
  });
  return findListed(context.db, context.chains, id);
}
