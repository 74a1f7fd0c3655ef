import {
  AppError,
  Bucket,
  CodePurpose,
  computeWithdrawFee,
  EntryType,
  fromLedgerUnits,
  LEDGER_SCALE,
  maskEmail,
  MIN_WITHDRAW_USDT,
  parseDecimal,
  RecordKind,
  toLedgerUnits,
  WithdrawFailReason,
  WithdrawStep,
  type LocaleCode,
  type TWithdrawal,
  type TWithdrawalDetail,
  type TWithdrawChannelsResponse,
  type TWithdrawDetailRequest,
  type TWithdrawFailReason,
  type TWithdrawRequest,
  type TWithdrawStep,
  type TWithdrawTimelineEntry,
} from '@kpc/shared';
import { and, asc, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { getAddress } from 'viem';
import type { ChainMonitor } from '../../chain/chain-monitor.ts';
import {
  listWithdrawChannels,
  requireWithdrawChain,
  withdrawDecimals,
  type WithdrawTerms,
} from '../../chain/channels.ts';
import { chainName, programmeAddresses, type ChainRuntime } from '../../chain/runtime.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { financialRecords, members, withdrawalEvents, withdrawals } from '../../db/schema/index.ts';
import type { WebAuthnSettings } from '../../config/webauthn.ts';
import type { Clock } from '../../lib/clock.ts';
import { freeze } from '../../ledger/ledger.ts';
import { lockMemberBalance, memberHasEntryOfType } from '../../ledger/reads.ts';
import { getAsset, parseAmount } from '../../ledger/reference-data.ts';
import { requestReplay } from '../../lib/request-replay.ts';
import { decimal } from '../../lib/wire-format.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { checkCode, mailOwnCode } from '../account/codes.ts';
import { checkWithdrawalAddress } from '../address-book/service.ts';
import { requireSecondStep } from '../two-step/service.ts';
import { withdrawalTermsAt } from '../config/withdrawal-terms.ts';
import { transitionWithdrawal, type WithdrawalRow } from './lifecycle.ts';

export interface WithdrawContext {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Hashes the emailed codes. */
  secret: string;
  /** Passkeys' relying party: a member's passkey can confirm a withdrawal (Step 11 §2). */
  webauthn: WebAuthnSettings;
  chains: ChainRuntime;
  /** Whether each chain's node answers (withdrawals wait while it does not), and its newest head. */
  network: Pick<ChainMonitor, 'isAvailable' | 'list'>;
  /** Blocks a payout needs before the withdrawal completes (WITHDRAW_CONFIRMATIONS, the withdrawal senders' own number). */
  confirmations: number;
  /**
   * The DEFAULT terms (env WITHDRAW_*), until an operator saves others: the terms in effect are read
   * per request from the versioned configuration (`withdrawalTermsAt`).
   */
  terms: WithdrawTerms & {
    /** A member's withdrawals within 24 hours up to this many USDT are approved automatically. */
    autoApproveDaily: string;
  };
}

/** The withdrawal terms in effect now: the member's form and the withdrawal itself use the same. */
const termsNow = (context: Pick<WithdrawContext, 'db' | 'clock' | 'terms'>) =>
  withdrawalTermsAt(context.db, context.terms, context.clock.now());

async function memberEmail(db: Database, memberId: string): Promise<string | null> {
  const [member] = await db.select({ email: members.email }).from(members).where(eq(members.id, memberId));
  return member?.email ?? null;
}

/** `/api/withdraw/channels`. */
export async function withdrawChannels(context: WithdrawContext, memberId: string): Promise<TWithdrawChannelsResponse> {
  const email = await memberEmail(context.db, memberId);
  return {
    list: await listWithdrawChannels(context.db, context.chains, context.network, await termsNow(context)),
    email: email ? maskEmail(email) : null,
  };
}

/** `/api/withdraw/sendCode`: the code goes to the member's own email only. */
export async function sendWithdrawCode(context: WithdrawContext, locale: LocaleCode, memberId: string) {
  const email = await memberEmail(context.db, memberId);
  if (!email) throw new AppError('WITHDRAW_EMAIL_REQUIRED');
  return mailOwnCode(context, locale, email, CodePurpose.WITHDRAW);
}

export function toWithdrawal(chains: ChainRuntime, row: WithdrawalRow): TWithdrawal {
  return {
    id: row.id.toString(),
    chainId: row.chainId,
    network: chainName(chains, row.chainId),
    asset: row.asset,
    address: row.toAddress,
    amount: decimal(row.amount),
    fee: decimal(row.fee),
    feeFrom: row.feeFrom,
    received: decimal(row.received),
    status: row.status,
    txHash: row.txHash,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Each state a withdrawal moves to, as the step the member sees (`unknown` is still confirming). */
const STEP_OF: Record<WithdrawalRow['status'], TWithdrawStep> = {
  submitted: WithdrawStep.SUBMITTED,
  approved: WithdrawStep.APPROVED,
  sending: WithdrawStep.SENDING,
  confirming: WithdrawStep.CONFIRMING,
  unknown: WithdrawStep.CONFIRMING,
  completed: WithdrawStep.COMPLETED,
  rejected: WithdrawStep.REJECTED,
  failed: WithdrawStep.FAILED,
};

type WithdrawalEvent = typeof withdrawalEvents.$inferSelect;

/**
 * The steps a withdrawal reached, oldest first, each at the first time it was reached: from its
 * events, leaving out notes (a wait for funds) and the confirming that follows `unknown` again.
 */
function buildTimeline(events: readonly WithdrawalEvent[]): TWithdrawTimelineEntry[] {
  const timeline: TWithdrawTimelineEntry[] = [];
  for (const event of events) {
    if (event.fromStatus === event.toStatus) continue;
    const step = STEP_OF[event.toStatus as WithdrawalRow['status']];
    if (!step || timeline.some((entry) => entry.step === step)) continue;
    timeline.push({ step, at: event.createdAt.toISOString() });
  }
  return timeline;
}

/**
 * Why a withdrawal ended unpaid, in the member's terms: the operator's note and the sender's
 * detail stay internal (they may name the hot wallet or the node).
 */
function failReason(row: WithdrawalRow, events: readonly WithdrawalEvent[]): TWithdrawFailReason | null {
  if (row.status === 'rejected') return WithdrawFailReason.REVIEW_REJECTED;
  if (row.status !== 'failed') return null;
  const failed = events.findLast((event) => event.toStatus === 'failed');
  // The sender fails a withdrawal only on a reverted receipt; an operator settles an unknown one as not paid.
  return failed?.actor === 'sender' ? WithdrawFailReason.PAYOUT_REVERTED : WithdrawFailReason.PAYOUT_FAILED;
}

/**
 * The payout's confirmations as this process last saw the chain's head (the chain probe's): head -
 * block + 1, capped at `required`; 0 until the sender saw it mined; `required` once completed.
 */
function countConfirmations(row: WithdrawalRow, head: bigint | null, required: number): number {
  if (row.status === 'completed') return required;
  if (row.blockNumber === null) return 0;
  // Mined, so at least its own block, even when the probe's head is behind the sender's.
  if (head === null || head < row.blockNumber) return 1;
  return Math.min(required, Number(head - row.blockNumber + 1n));
}

/** The transaction on the chain's explorer (configured, or the known chain's), Etherscan's `/tx/` path. */
export function explorerTxUrl(chains: ChainRuntime, chainId: number, txHash: string | null): string | null {
  const explorer = chains.chains.find((chain) => chain.chainId === chainId)?.explorerUrl ?? null;
  if (!explorer || !txHash) return null;
  return `${explorer.replace(/\/+$/, '')}/tx/${txHash}`;
}

/** The member's withdrawal of a financial record (`withdrawal:<id>`), or null. */
async function withdrawalIdOfRecord(db: Database, memberId: string, recordId: string): Promise<bigint | null> {
  const [record] = await db
    .select({ reference: financialRecords.reference })
    .from(financialRecords)
    .where(
      and(
        eq(financialRecords.id, BigInt(recordId)),
        eq(financialRecords.memberId, memberId),
        eq(financialRecords.kind, RecordKind.WITHDRAW),
      ),
    );
  const match = /^withdrawal:(\d+)$/.exec(record?.reference ?? '');
  return match?.[1] ? BigInt(match[1]) : null;
}

/**
 * `/api/withdraw/detail`: one of the member's own withdrawals with its confirmations, explorer
 * link and timeline. Another member's withdrawal answers exactly as a missing one does, so ids
 * cannot be probed.
 */
export async function withdrawalDetail(
  context: Pick<WithdrawContext, 'db' | 'chains' | 'network' | 'confirmations'>,
  memberId: string,
  request: TWithdrawDetailRequest,
): Promise<TWithdrawalDetail> {
  const { db, chains, network } = context;
  const id =
    request.id !== undefined ? BigInt(request.id) : await withdrawalIdOfRecord(db, memberId, request.recordId!);
  const [row] =
    id === null
      ? []
      : await db
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.id, id), eq(withdrawals.memberId, memberId)));
  if (!row) throw new AppError('INVALID_REQUEST');
  const events = await db
    .select()
    .from(withdrawalEvents)
    .where(eq(withdrawalEvents.withdrawalId, row.id))
    .orderBy(asc(withdrawalEvents.id));
  const required = context.confirmations;
  const head = network.list().find((status) => status.chainId === row.chainId)?.head ?? null;
  return {
    ...toWithdrawal(chains, row),
    confirmations: countConfirmations(row, head, required),
    required,
    explorerTxUrl: explorerTxUrl(chains, row.chainId, row.txHash),
    timeline: buildTimeline(events),
    reason: failReason(row, events),
  };
}

async function findByRequest(db: Database | Transaction, memberId: string, requestId: string) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestId, requestId)));
  return row;
}

/** The withdrawal a request id made: the id alone names the request (its email code was used up by it). */
function withdrawalReplay(chains: ChainRuntime, memberId: string, requestId: string) {
  return requestReplay({
    find: (executor) => findByRequest(executor, memberId, requestId),
    sameRequest: () => true,
    answer: (row) => toWithdrawal(chains, row),
  });
}

/** The member's available balance of `asset`, locked until the transaction ends so one withdrawal decides at a time. */
function lockAvailable(tx: Transaction, memberId: string, asset: string): Promise<bigint> {
  return lockMemberBalance(tx, { memberId, asset, bucket: Bucket.AVAILABLE });
}

/** What the member withdrew in the last 24 hours (not counting rejected or failed), in ledger units. */
async function withdrawnToday(tx: Transaction, memberId: string, asset: string, now: Date): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.memberId, memberId),
        eq(withdrawals.asset, asset),
        notInArray(withdrawals.status, ['rejected', 'failed']),
        gte(withdrawals.createdAt, new Date(now.getTime() - 24 * 3600 * 1000)),
      ),
    );
  return toLedgerUnits(row?.total ?? '0');
}

/** Whether the member ever received faucet test funds (they never leave through a real chain). */
function hasTestFunds(tx: Transaction, memberId: string): Promise<boolean> {
  return memberHasEntryOfType(tx, memberId, EntryType.DEV_FAUCET);
}

/** What submitting needs: no mail, no secrets, of the chain only whether it answers. */
type SubmitContext = Pick<WithdrawContext, 'db' | 'clock' | 'chains' | 'terms'> & {
  network: Pick<ChainMonitor, 'isAvailable'>;
};

/** A withdrawal request without its email code. */
export type CheckedWithdrawRequest = Omit<TWithdrawRequest, 'code'>;

/**
 * `/api/withdraw/apply` (SPEC §2 Withdraw, §5, §9). The email code is checked in the same
 * transaction that submits, so it is used up only by a withdrawal that happens. The same
 * `requestId` answers the same withdrawal, however often it is sent, even at once: the twin waits
 * on the code, finds it used, and answers with the withdrawal that used it.
 */
export async function applyWithdrawal(
  context: WithdrawContext,
  memberId: string,
  request: TWithdrawRequest,
): Promise<TWithdrawal> {
  const existing = await withdrawalReplay(context.chains, memberId, request.requestId).earlier(context.db);
  if (existing) return existing;
  const email = await memberEmail(context.db, memberId);
  if (!email) throw new AppError('WITHDRAW_EMAIL_REQUIRED');
  // Two-step verification on: the authenticator's code or a passkey's answer as well (Step 11 §2),
  // used up here even if the withdrawal is then refused for another reason (ask for a new one).
  await requireSecondStep(context, memberId, request);
  const { requestId, chainId, asset, address, amount, feeRate, minFee } = request;
  return submitWithdrawal(context, memberId, { requestId, chainId, asset, address, amount, feeRate, minFee }, (tx) =>
    checkCode(tx, context, email, CodePurpose.WITHDRAW, request.code),
  );
}

async function prepareWithdrawal(context: SubmitContext, request: CheckedWithdrawRequest) {
  const { db, chains, network } = context;
  const terms = await termsNow(context);
  // The fee terms the member's form showed: changed since, the member must see the new fee first.
  const shown = (value: string | undefined, current: string) =>
    value === undefined || parseDecimal(value, LEDGER_SCALE) === parseDecimal(current, LEDGER_SCALE);
  if (!shown(request.feeRate, terms.feeRate) || !shown(request.minFee, terms.minFee)) {
    throw new AppError('PRICE_CHANGED');
  }
  const chain = await requireWithdrawChain(db, chains, network, request.chainId);
  const ledgerAsset = await getAsset(db, request.asset);
  if (ledgerAsset.code !== 'USDT') throw new AppError('ASSET_UNAVAILABLE');
  const address = getAddress(request.address);
  // The programme's own addresses and token contracts: what is sent there is lost or comes back as a deposit.
  if (programmeAddresses(chains).has(address)) throw new AppError('WITHDRAW_ADDRESS_NOT_ALLOWED');
  // An amount (and fee) the chain's token can carry exactly.
  const asset = { ...ledgerAsset, decimals: withdrawDecimals(ledgerAsset.decimals, chain) };
  const amount = parseAmount(asset, request.amount);
  if (amount < parseDecimal(MIN_WITHDRAW_USDT, LEDGER_SCALE)) {
    throw new AppError('AMOUNT_BELOW_MINIMUM', { min: MIN_WITHDRAW_USDT, asset: asset.code });
  }
  const feeFor = (available: bigint) =>
    computeWithdrawFee({
      amount: fromLedgerUnits(amount),
      available: fromLedgerUnits(available),
      feeRate: terms.feeRate,
      minFee: terms.minFee,
      decimals: asset.decimals,
    });
  // The minimum fee may leave nothing to receive.
  if (toLedgerUnits(feeFor(0n).received) <= 0n) throw new AppError('AMOUNT_TOO_SMALL');
  return { chain, asset, amount, address, feeFor, terms };
}

/**
 * Submits a checked withdrawal in one transaction: decides the fee against the locked available
 * balance (from the balance if what stays covers it, else from the amount), records the
 * withdrawal, its event and financial record, freezes amount and fee, and approves it at once
 * while the member's 24-hour total stays within the automatic limit (else it waits for an operator).
 */
export async function submitWithdrawal(
  context: SubmitContext,
  memberId: string,
  request: CheckedWithdrawRequest,
  /** The member's confirmation (the emailed code), checked first inside the transaction. */
  confirm?: (tx: Transaction) => Promise<'ok' | 'invalid'>,
): Promise<TWithdrawal> {
  const { db, chains } = context;
  const { chain, asset, amount, address, feeFor, terms } = await prepareWithdrawal(context, request);
  const replay = withdrawalReplay(chains, memberId, request.requestId);
  try {
    const row = await db.transaction(async (tx) => {
      // 'invalid' commits, so a wrong try counts; anything thrown later rolls the code's use back.
      if (confirm && (await confirm(tx)) !== 'ok') return null;
      // The address book (Step 11 §2): a saved address still locked, or "address book only" and not saved.
      await checkWithdrawalAddress(tx, { memberId, chainId: chain.chainId, address, now: context.clock.now() });
      const available = await lockAvailable(tx, memberId, asset.code);
      // Checked under the lock a faucet credit also takes, so none slips in between.
      if (!chain.isDevelopment && (await hasTestFunds(tx, memberId))) throw new AppError('WITHDRAW_TEST_FUNDS');
      const fee = feeFor(available);
      const total = toLedgerUnits(fee.total);
      if (total > available) throw new AppError('INSUFFICIENT_BALANCE');
      const [created] = await tx
        .insert(withdrawals)
        .values({
          memberId,
          requestId: request.requestId,
          chainId: chain.chainId,
          asset: asset.code,
          toAddress: address,
          amount: fromLedgerUnits(amount),
          fee: fee.fee,
          feeFrom: fee.feeFrom,
          received: fee.received,
          status: 'submitted',
        })
        .returning();
      if (!created) throw new Error('withdrawal insert returned nothing');
      await tx.insert(financialRecords).values({
        memberId,
        kind: RecordKind.WITHDRAW,
        status: 'submitted',
        requestId: request.requestId,
        asset: asset.code,
        amount: fromLedgerUnits(amount),
        // What the destination receives, as an exchange record shows what was received.
        toAsset: asset.code,
        toAmount: fee.received,
        fee: fee.fee,
        reference: `withdrawal:${created.id}`,
        chainId: chain.chainId,
        address,
      });
      await tx.insert(withdrawalEvents).values({
        withdrawalId: created.id,
        fromStatus: null,
        toStatus: 'submitted',
        actor: 'member',
        detail: `fee from ${fee.feeFrom}`,
      });
      await freeze(tx, {
        memberId,
        asset: asset.code,
        amount: total,
        type: EntryType.WITHDRAW,
        idempotencyKey: `withdrawal:${created.id}:frozen`,
        reference: `withdrawal:${created.id}`,
      });
      const limit = parseDecimal(terms.autoApproveDaily, LEDGER_SCALE);
      if (limit > 0n && (await withdrawnToday(tx, memberId, asset.code, context.clock.now())) <= limit) {
        const approved = await transitionWithdrawal(tx, created.id, {
          to: 'approved',
          actor: 'auto',
          detail: 'within the daily limit',
        });
        return approved ?? created;
      }
      return created;
    });
    if (row) return toWithdrawal(chains, row);
    const twin = await replay.earlier(db);
    if (twin) return twin;
    throw new AppError('CODE_INVALID');
  } catch (error) {
    // Two sends of one request at once: the loser answers with the winner's withdrawal.
    if (isUniqueViolation(error)) {
      const winner = await replay.earlier(db);
      if (winner) return winner;
    }
    throw error;
  }
}
