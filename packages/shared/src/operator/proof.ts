import { z } from 'zod';
import { ZCursor, ZLimit } from '../schemas/common.ts';

/**
 * Proof of liabilities in the console (Step 11 §1; proof.read, proof.snapshot): each snapshot's
 * totals beside the reserves the programme's addresses held on chain, and the on-demand snapshot.
 * Amounts and ratios are decimal strings; a ratio is reserves / liabilities (1 = 100 %).
 */

/** How many decimals a reserves ratio has (rounded down: coverage is never overstated). */
export const RESERVES_RATIO_DECIMALS = 6;

/** POST /api/operator/proof/list: snapshots, newest first. */
export const ZLiabilitySnapshotListRequest = z.object({ cursor: ZCursor.optional(), limit: ZLimit.optional() });
export type TLiabilitySnapshotListRequest = z.input<typeof ZLiabilitySnapshotListRequest>;

/** One programme address's USDT at the row's block; null `usdt` while the chain was not read. */
export const ZReserveAddress = z.object({ address: z.string(), usdt: z.string().nullable() });
export type TReserveAddress = z.infer<typeof ZReserveAddress>;

/** What one chain's addresses held beside a snapshot. */
export const ZChainReserves = z.object({
  chainId: z.number().int(),
  network: z.string(),
  /** The chain's head when read; every balance of the row is at this block. Null while the read failed. */
  blockNumber: z.string().nullable(),
  readAt: z.iso.datetime(),
  /** The Recharge contract's treasury, the deposit address, the hot wallet: null where the chain has none. */
  treasury: ZReserveAddress.nullable(),
  depositAddress: ZReserveAddress.nullable(),
  hotWallet: ZReserveAddress.nullable(),
  /** The chain's USDT, each address counted once (the deposit address may be the hot wallet); null while unread. */
  usdt: z.string().nullable(),
  /** This chain's `usdt` / the snapshot's USDT liabilities; null when they are 0 or the read failed. */
  ratio: z.string().nullable(),
  /** Why the read failed (short, never a node's address); null once read. */
  reason: z.string().nullable(),
});
export type TChainReserves = z.infer<typeof ZChainReserves>;

export const ZOperatorLiabilitySnapshot = z.object({
  id: z.string(),
  /** `building` until published; a builder that died is taken over by the next job pass. */
  status: z.enum(['building', 'published']),
  kind: z.enum(['daily', 'on_demand']),
  createdAt: z.iso.datetime(),
  /** When the balances were read; null while building. */
  takenAt: z.iso.datetime().nullable(),
  leafCount: z.number().int().nullable(),
  rootHash: z.string().nullable(),
  /** What the programme owes its members, per asset (empty while building). */
  totals: z.array(z.object({ asset: z.string(), total: z.string() })),
  /** One row per chain read (or tried); empty until the first read. */
  chains: z.array(ZChainReserves),
  /** Every chain's USDT; null until every chain was read. */
  reservesUsdt: z.string().nullable(),
  /** `reservesUsdt` / the USDT liabilities; null when they are 0 or a chain was not read. */
  ratio: z.string().nullable(),
  /** When the tree was deleted (older than the newest kept); its root and totals stay. */
  treePrunedAt: z.iso.datetime().nullable(),
});
export type TOperatorLiabilitySnapshot = z.infer<typeof ZOperatorLiabilitySnapshot>;

export const ZLiabilitySnapshotListResponse = z.object({
  list: z.array(ZOperatorLiabilitySnapshot),
  nextCursor: z.string().nullable(),
});
export type TLiabilitySnapshotListResponse = z.infer<typeof ZLiabilitySnapshotListResponse>;
