import { ZEmpty, ZEnvelope } from '@kpc/shared';
import {
  Permission,
  ZLiabilitySnapshotListRequest,
  ZLiabilitySnapshotListResponse,
  ZOperatorLiabilitySnapshot,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import { listSnapshots, operatorSnapshot } from './console.ts';
import { requestSnapshot } from './on-demand.ts';
import { recordReserves } from './reserves.ts';
import { buildSnapshot, releaseClaim } from './service.ts';
import type { SnapshotJobContext } from './snapshot-job.ts';

/**
 * Proof of liabilities in the console (Step 11 §1): the snapshots with their reserves (proof.read),
 * and one taken now (proof.snapshot: admin and finance; audited). Taking one moves no money and
 * changes no member's record, so it asks for no second factor.
 */
export const proofOperatorRoutes =
  (context: SnapshotJobContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    app.post(
      '/api/operator/proof/list',
      {
        config: { operator: { permission: Permission.PROOF_READ } },
        schema: {
          tags,
          summary:
            'Proof-of-liabilities snapshots, newest first: totals per asset, root hash, and per chain the block, the USDT of each programme address and the reserves ratio',
          body: ZLiabilitySnapshotListRequest,
          response: { 200: ZEnvelope(ZLiabilitySnapshotListResponse) },
        },
      },
      async (request) => ok(await listSnapshots(context.db, request.body)),
    );
    app.post(
      '/api/operator/proof/snapshot',
      {
        config: { operator: { permission: Permission.PROOF_SNAPSHOT } },
        schema: {
          tags,
          summary:
            "Take a snapshot now (audited): answers at once with it `building` (or with the one already building); once published, each chain's reserves are read at its head, and a chain that does not answer keeps its reason for the job to read later",
          body: ZEmpty.optional(),
          response: { 200: ZEnvelope(ZOperatorLiabilitySnapshot) },
        },
      },
      async (request) => {
        const { id, claim } = await requestSnapshot(context, operatorOf(request).actor);
        if (claim) {
          // Minutes at a million members: built after the answer. The reserves are read after the
          // snapshot's transaction, so a node that is down never holds it back.
          app.backgroundWork.add(
            buildSnapshot(context, claim)
              .then(() => recordReserves(context, id))
              .catch(async (error: unknown) => {
                request.log.error({ err: error, snapshotId: String(id) }, 'liability snapshot: build failed');
                await releaseClaim(context.db, claim, context.clock.now()).catch(() => undefined);
              }),
          );
        }
        return ok(await operatorSnapshot(context.db, id));
      },
    );
  };
