import { z } from 'zod';
import { ZChainId, ZCursor, ZLimit } from '../schemas/common.ts';
import { DepositMethod } from '../constants.ts';

/**
 * Deposits and the chains behind them (Step 8a §4), for operators with payments.read: every
 * deposit the watchers saw (also those of nobody), and per chain its node, deposit watcher and
 * withdrawal sender. Block numbers are decimal strings; amounts USDT decimal strings.
 */

export const OperatorDepositStatus = {
  PENDING: 'pending',
  CREDITED: 'credited',
  BELOW_MINIMUM: 'below_minimum',
  /** Sent from a wallet no member has bound: credited once a member binds it. */
  UNATTRIBUTED: 'unattributed',
  REORGED: 'reorged',
} as const;
export type TOperatorDepositStatus = (typeof OperatorDepositStatus)[keyof typeof OperatorDepositStatus];
const ZOperatorDepositStatus = z.enum(
  Object.values(OperatorDepositStatus) as [TOperatorDepositStatus, ...TOperatorDepositStatus[]],
  { error: 'validation.invalid' },
);

/** POST /api/operator/deposits/list: newest first. */
export const ZOperatorDepositListRequest = z.object({
  status: ZOperatorDepositStatus.optional(),
  chainId: ZChainId.optional(),
  memberId: z.uuid({ error: 'validation.invalid' }).optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export type TOperatorDepositListRequest = z.input<typeof ZOperatorDepositListRequest>;

export const ZOperatorDeposit = z.object({
  id: z.string(),
  chainId: z.number().int(),
  network: z.string(),
  txHash: z.string(),
  method: z.enum([DepositMethod.WALLET, DepositMethod.TRANSFER]),
  /** EIP-55: the depositing wallet (wallet method) or the sender (transfer). */
  fromAddress: z.string(),
  /** Null while unattributed. */
  memberId: z.string().nullable(),
  memberEmail: z.string().nullable(),
  asset: z.string(),
  amount: z.string(),
  status: ZOperatorDepositStatus,
  blockNumber: z.string(),
  /** head - block + 1 as the watcher last saw the head, capped at `required`. */
  confirmations: z.number().int(),
  required: z.number().int(),
  explorerTxUrl: z.string().nullable(),
  creditedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TOperatorDeposit = z.infer<typeof ZOperatorDeposit>;
export const ZOperatorDepositListResponse = z.object({
  list: z.array(ZOperatorDeposit),
  nextCursor: z.string().nullable(),
});
export type TOperatorDepositListResponse = z.infer<typeof ZOperatorDepositListResponse>;

/**
 * A chain node's state as this server process sees it: `up`; `down` (stopped answering);
 * `unverified` (not answered since start); `misconfigured` (contradicts the settings: closed until
 * fixed); `not_configured` (no node for this chain).
 */
export const ZNodeState = z.enum(['up', 'down', 'unverified', 'misconfigured', 'not_configured']);
export type TNodeState = z.infer<typeof ZNodeState>;

/** Balances of one address at the chain head; null with `reason` when the node did not answer. */
export const ZOnChainBalance = z.object({
  address: z.string(),
  /** USDT (the chain's token, in USDT). */
  usdt: z.string().nullable(),
  /** The chain's native coin (gas), in `gasSymbol`. */
  gas: z.string().nullable(),
  gasSymbol: z.string(),
  reason: z.string().nullable(),
});
export type TOnChainBalance = z.infer<typeof ZOnChainBalance>;

/** Withdrawals still moving, per state. */
export const ZWithdrawalsWaiting = z.object({
  submitted: z.number().int(),
  approved: z.number().int(),
  sending: z.number().int(),
  confirming: z.number().int(),
  unknown: z.number().int(),
});

/** POST /api/operator/chains/status (payments.read): every allowed chain. */
export const ZChainOperatorStatus = z.object({
  chainId: z.number().int(),
  network: z.string(),
  isDevelopment: z.boolean(),
  node: z.object({
    state: ZNodeState,
    head: z.string().nullable(),
    answeredAt: z.string().nullable(),
    /** Why it is not up (never the node's URL). */
    reason: z.string().nullable(),
  }),
  /** Null when the chain has no deposit watcher (no node or no USDT). */
  watcher: z
    .object({
      /** The next block the watcher reads (its cursor). */
      nextBlock: z.string().nullable(),
      /** The head its last pass saw. */
      headBlock: z.string().nullable(),
      /** Blocks behind the node's head: head - (nextBlock - 1); null when either is unknown. */
      lagBlocks: z.number().int().nullable(),
      updatedAt: z.string().nullable(),
      /** Deposits seen and waiting for their confirmations. */
      pendingDeposits: z.number().int(),
    })
    .nullable(),
  /** Null when the chain has no withdrawal sender (no hot wallet configured). */
  sender: z
    .object({
      hotWallet: ZOnChainBalance,
      /** The next nonce the database hands out (null before the first payout). */
      databaseNonce: z.number().int().nullable(),
      /** The wallet's transaction count on chain: mined, and including pending ones. */
      chainNonce: z.object({ latest: z.number().int(), pending: z.number().int() }).nullable(),
    })
    .nullable(),
  withdrawals: ZWithdrawalsWaiting,
});
export type TChainOperatorStatus = z.infer<typeof ZChainOperatorStatus>;
export const ZChainsStatusResponse = z.object({ list: z.array(ZChainOperatorStatus) });
export type TChainsStatusResponse = z.infer<typeof ZChainsStatusResponse>;
