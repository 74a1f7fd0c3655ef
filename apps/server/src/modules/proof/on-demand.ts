import { and, eq, gt } from 'drizzle-orm';
import { liabilitySnapshots } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { buildSnapshot, claimSnapshot, type Claim, type ProofContext } from './service.ts';

/**
 * Snapshots taken on demand (Step 11 §1). At a million members a build takes minutes, longer than
 * an HTTP request should wait, so the console's request only claims the snapshot (audited) and the
 * build runs after the answer; the console shows it `building` until it is published. A process
 * that dies while building leaves its claim to run out, and the job's pass takes it over.
 */

export interface SnapshotRequest {
  id: bigint;
  /** The claim to build; null when an on-demand snapshot was already being built (that one is answered). */
  claim: Claim | null;
}

/**
 * Claims an on-demand snapshot and audits who asked, in one transaction; while another on-demand
 * snapshot is still building under a live claim, answers that one instead of starting a second.
 */
export async function requestSnapshot(context: ProofContext, actor?: Actor): Promise<SnapshotRequest> {
  return context.db.transaction(async (tx) => {
    const now = context.clock.now();
    const [running] = await tx
      .select({ id: liabilitySnapshots.id })
      .from(liabilitySnapshots)
      .where(
        and(
          eq(liabilitySnapshots.kind, 'on_demand'),
          eq(liabilitySnapshots.status, 'building'),
          gt(liabilitySnapshots.claimedUntil, now),
        ),
      )
      .limit(1);
    if (running) return { id: running.id, claim: null };
    const claim = await claimSnapshot(tx, now, 'on_demand');
    if (!claim) throw new Error('an on-demand snapshot is always claimed');
    if (actor) {
      await recordAudit(tx, actor, {
        action: 'liability_snapshot.take',
        targetType: 'liability_snapshot',
        targetId: String(claim.id),
        after: { kind: 'on_demand' },
      });
    }
    return { id: claim.id, claim };
  });
}

/** A snapshot now, built before returning (development and tests); `actor` is audited. */
export async function takeSnapshotNow(context: ProofContext, actor?: Actor): Promise<bigint> {
  const { id, claim } = await requestSnapshot(context, actor);
  return claim ? buildSnapshot(context, claim) : id;
}
