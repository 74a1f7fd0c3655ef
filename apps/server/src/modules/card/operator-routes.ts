import { ZCardTransaction, ZEnvelope } from '@kpc/shared';
import {
  Permission,
  ZOperatorCardApplication,
  ZOperatorCardApplicationsRequest,
  ZOperatorCardApplicationsResponse,
  ZOperatorCardDetail,
  ZOperatorCardFreezeRequest,
  ZOperatorCardIdRequest,
  ZOperatorCardImportRequest,
  ZOperatorCardListRequest,
  ZOperatorCardListResponse,
  ZOperatorCardRejectRequest,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import type { CardContext } from './context.ts';
import { operatorCardDetail, operatorImportCard, operatorListCards, operatorSetCardFrozen } from './operator-cards.ts';
import {
  operatorApplicationDetail,
  operatorDecide,
  operatorIssue,
  operatorListApplications,
  operatorSpend,
  ZOperatorCardSpendRequest,
} from './operator.ts';

/**
 * Cards, operator side (Step 7b; Step 8b §1): the console (a session) and automation (the operator
 * key). Reads need `applications.read`; KYC decisions `applications.decide`; issuing, importing and
 * freezing `cards.manage`. Importing and an operator's freeze need a fresh second factor; approve,
 * reject and issue stay open to service accounts (the sandbox's demos and scripts drive them).
 */
export const cardOperatorRoutes =
  (context: CardContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    app.post(
      '/api/operator/card/applications',
      {
        config: { operator: { permission: Permission.APPLICATIONS_READ } },
        schema: {
          tags,
          summary: 'Card applications, newest first (by status and member); no KYC details',
          body: ZOperatorCardApplicationsRequest,
          response: { 200: ZEnvelope(ZOperatorCardApplicationsResponse) },
        },
      },
      async (request) => ok(await operatorListApplications(context, request.body)),
    );
    app.post(
      '/api/operator/card/application',
      {
        config: { operator: { permission: Permission.APPLICATIONS_READ } },
        schema: {
          tags,
          summary: "One card application with the holder's KYC details (the view is audited: card.kyc_viewed)",
          body: ZOperatorCardIdRequest,
          response: { 200: ZEnvelope(ZOperatorCardApplication) },
        },
      },
      async (request) => ok(await operatorApplicationDetail(context, operatorOf(request).actor, request.body.id)),
    );
    app.post(
      '/api/operator/card/approve',
      {
        config: { operator: { permission: Permission.APPLICATIONS_DECIDE } },
        schema: {
          tags,
          summary: 'Approve a submitted application (KYC)',
          body: ZOperatorCardIdRequest,
          response: { 200: ZEnvelope(ZOperatorCardApplication) },
        },
      },
      async (request) =>
        ok(await operatorDecide(context, operatorOf(request).actor, request.body.id, { approve: true })),
    );
    app.post(
      '/api/operator/card/reject',
      {
        config: { operator: { permission: Permission.APPLICATIONS_DECIDE } },
        schema: {
          tags,
          summary:
            'Reject a submitted application (the member reads `reason`; `note` is for the audit log); the payment is refunded (or the code returned) once',
          body: ZOperatorCardRejectRequest,
          response: { 200: ZEnvelope(ZOperatorCardApplication) },
        },
      },
      async (request) =>
        ok(
          await operatorDecide(context, operatorOf(request).actor, request.body.id, {
            approve: false,
            reason: request.body.reason ?? 'review_rejected',
            note: request.body.note,
          }),
        ),
    );
    app.post(
      '/api/operator/card/issue',
      {
        config: { operator: { permission: Permission.CARDS_MANAGE } },
        schema: {
          tags,
          summary: "Issue an approved application's card now, through the issuer adapter",
          body: ZOperatorCardIdRequest,
          response: { 200: ZEnvelope(ZOperatorCardApplication) },
        },
      },
      async (request) => ok(await operatorIssue(context, operatorOf(request).actor, request.body.id)),
    );
    app.post(
      '/api/operator/card/import',
      {
        config: { operator: { permission: Permission.CARDS_MANAGE, stepUp: true } },
        schema: {
          tags,
          summary:
            'Import a card issued outside the issuer adapter for an approved application (only the last 4 digits and a keyed hash are kept)',
          body: ZOperatorCardImportRequest,
          response: { 200: ZEnvelope(ZOperatorCardApplication) },
        },
      },
      async (request) => ok(await operatorImportCard(context, operatorOf(request).actor, request.body)),
    );
    app.post(
      '/api/operator/card/list',
      {
        config: { operator: { permission: Permission.APPLICATIONS_READ } },
        schema: {
          tags,
          summary: 'Cards, newest first (by state and member)',
          body: ZOperatorCardListRequest,
          response: { 200: ZEnvelope(ZOperatorCardListResponse) },
        },
      },
      async (request) => ok(await operatorListCards(context, request.body)),
    );
    app.post(
      '/api/operator/card/detail',
      {
        config: { operator: { permission: Permission.APPLICATIONS_READ } },
        schema: {
          tags,
          summary: "A card's page: balance, top-ups, transactions, fees owed, who froze it",
          body: ZOperatorCardIdRequest,
          response: { 200: ZEnvelope(ZOperatorCardDetail) },
        },
      },
      async (request) => ok(await operatorCardDetail(context, request.body.id)),
    );
    for (const [path, frozen] of [
      ['/api/operator/card/freeze', true],
      ['/api/operator/card/unfreeze', false],
    ] as const) {
      app.post(
        path,
        {
          config: { operator: { permission: Permission.CARDS_MANAGE, stepUp: true } },
          schema: {
            tags,
            summary: frozen
              ? "Freeze a card for the programme (no top-up, spending or member's unfreeze), with a reason"
              : "Lift the programme's freeze, with a reason",
            body: ZOperatorCardFreezeRequest,
            response: { 200: ZEnvelope(ZOperatorCardDetail) },
          },
        },
        async (request) => ok(await operatorSetCardFrozen(context, operatorOf(request).actor, request.body, frozen)),
      );
    }
    app.post(
      '/api/operator/card/spend',
      {
        config: { operator: { permission: Permission.APPLICATIONS_DECIDE } },
        schema: {
          tags,
          summary: 'Sandbox issuer: a simulated purchase on a card (demos and tests)',
          body: ZOperatorCardSpendRequest,
          response: { 200: ZEnvelope(ZCardTransaction) },
        },
      },
      async (request) => ok(await operatorSpend(context, request.body)),
    );
  };
