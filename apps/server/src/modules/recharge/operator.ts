import { DEFAULT_PAGE_SIZE, AppError, fromLedgerUnits, REQUIRED_CONFIRMATIONS, toLedgerUnits } from '@kpc/shared';
import { ConfigDomain } from '@kpc/shared/operator';
import type {
  TOperatorChannel,
  TOperatorDeposit,
  TOperatorDepositListRequest,
  TSetChannelStatusRequest,
} from '@kpc/shared/operator';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { ChainMonitor } from '../../chain/chain-monitor.ts';
import { isKnownChannel, listOperatorChannels } from '../../chain/channels.ts';
import { chainName, type ChainRuntime } from '../../chain/runtime.ts';
import type { Database } from '../../db/client.ts';
import { chainCursors, deposits, members, paymentChannels } from '../../db/schema/index.ts';
import { toWireAddress } from '../../lib/address.ts';
import { toPage } from '../../lib/paging.ts';
import type { Actor } from '../audit/service.ts';
import { recordConfigChange } from '../config/history.ts';
import { explorerTxUrl } from '../withdraw/service.ts';

/**
 * Deposits and payment channels, operator side (Step 8a §4): every deposit the watchers saw (also
 * unattributed ones), and the channel switches, each change audited (`channel.set`) in its
 * transaction.
 */

export interface RechargeOperatorContext {
  db: Database;
  chains: ChainRuntime;
  network: Pick<ChainMonitor, 'isAvailable'>;
}

/** `/api/operator/deposits/list` (and a member's deposits): newest first, by state, chain and member. */
export async function listOperatorDeposits(
  { db, chains }: Pick<RechargeOperatorContext, 'db' | 'chains'>,
  request: TOperatorDepositListRequest,
) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await db
    .select({ deposit: deposits, email: members.email })
    .from(deposits)
    .leftJoin(members, eq(members.id, deposits.memberId))
    .where(
      and(
        request.status ? eq(deposits.status, request.status) : undefined,
        request.chainId === undefined ? undefined : eq(deposits.chainId, request.chainId),
        request.memberId ? eq(deposits.memberId, request.memberId) : undefined,
        request.cursor ? lt(deposits.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(deposits.id))
    .limit(limit + 1);
  const cursors = await db.select().from(chainCursors);
  const headOf = new Map(cursors.map((cursor) => [cursor.chainId, cursor.headBlock]));
  return toPage(
    rows.map((row) => ({ ...row, id: row.deposit.id })),
    limit,
    ({ deposit, email }): TOperatorDeposit => {
      const head = headOf.get(deposit.chainId) ?? null;
      const seen = head === null || head < deposit.blockNumber ? 0 : Number(head - deposit.blockNumber + 1n);
      return {
        id: deposit.id.toString(),
        chainId: deposit.chainId,
        network: chainName(chains, deposit.chainId),
        txHash: deposit.txHash,
        method: deposit.method === 'contract' ? 'wallet' : 'transfer',
        fromAddress: toWireAddress(deposit.fromAddress),
        memberId: deposit.memberId,
        memberEmail: email,
        asset: deposit.asset,
        amount: fromLedgerUnits(toLedgerUnits(deposit.amount)),
        status: deposit.status,
        blockNumber: deposit.blockNumber.toString(),
        confirmations: deposit.status === 'credited' ? REQUIRED_CONFIRMATIONS : Math.min(seen, REQUIRED_CONFIRMATIONS),
        required: REQUIRED_CONFIRMATIONS,
        explorerTxUrl: explorerTxUrl(chains, deposit.chainId, deposit.txHash),
        creditedAt: deposit.creditedAt?.toISOString() ?? null,
        createdAt: deposit.createdAt.toISOString(),
      };
    },
  );
}

/** `/api/operator/channels/list`. */
export function operatorChannels({ db, chains, network }: RechargeOperatorContext): Promise<TOperatorChannel[]> {
  return listOperatorChannels(db, chains, network);
}

/**
 * `/api/operator/channels/set`: switches one channel, audited with the switch before and after.
 * Setting what is already set changes nothing and writes no entry.
 */
export async function setChannelStatus(
  context: RechargeOperatorContext,
  actor: Actor,
  request: TSetChannelStatusRequest,
): Promise<TOperatorChannel> {
  const { direction, chainId, method, status } = request;
  if (!isKnownChannel(context.chains, direction, chainId, method)) throw new AppError('CHANNEL_UNKNOWN');
  const key = and(
    eq(paymentChannels.direction, direction),
    eq(paymentChannels.chainId, chainId),
    eq(paymentChannels.method, method),
  );
  await context.db.transaction(async (tx) => {
    // Two operators switching one channel at once queue here, so each entry's "before" is true.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`channel:${direction}:${chainId}:${method}`}, 0))`,
    );
    const [before] = await tx.select({ status: paymentChannels.status }).from(paymentChannels).where(key);
    if (before?.status === status) return;
    await tx
      .insert(paymentChannels)
      .values({ direction, chainId, method, status })
      .onConflictDoUpdate({
        target: [paymentChannels.direction, paymentChannels.chainId, paymentChannels.method],
        set: { status, updatedAt: sql`now()` },
      });
    // A version of the `channels` configuration (its page shows the history), audited as `channel.set`.
    await recordConfigChange(tx, actor, {
      domain: ConfigDomain.CHANNELS,
      subject: `${direction}:${chainId}:${method}`,
      before: { status: before?.status ?? null },
      after: { status },
      reason: `switched to ${status}`,
      effectiveFrom: new Date(),
      audit: { action: 'channel.set', targetType: 'channel', targetId: `${direction}:${chainId}:${method}` },
    });
  });
  const channels = await listOperatorChannels(context.db, context.chains, context.network);
  const channel = channels.find(
    (entry) => entry.direction === direction && entry.chainId === chainId && entry.method === method,
  );
  if (!channel) throw new AppError('CHANNEL_UNKNOWN');
  return channel;
}
