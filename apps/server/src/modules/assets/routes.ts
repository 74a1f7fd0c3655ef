import {
  ZAssetListResponse,
  ZAssetLogRequest,
  ZAssetLogResponse,
  ZEmpty,
  ZEnvelope,
  ZHistoryExportRequest,
  ZHistoryRequest,
  ZHistoryResponse,
  ZTransferRecord,
  ZTransferRequest,
} from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ChainRuntime } from '../../chain/runtime.ts';
import type { ReferenceData } from '../../ledger/reference-data.ts';
import { prepareMemberBalances } from '../../ledger/ledger.ts';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';
import { historyExport } from './export.ts';
import { listAssetLog, listAssets, listHistory, transferIncome } from './service.ts';

export interface AssetRouteOptions {
  db: Database;
  clock: Clock;
  referenceData: ReferenceData;
  auth: ReturnType<typeof createAuthHooks>;
  /** Names the network of deposits and withdrawals. */
  chains: ChainRuntime;
  /** History exports a member may start per window (each reads up to a year of history). */
  exportLimit: { max: number; timeWindow: number };
}

/** The member's assets (SPEC §7 `ass` module, Step 3). Every call is scoped to the token's member. */
export const assetRoutes: FastifyPluginAsyncZod<AssetRouteOptions> = async (
  app,
  { db, clock, referenceData, auth, chains, exportLimit },
) => {
  const tags = ['ass'];
  app.addHook('preHandler', auth.requireSession);
  const balancesOf = prepareMemberBalances(db);

  app.post(
    '/api/ass/lst',
    {
      schema: {
        tags,
        summary:
          'Balances per asset (available, frozen, income, locked, staked, USDT value) and the estimated total in USDT with its parts',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZAssetListResponse) },
      },
    },
    async (request) => ok(await listAssets(balancesOf, referenceData, clock, sessionOf(request).memberId)),
  );

  app.post(
    '/api/ass/log',
    {
      schema: {
        tags,
        summary: 'Asset flow: every posting to the member, newest first, by asset and type',
        body: ZAssetLogRequest,
        response: { 200: ZEnvelope(ZAssetLogResponse) },
      },
    },
    async (request) => ok(await listAssetLog(db, sessionOf(request).memberId, request.body)),
  );

  app.post(
    '/api/ass/transfer',
    {
      schema: {
        tags,
        summary: 'Move released income into available; the same requestId transfers once',
        body: ZTransferRequest,
        response: { 200: ZEnvelope(ZTransferRecord) },
      },
    },
    async (request) => ok(await transferIncome(db, referenceData, sessionOf(request).memberId, request.body)),
  );

  app.post(
    '/api/ass/history',
    {
      schema: {
        tags,
        summary: 'Financial records: deposits, withdrawals, exchanges and transfers with their status',
        body: ZHistoryRequest,
        response: { 200: ZEnvelope(ZHistoryResponse) },
      },
    },
    async (request) => ok(await listHistory(db, sessionOf(request).memberId, request.body, chains)),
  );

  app.post(
    '/api/ass/export',
    {
      // Counted per member, once the session is known (preHandler, after requireSession).
      config: {
        rateLimit: {
          ...exportLimit,
          hook: 'preHandler',
          keyGenerator: (request) => `history-export:${request.session?.memberId ?? ''}`,
        },
      },
      schema: {
        tags,
        summary:
          'The asset flow or financial records of whole UTC days (fromDate to toDate, both included, at most 366) as a CSV file, newest first',
        body: ZHistoryExportRequest,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = historyExport(
        { db, chains },
        sessionOf(request).memberId,
        request.body,
        request.locale,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
};
