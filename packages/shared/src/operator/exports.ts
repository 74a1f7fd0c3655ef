import { z } from 'zod';
import { ZAuditFilter } from './audit.ts';
import { ZMemberSearchRequest } from './members.ts';
import { ZOperatorDepositListRequest } from './payments.ts';
import { ZOperatorWithdrawalListRequest } from './withdraw.ts';

/**
 * CSV exports of operator lists (Step 8b §4), each filtered as its list (the same fields, without
 * the paging), streamed by the server. The permission of each is its list's read permission.
 */

const paging = { cursor: true, limit: true } as const;

/** POST /api/operator/members/export */
export const ZMembersExportRequest = ZMemberSearchRequest.omit(paging);
export type TMembersExportRequest = z.input<typeof ZMembersExportRequest>;
/** POST /api/operator/deposits/export */
export const ZDepositsExportRequest = ZOperatorDepositListRequest.omit(paging);
export type TDepositsExportRequest = z.input<typeof ZDepositsExportRequest>;
/** POST /api/operator/withdrawals/export */
export const ZWithdrawalsExportRequest = ZOperatorWithdrawalListRequest.omit(paging);
export type TWithdrawalsExportRequest = z.input<typeof ZWithdrawalsExportRequest>;
/** POST /api/operator/audit/export */
export const ZAuditExportRequest = ZAuditFilter;

const ZExportTime = z.iso.datetime({ offset: true, error: 'validation.invalid' });

/** The kinds of member orders: investment plans, ESOP, pledges, KLK broker packages. */
export const OrderKind = { PLAN: 'plan', ESOP: 'esop', PLEDGE: 'pledge', KLK: 'klk' } as const;
export type TOrderKind = (typeof OrderKind)[keyof typeof OrderKind];
/** POST /api/operator/orders/export: one kind at a time (each has its own columns), newest first. */
export const ZOrdersExportRequest = z.object({
  kind: z.enum([OrderKind.PLAN, OrderKind.ESOP, OrderKind.PLEDGE, OrderKind.KLK], { error: 'validation.invalid' }),
  memberId: z.uuid({ error: 'validation.invalid' }).optional(),
  from: ZExportTime.optional(),
  to: ZExportTime.optional(),
});
export type TOrdersExportRequest = z.input<typeof ZOrdersExportRequest>;

/** POST /api/operator/cards/export: issued cards, newest first. */
export const ZCardsExportRequest = z.object({
  status: z.enum(['active', 'frozen'], { error: 'validation.invalid' }).optional(),
  memberId: z.uuid({ error: 'validation.invalid' }).optional(),
  product: z.string().trim().min(1).max(64).optional(),
});
export type TCardsExportRequest = z.input<typeof ZCardsExportRequest>;
