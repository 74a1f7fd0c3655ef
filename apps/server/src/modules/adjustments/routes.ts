import { ZEnvelope } from '@kpc/shared';
import {
  Permission,
  ZAdjustment,
  ZAdjustmentGetRequest,
  ZAdjustmentListRequest,
  ZAdjustmentListResponse,
  ZApproveAdjustmentRequest,
  ZProposeAdjustmentRequest,
  ZRejectAdjustmentRequest,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOf, signedInOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import type { OperatorContext } from '../operators/context.ts';
import { approveAdjustment } from './approve.ts';
import {
  getAdjustment,
  listAdjustments,
  proposeAdjustment,
  rejectAdjustment,
  type AdjustmentContext,
} from './service.ts';

/**
 * Two-person adjustments (Step 8b §3), role finance. Proposing and rejecting need a fresh second
 * factor (the session's step-up); approving carries its own authenticator code, used up by that
 * approval, so the session's step-up window is not enough for it (BitGo: an OTP per approval).
 * Reading needs either adjustments permission.
 */
export const adjustmentOperatorRoutes =
  (context: AdjustmentContext, operators: OperatorContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const read = { operator: { permission: Permission.ADJUSTMENTS_APPROVE } };
    app.post(
      '/api/operator/adjustments/list',
      {
        config: read,
        schema: {
          tags,
          summary: 'Ledger adjustments, newest first, by status (a pending one past its expiry reads expired)',
          body: ZAdjustmentListRequest,
          response: { 200: ZEnvelope(ZAdjustmentListResponse) },
        },
      },
      async (request) => ok(await listAdjustments(context, request.body)),
    );
    app.post(
      '/api/operator/adjustments/get',
      {
        config: read,
        schema: {
          tags,
          summary: 'One adjustment: its postings, reasons and approvals',
          body: ZAdjustmentGetRequest,
          response: { 200: ZEnvelope(ZAdjustment) },
        },
      },
      async (request) => ok(await getAdjustment(context, BigInt(request.body.id))),
    );
    app.post(
      '/api/operator/adjustments/propose',
      {
        config: { operator: { permission: Permission.ADJUSTMENTS_PROPOSE, stepUp: true } },
        schema: {
          tags,
          summary:
            'Propose a credit or debit of a member’s funds, or a move between house accounts; it applies when a different operator approves (two above ADJUSTMENT_TWO_APPROVER_THRESHOLD)',
          body: ZProposeAdjustmentRequest,
          response: { 200: ZEnvelope(ZAdjustment) },
        },
      },
      async (request) => ok(await proposeAdjustment(context, operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/adjustments/approve',
      {
        // The code in the body is this approval's own second factor (see above); a service account is refused.
        config: { operator: { permission: Permission.ADJUSTMENTS_APPROVE } },
        schema: {
          tags,
          summary:
            'Approve an adjustment with an authenticator code (used up); never its proposer, once per operator; the last approval writes the ledger entry',
          body: ZApproveAdjustmentRequest,
          response: { 200: ZEnvelope(ZAdjustment) },
        },
      },
      async (request) =>
        ok(await approveAdjustment(context, operators, signedInOf(request), operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/adjustments/reject',
      {
        config: { operator: { permission: Permission.ADJUSTMENTS_APPROVE, stepUp: true } },
        schema: {
          tags,
          summary: 'Reject a pending adjustment with a reason (its proposer may withdraw it this way)',
          body: ZRejectAdjustmentRequest,
          response: { 200: ZEnvelope(ZAdjustment) },
        },
      },
      async (request) => ok(await rejectAdjustment(context, operatorOf(request).actor, request.body)),
    );
  };
