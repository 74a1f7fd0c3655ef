import { createHash, createHmac, randomUUID } from 'node:crypto';
import {
  buildLiabilityTree,
  bytesToHex,
  emptyPreimage,
  formatDecimal,
  LEDGER_SCALE,
  type LiabilityLeaf,
  type SumNode,
  type SyncSha256,
  type TLiabilityProofResponse,
  type TLiabilitySnapshot,
} from '@kpc/shared';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { liabilityLeaves, liabilityNodes, liabilitySnapshots } from '../../db/schema/index.ts';
import { memberLiabilityUnits } from '../../ledger/reads.ts';
import { getAssets } from '../../ledger/reference-data.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Proof of liabilities (Step 11 §1): snapshots of what every member is owed, as a Merkle sum tree
 * (packages/shared/src/proof/liabilities.ts), stored whole so a member's path is one read.
 */

export interface ProofContext {
  db: Database;
  clock: Clock;
  /** Derives each member's nonce per snapshot: nothing secret is stored beside the tree. */
  secret: string;
}

/** How long a builder holds its claim on a snapshot; past it another process may take over. */
const LEASE_SECONDS = 30 * 60;
/** Rows per insert statement (5 parameters a node: well under PostgreSQL's 65,535). */
const INSERT_BATCH = 2000;

const sha256: SyncSha256 = (data) => new Uint8Array(createHash('sha256').update(data).digest());

/** A member's secret for one snapshot, derived rather than stored. */
export function leafNonce(secret: string, snapshotId: bigint, memberId: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(`liabilities:${snapshotId}:${memberId}`).digest());
}

export type Claim = { id: bigint; claimToken: string };

/**
 * Claims a snapshot to build: a new one on demand, or the day's daily one unless it is published
 * or another process's lease on it still runs (then null).
 */
export async function claimSnapshot(db: Executor, now: Date, kind: 'daily' | 'on_demand'): Promise<Claim | null> {
  const claim = {
    kind,
    day: kind === 'daily' ? now.toISOString().slice(0, 10) : null,
    status: 'building',
    claimToken: randomUUID(),
    claimedUntil: new Date(now.getTime() + LEASE_SECONDS * 1000),
  };
  const [row] = await db
    .insert(liabilitySnapshots)
    .values(claim)
    .onConflictDoUpdate({
      target: liabilitySnapshots.day,
      set: { claimToken: claim.claimToken, claimedUntil: claim.claimedUntil },
      setWhere: sql`${liabilitySnapshots.status} = 'building' and ${liabilitySnapshots.claimedUntil} < ${now.toISOString()}::timestamptz`,
    })
    .returning({ id: liabilitySnapshots.id, claimToken: liabilitySnapshots.claimToken });
  return row ?? null;
}

/**
 * Takes over the oldest snapshot whose builder died (its lease ran out), daily or on demand, so
 * none stays `building` for ever; null when there is none, or another process took it first.
 */
async function claimAbandonedSnapshot(db: Database, now: Date): Promise<Claim | null> {
  const abandoned = and(eq(liabilitySnapshots.status, 'building'), lt(liabilitySnapshots.claimedUntil, now));
  const [candidate] = await db
    .select({ id: liabilitySnapshots.id })
    .from(liabilitySnapshots)
    .where(abandoned)
    .orderBy(liabilitySnapshots.id)
    .limit(1);
  if (!candidate) return null;
  const [row] = await db
    .update(liabilitySnapshots)
    .set({ claimToken: randomUUID(), claimedUntil: new Date(now.getTime() + LEASE_SECONDS * 1000) })
    .where(and(eq(liabilitySnapshots.id, candidate.id), abandoned))
    .returning({ id: liabilitySnapshots.id, claimToken: liabilitySnapshots.claimToken });
  return row ?? null;
}

/** Every member's balances per asset (all buckets), read in the snapshot's transaction. */
async function readLeaves(tx: Transaction, secret: string, snapshotId: bigint, assets: string[]) {
  const leaves: LiabilityLeaf[] = [];
  for (const row of await memberLiabilityUnits(tx)) {
    let leaf = leaves[leaves.length - 1];
    if (leaf?.memberId !== row.memberId) {
      leaf = {
        memberId: row.memberId,
        nonce: leafNonce(secret, snapshotId, row.memberId),
        balances: assets.map(() => 0n),
      };
      leaves.push(leaf);
    }
    leaf.balances[assets.indexOf(row.asset)] = BigInt(row.units);
  }
  return leaves;
}

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) await insert(rows.slice(start, start + INSERT_BATCH));
}

/**
 * Builds and publishes a claimed snapshot in one transaction: the balances are read at one instant
 * (repeatable read), every node and leaf stored, and the root published only if the claim still
 * holds. A crash leaves the snapshot `building` and nothing else; the next claim starts over.
 */
export async function buildSnapshot(context: ProofContext, claim: Claim): Promise<bigint> {
  return context.db.transaction(
    async (tx) => {
      const takenAt = context.clock.now();
      const assets = (await getAssets(tx)).map((asset) => asset.code);
      const leaves = await readLeaves(tx, context.secret, claim.id, assets);
      // A programme with no member account yet owes nothing: an empty tree, its root the empty node.
      const tree = leaves.length > 0 ? buildLiabilityTree(leaves, sha256) : null;
      const levels: readonly SumNode[][] = tree?.levels ?? [
        [{ hash: sha256(emptyPreimage(0)), sums: assets.map(() => 0n) }],
      ];
      const nodes = levels.flatMap((level, depth) =>
        level.map((node, position) => ({
          snapshotId: claim.id,
          level: depth,
          position,
          hash: bytesToHex(node.hash),
          sums: node.sums.map(String),
        })),
      );
      // Nothing of an earlier builder is here: its rows commit only with its publish, which its lost claim refuses.
      await insertInBatches(nodes, (batch) => tx.insert(liabilityNodes).values(batch));
      await insertInBatches(
        leaves.map((leaf, position) => ({ snapshotId: claim.id, memberId: leaf.memberId, position })),
        (batch) => tx.insert(liabilityLeaves).values(batch),
      );
      const root = levels[levels.length - 1]![0]!;
      const [published] = await tx
        .update(liabilitySnapshots)
        .set({
          status: 'published',
          takenAt,
          assets,
          rootHash: bytesToHex(root.hash),
          totals: root.sums.map(String),
          leafCount: leaves.length,
        })
        .where(
          and(
            eq(liabilitySnapshots.id, claim.id),
            eq(liabilitySnapshots.claimToken, claim.claimToken),
            eq(liabilitySnapshots.status, 'building'),
          ),
        )
        .returning({ id: liabilitySnapshots.id });
      if (!published) throw new Error(`liability snapshot ${claim.id}: the claim passed to another process`);
      return published.id;
    },
    { isolationLevel: 'repeatable read' },
  );
}

/** Gives a claim up after its build failed, so the job's next pass takes the snapshot over at once. */
export async function releaseClaim(db: Database, claim: Claim, now: Date): Promise<void> {
  await db
    .update(liabilitySnapshots)
    .set({ claimedUntil: now })
    .where(
      and(
        eq(liabilitySnapshots.id, claim.id),
        eq(liabilitySnapshots.claimToken, claim.claimToken),
        eq(liabilitySnapshots.status, 'building'),
      ),
    );
}

/** The daily job's pass: takes today's snapshot unless it exists (or another process is taking it). */
export async function takeDailySnapshot(context: ProofContext): Promise<bigint | null> {
  const claim = await claimSnapshot(context.db, context.clock.now(), 'daily');
  return claim ? buildSnapshot(context, claim) : null;
}

/** Finishes every snapshot whose builder died (lease run out); how many it published. */
export async function takeOverAbandonedSnapshots(context: ProofContext): Promise<number> {
  let published = 0;
  let claim = await claimAbandonedSnapshot(context.db, context.clock.now());
  while (claim) {
    await buildSnapshot(context, claim);
    published += 1;
    claim = await claimAbandonedSnapshot(context.db, context.clock.now());
  }
  return published;
}

type SnapshotRow = typeof liabilitySnapshots.$inferSelect;

const decimal = (units: string | bigint) => formatDecimal(BigInt(units), LEDGER_SCALE);

function toSnapshot(row: SnapshotRow): TLiabilitySnapshot {
  return {
    id: String(row.id),
    takenAt: row.takenAt!.toISOString(),
    kind: row.kind as TLiabilitySnapshot['kind'],
    assets: row.assets!,
    rootHash: row.rootHash!,
    totals: row.totals!.map(decimal),
    leafCount: row.leafCount!,
  };
}

async function latestPublished(db: Executor): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(liabilitySnapshots)
    .where(eq(liabilitySnapshots.status, 'published'))
    .orderBy(desc(liabilitySnapshots.id))
    .limit(1);
  return row;
}

/** The latest published snapshot: its root and totals, for anyone. */
export async function latestSnapshot(db: Executor): Promise<TLiabilitySnapshot | null> {
  const row = await latestPublished(db);
  return row ? toSnapshot(row) : null;
}

/** The member's leaf and path in the latest snapshot (one read of the nodes on the way up). */
export async function memberProof(context: ProofContext, memberId: string): Promise<TLiabilityProofResponse> {
  const row = await latestPublished(context.db);
  if (!row) return { snapshot: null, proof: null };
  const snapshot = toSnapshot(row);
  const [leaf] = await context.db
    .select({ position: liabilityLeaves.position })
    .from(liabilityLeaves)
    .where(and(eq(liabilityLeaves.snapshotId, row.id), eq(liabilityLeaves.memberId, memberId)));
  if (!leaf) return { snapshot, proof: null };
  const depth = row.leafCount! > 1 ? Math.ceil(Math.log2(row.leafCount!)) : 0;
  // The leaf itself (level 0), then each level's sibling.
  const wanted = [
    [0, leaf.position],
    ...Array.from({ length: depth }, (_, level) => [level, (leaf.position >> level) ^ 1]),
  ];
  const stored = await context.db
    .select()
    .from(liabilityNodes)
    .where(
      and(
        eq(liabilityNodes.snapshotId, row.id),
        sql`(${liabilityNodes.level}, ${liabilityNodes.position}) in (${sql.join(
          wanted.map(([level, position]) => sql`(${level}, ${position})`),
          sql`, `,
        )})`,
      ),
    );
  const nodeAt = (level: number, position: number) =>
    stored.find((node) => node.level === level && node.position === position);
  const own = nodeAt(0, leaf.position)!;
  const zeros = snapshot.assets.map(() => '0');
  return {
    snapshot,
    proof: {
      memberId,
      nonce: bytesToHex(leafNonce(context.secret, row.id, memberId)),
      balances: own.sums.map(decimal),
      path: wanted.slice(1).map(([level, position]) => {
        const sibling = nodeAt(level!, position!);
        return {
          side: position! % 2 === 0 ? ('left' as const) : ('right' as const),
          hash: sibling?.hash ?? bytesToHex(sha256(emptyPreimage(level!))),
          sums: sibling ? sibling.sums.map(decimal) : zeros,
        };
      }),
    },
  };
}
