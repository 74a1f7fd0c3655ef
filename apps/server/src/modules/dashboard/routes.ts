import { ZEmpty, ZEnvelope } from '@kpc/shared';
import {
  Permission,
  ZDashboardBalancesResponse,
  ZDashboardDailyRequest,
  ZDashboardDailyResponse,
  ZLedgerCheckResponse,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { ok } from '../../plugins/wire.ts';
import { dashboardBalances, type BalancesContext } from './balances.ts';
import { dailyFigures } from './daily.ts';

/** The console's dashboard (Step 8a §4): daily figures, house balances, the ledger check. Read only. */
export const dashboardRoutes =
  (context: BalancesContext & { db: Database; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const config = { operator: { permission: Permission.DASHBOARD_READ } };
    app.post(
      '/api/operator/dashboard/daily',
      {
        config,
        schema: {
          tags,
          summary:
            'Per UTC day (oldest first, every day): sign-ups, deposits, withdrawals, plans, pledges, cards, airdrops',
          body: ZDashboardDailyRequest,
          response: { 200: ZEnvelope(ZDashboardDailyResponse) },
        },
      },
      async (request) => ok(await dailyFigures(context.db, context.clock.now(), request.body.days)),
    );
    app.post(
      '/api/operator/dashboard/balances',
      {
        config,
        schema: {
          tags,
          summary: "House accounts per asset; per chain the programme's addresses with their balances at the head",
          body: ZEmpty.optional(),
          response: { 200: ZEnvelope(ZDashboardBalancesResponse) },
        },
      },
      async () => ok(await dashboardBalances(context)),
    );
    app.post(
      '/api/operator/dashboard/ledger-check',
      {
        config,
        schema: {
          tags,
          summary: 'Every entry balances and every balance equals its postings; counts and examples of what does not',
          body: ZEmpty.optional(),
          response: { 200: ZEnvelope(ZLedgerCheckResponse) },
        },
      },
      async () => ok(await checkLedger(context.db, context.clock.now())),
    );
  };
