import { z } from 'zod';

/**
 * Proof of liabilities (Step 11 §1) on the wire. Values are decimal strings of the asset (18
 * decimals at most), each node's sums in the order of the snapshot's `assets`; hashes and the
 * member's nonce are lowercase hex (proof/liabilities.ts defines the bytes they hash).
 */
const ZHex32 = z.string().regex(/^[0-9a-f]{64}$/);

export const ZLiabilitySnapshot = z.object({
  id: z.string(),
  /** When the balances were read. */
  takenAt: z.iso.datetime(),
  kind: z.enum(['daily', 'on_demand']),
  assets: z.array(z.string()),
  rootHash: ZHex32,
  /** The root's sums: what the programme owes its members, per asset. */
  totals: z.array(z.string()),
  /** How many members' balances the tree holds. */
  leafCount: z.number().int(),
});
export type TLiabilitySnapshot = z.infer<typeof ZLiabilitySnapshot>;

/** The latest published snapshot (null before the first). */
export const ZLiabilityLatestResponse = z.object({ snapshot: ZLiabilitySnapshot.nullable() });
export type TLiabilityLatestResponse = z.infer<typeof ZLiabilityLatestResponse>;

export const ZLiabilityPathStep = z.object({
  /** Which side of the node on the way up the sibling sits. */
  side: z.enum(['left', 'right']),
  hash: ZHex32,
  sums: z.array(z.string()),
});

/** The member's leaf and path in the latest snapshot: everything needed to recompute its root. */
export const ZLiabilityProof = z.object({
  memberId: z.string(),
  /** The member's secret for this snapshot: with it, and only with it, the leaf can be recomputed. */
  nonce: ZHex32,
  /** The member's balance of each asset (every bucket) at the snapshot's time. */
  balances: z.array(z.string()),
  path: z.array(ZLiabilityPathStep),
});
export type TLiabilityProof = z.infer<typeof ZLiabilityProof>;

/** `proof` is null when the member had no account at the snapshot's time (joined since, or never funded). */
export const ZLiabilityProofResponse = z.object({
  snapshot: ZLiabilitySnapshot.nullable(),
  proof: ZLiabilityProof.nullable(),
});
export type TLiabilityProofResponse = z.infer<typeof ZLiabilityProofResponse>;
