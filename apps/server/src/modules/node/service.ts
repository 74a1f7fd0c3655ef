import {
  DEFAULT_PAGE_SIZE,
  AppError,
  NodeStatus,
  fromLedgerUnits,
  toLedgerUnits,
  EntryType,
  type TNodeApplication,
  type TNodeStatus,
  type TNodeApplyRequest,
  type TNodePayRequest,
  type TNodeStatusResponse,
} from '@kpc/shared';
import type {
  TOperatorNodeApplication,
  TOperatorNodeAuthorizeRequest,
  TOperatorNodeListRequest,
  TOperatorNodeRefuseRequest,
  TOperatorNodeReviewRequest,
} from '@kpc/shared/operator';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { nodeApplications, settings } from '../../db/schema/index.ts';
import { HouseAccount, postEntry } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { withMemberEmails } from '../members/emails.ts';
import { toPage } from '../../lib/paging.ts';
import { iso } from '../../lib/wire-format.ts';
import { recordAudit, type Actor } from '../audit/service.ts';

/**
 * The global node (Step 6, SPEC §4 "apply, then applied; pay; authorized"):
 * `applied` -> (operator review) `approved` | `rejected`; `approved` -> (member pays) `paid`;
 * `paid` -> (operator) `authorized` | `refused` (refunded once). An approved node not yet paid
 * may be refused too, with nothing to refund. Every step locks the application's row, checks its
 * state and writes only if the state is unchanged (`transition`): of simultaneous decisions
 * exactly one is recorded, the others are told it was already decided (NODE_APPLICATION_WRONG_STATE).
 */

export interface NodeContext {
  db: Database;
  clock: Clock;
}

const USDT = 'USDT';
/** The settings row (seeded by migration 0010) with the node price in USDT. */
export const NODE_PRICE_SETTING = 'node.price_usdt';

type Row = typeof nodeApplications.$inferSelect;

function toApplication(row: Row): TNodeApplication {
  return {
    id: row.id.toString(),
    status: row.status as TNodeApplication['status'],
    name: row.name,
    contact: row.contact,
    region: row.region,
    note: row.note,
    paid: row.paid === null ? null : fromLedgerUnits(toLedgerUnits(row.paid)),
    reviewNote: row.reviewNote,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: iso(row.reviewedAt),
    paidAt: iso(row.paidAt),
    decidedAt: iso(row.decidedAt),
  };
}

function toOperatorApplication(row: Row): TOperatorNodeApplication {
  return {
    ...toApplication(row),
    memberId: row.memberId,
    reviewedBy: row.reviewedBy,
    decidedBy: row.decidedBy,
    refundedAt: iso(row.refundedAt),
  };
}

export async function nodePrice(db: Executor): Promise<bigint> {
  const [row] = await db.select().from(settings).where(eq(settings.key, NODE_PRICE_SETTING));
  if (!row) throw new Error(`setting ${NODE_PRICE_SETTING} is missing`);
  return toLedgerUnits(row.value);
}

async function latest(db: Executor, memberId: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(nodeApplications)
    .where(eq(nodeApplications.memberId, memberId))
    .orderBy(desc(nodeApplications.id))
    .limit(1);
  return row;
}

/** `/api/node/status`: the price and the member's latest application. */
export async function nodeStatus({ db }: NodeContext, memberId: string): Promise<TNodeStatusResponse> {
  const [price, row] = await Promise.all([nodePrice(db), latest(db, memberId)]);
  return { price: fromLedgerUnits(price), asset: USDT, application: row ? toApplication(row) : null };
}

/** `/api/node/apply` -> `applied`. One open (or granted) application per member, by a unique index. */
export async function applyForNode(
  { db, clock }: NodeContext,
  memberId: string,
  request: TNodeApplyRequest,
): Promise<TNodeApplication> {
  const [row] = await db
    .insert(nodeApplications)
    .values({
      memberId,
      name: request.name,
      contact: request.contact,
      region: request.region,
      note: request.note || null,
      createdAt: clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('NODE_APPLICATION_OPEN');
  return toApplication(row);
}

/**
 * `/api/node/pay`: pays the node price from available USDT into `node_sales` for the member's
 * approved application -> `paid`. The same requestId answers the same payment. The price is read
 * in the transaction that charges it, with the application locked, and must be the one the
 * member's review showed (`request.amount`): a price changed since is refused (PRICE_CHANGED)
 * before anything is written.
 */
export async function payForNode(
  { db, clock }: NodeContext,
  memberId: string,
  request: TNodePayRequest,
): Promise<TNodeApplication> {
  const shown = toLedgerUnits(request.amount);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(nodeApplications)
      .where(
        and(
          eq(nodeApplications.memberId, memberId),
          inArray(nodeApplications.status, [NodeStatus.APPROVED, NodeStatus.PAID, NodeStatus.AUTHORIZED]),
        ),
      )
      .for('update');
    if (row && row.payRequestId === request.requestId) {
      // The same id with another amount is another request.
      if (row.paid === null || toLedgerUnits(row.paid) !== shown) throw new AppError('REQUEST_ID_REUSED');
      return toApplication(row);
    }
    if (!row) {
      // Nothing to pay: no application, or one still under review or closed.
      if (await latest(tx, memberId)) throw new AppError('NODE_APPLICATION_WRONG_STATE');
      throw new AppError('NODE_APPLICATION_NOT_FOUND');
    }
    if (row.status !== NodeStatus.APPROVED) throw new AppError('NODE_APPLICATION_WRONG_STATE');
    const price = await nodePrice(tx);
    if (price !== shown) throw new AppError('PRICE_CHANGED');
    await postEntry(tx, {
      type: EntryType.NODE_PAYMENT,
      idempotencyKey: `node:pay:${row.id}`,
      memberId,
      reference: `node_application:${row.id}`,
      postings: [
        { account: { memberId, bucket: 'available' }, asset: USDT, amount: -price },
        { account: { house: HouseAccount.NODE_SALES }, asset: USDT, amount: price },
      ],
    });
    const paid = await transition(tx, row.id, NodeStatus.APPROVED, {
      status: NodeStatus.PAID,
      paid: fromLedgerUnits(price),
      payRequestId: request.requestId,
      paidAt: clock.now(),
    });
    return toApplication(paid);
  });
}

// ---------------------------------------------------------------------------------------------
// Operators

/**
 * Moves an application out of `from`, only if it is still there: with the row lock taken before,
 * a second decision already finds the new state; this condition keeps it so without the lock.
 */
async function transition(
  tx: Transaction,
  id: bigint,
  from: TNodeStatus,
  set: Partial<typeof nodeApplications.$inferInsert>,
): Promise<Row> {
  const [row] = await tx
    .update(nodeApplications)
    .set(set)
    .where(and(eq(nodeApplications.id, id), eq(nodeApplications.status, from)))
    .returning();
  if (!row) throw new AppError('NODE_APPLICATION_WRONG_STATE');
  return row;
}

/** The audit entry of a decision, in its transaction (Step 8a §3). */
function auditDecision(tx: Transaction, actor: Actor, action: string, before: Row, after: Row, note?: string | null) {
  return recordAudit(tx, actor, {
    action,
    targetType: 'node_application',
    targetId: before.id.toString(),
    before: { status: before.status },
    after: { status: after.status, ...(after.refundedAt ? { refunded: after.paid } : {}) },
    reason: note ?? null,
  });
}

async function lockApplication(tx: Transaction, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(nodeApplications)
    .where(eq(nodeApplications.id, BigInt(id)))
    .for('update');
  if (!row) throw new AppError('NODE_APPLICATION_NOT_FOUND');
  return row;
}

/** `/api/operator/node/list`, and one member's applications (the member's page, `memberId`). */
export async function listNodeApplications(
  { db }: Pick<NodeContext, 'db'>,
  request: TOperatorNodeListRequest & { memberId?: string },
) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await db
    .select()
    .from(nodeApplications)
    .where(
      and(
        request.status ? eq(nodeApplications.status, request.status) : undefined,
        request.memberId ? eq(nodeApplications.memberId, request.memberId) : undefined,
        request.cursor ? lt(nodeApplications.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(nodeApplications.id))
    .limit(limit + 1);
  return withMemberEmails(db, toPage(rows, limit, toOperatorApplication));
}

/** `/api/operator/node/review`: `applied` -> `approved` (awaiting payment) or `rejected`; once. */
export async function reviewNodeApplication(
  { db, clock }: NodeContext,
  actor: Actor,
  request: TOperatorNodeReviewRequest,
): Promise<TOperatorNodeApplication> {
  return db.transaction(async (tx) => {
    const row = await lockApplication(tx, request.id);
    if (row.status !== NodeStatus.APPLIED) throw new AppError('NODE_APPLICATION_WRONG_STATE');
    const reviewed = await transition(tx, row.id, NodeStatus.APPLIED, {
      status: request.approve ? NodeStatus.APPROVED : NodeStatus.REJECTED,
      reviewNote: request.note ?? null,
      reviewedBy: actor.name,
      reviewedAt: clock.now(),
    });
    await auditDecision(tx, actor, request.approve ? 'node.approve' : 'node.reject', row, reviewed, request.note);
    return toOperatorApplication(reviewed);
  });
}

/** `/api/operator/node/authorize`: `paid` -> `authorized`. */
export async function authorizeNode(
  { db, clock }: NodeContext,
  actor: Actor,
  request: TOperatorNodeAuthorizeRequest,
): Promise<TOperatorNodeApplication> {
  return db.transaction(async (tx) => {
    const row = await lockApplication(tx, request.id);
    if (row.status !== NodeStatus.PAID) throw new AppError('NODE_APPLICATION_WRONG_STATE');
    const authorized = await transition(tx, row.id, NodeStatus.PAID, {
      status: NodeStatus.AUTHORIZED,
      decisionNote: request.note ?? null,
      decidedBy: actor.name,
      decidedAt: clock.now(),
    });
    await auditDecision(tx, actor, 'node.authorize', row, authorized, request.note);
    return toOperatorApplication(authorized);
  });
}

/**
 * `/api/operator/node/refuse`: `approved` or `paid` -> `refused`. A paid node is refunded in
 * the same transaction, under an idempotency key of its own: the state check and the key both
 * make a second refusal refund nothing.
 */
export async function refuseNode(
  { db, clock }: NodeContext,
  actor: Actor,
  request: TOperatorNodeRefuseRequest,
): Promise<TOperatorNodeApplication> {
  return db.transaction(async (tx) => {
    const row = await lockApplication(tx, request.id);
    if (row.status !== NodeStatus.APPROVED && row.status !== NodeStatus.PAID) {
      throw new AppError('NODE_APPLICATION_WRONG_STATE');
    }
    const now = clock.now();
    let refundedAt: Date | null = null;
    if (row.status === NodeStatus.PAID && row.paid !== null) {
      const amount = toLedgerUnits(row.paid);
      await postEntry(tx, {
        type: EntryType.NODE_REFUND,
        idempotencyKey: `node:refund:${row.id}`,
        memberId: row.memberId,
        reference: `node_application:${row.id}`,
        postings: [
          { account: { house: HouseAccount.NODE_SALES }, asset: USDT, amount: -amount },
          { account: { memberId: row.memberId, bucket: 'available' }, asset: USDT, amount },
        ],
      });
      refundedAt = now;
    }
    const refused = await transition(tx, row.id, row.status, {
      status: NodeStatus.REFUSED,
      decisionNote: request.note,
      decidedBy: actor.name,
      decidedAt: now,
      refundedAt,
    });
    await auditDecision(tx, actor, 'node.refuse', row, refused, request.note);
    return toOperatorApplication(refused);
  });
}
