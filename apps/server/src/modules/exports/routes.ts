import type { TOperatorDeposit, TOperatorMember, TOperatorWithdrawal } from '@kpc/shared/operator';
import {
  Permission,
  ZCardsExportRequest,
  ZDepositsExportRequest,
  ZMembersExportRequest,
  ZOrdersExportRequest,
  ZWithdrawalsExportRequest,
  type TPermission,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ChainRuntime } from '../../chain/runtime.ts';
import type { Database } from '../../db/client.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { sendCsvExport, type CsvExport } from '../../lib/csv-export.ts';
import { operatorOf } from '../../plugins/operator.ts';
import { searchMembers } from '../members/search.ts';
import { listOperatorDeposits } from '../recharge/operator.ts';
import { listOperatorWithdrawals } from '../withdraw/operator.ts';
import { cards } from '../../db/schema/index.ts';
import { cardsPage, ORDER_TABLES, ordersPage, tableColumns } from './tables.ts';

/**
 * CSV exports of the operators' lists (Step 8b §4): members, deposits, withdrawals, orders (one kind
 * at a time), issued cards (the audit log's is in modules/audit). Each takes its list's filter and
 * read permission, pages as the list does, and is audited (lib/csv-export.ts).
 */

export interface ExportContext {
  db: Database;
  chains: ChainRuntime;
}

/** Columns named as the wire fields, in snake case. */
function fields<Row>(keys: ReadonlyArray<keyof Row & string>): CsvColumn<Row>[] {
  return keys.map((key) => ({
    header: key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
    value: (row) => row[key] as string | number | boolean | null,
  }));
}

const MEMBER_COLUMNS = fields<TOperatorMember>([
  'id',
  'email',
  'walletAddress',
  'inviteCode',
  'level',
  'status',
  'frozenAt',
  'referrerId',
  'createdAt',
]);
const DEPOSIT_COLUMNS = fields<TOperatorDeposit>([
  'id',
  'createdAt',
  'status',
  'memberId',
  'memberEmail',
  'network',
  'chainId',
  'method',
  'asset',
  'amount',
  'fromAddress',
  'txHash',
  'blockNumber',
  'confirmations',
  'creditedAt',
]);
const WITHDRAWAL_COLUMNS = fields<TOperatorWithdrawal>([
  'id',
  'createdAt',
  'status',
  'memberId',
  'memberEmail',
  'memberWallet',
  'network',
  'chainId',
  'asset',
  'address',
  'amount',
  'fee',
  'feeFrom',
  'received',
  'txHash',
  'fromAddress',
  'nonce',
  'blockNumber',
  'updatedAt',
]);

export const exportRoutes =
  ({ db, chains }: ExportContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    function route<S extends z.ZodObject, Row>(
      path: string,
      permission: TPermission,
      body: S,
      spec: (filter: z.output<S>) => CsvExport<Row>,
    ) {
      app.post(
        path,
        {
          config: { operator: { permission } },
          schema: { tags, summary: 'CSV of the list, filtered as the list, streamed (audited)', body },
        },
        async (request, reply) => {
          const filter = request.body as z.output<S>;
          return sendCsvExport(reply, { db, actor: operatorOf(request).actor, filter }, spec(filter));
        },
      );
    }

    route('/api/operator/members/export', Permission.MEMBERS_READ, ZMembersExportRequest, (filter) => ({
      name: 'members',
      columns: MEMBER_COLUMNS,
      page: (cursor, limit) => searchMembers(db, { ...filter, cursor, limit }),
    }));
    route('/api/operator/deposits/export', Permission.PAYMENTS_READ, ZDepositsExportRequest, (filter) => ({
      name: 'deposits',
      columns: DEPOSIT_COLUMNS,
      page: (cursor, limit) => listOperatorDeposits({ db, chains }, { ...filter, cursor, limit }),
    }));
    route('/api/operator/withdrawals/export', Permission.PAYMENTS_READ, ZWithdrawalsExportRequest, (filter) => ({
      name: 'withdrawals',
      columns: WITHDRAWAL_COLUMNS,
      page: (cursor, limit) => listOperatorWithdrawals({ db, chains }, { ...filter, cursor, limit }),
    }));
    route('/api/operator/orders/export', Permission.MEMBERS_READ, ZOrdersExportRequest, (filter) => ({
      name: `orders-${filter.kind}`,
      columns: tableColumns(ORDER_TABLES[filter.kind]),
      page: (cursor, limit) => ordersPage(db, filter, cursor, limit),
    }));
    route('/api/operator/cards/export', Permission.APPLICATIONS_READ, ZCardsExportRequest, (filter) => ({
      name: 'cards',
      columns: tableColumns(cards),
      page: (cursor, limit) => cardsPage(db, filter, cursor, limit),
    }));
  };
