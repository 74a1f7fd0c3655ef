import {
  DEFAULT_PAGE_SIZE,
  AppError,
  CardApplicationStatus,
  CardRejectReason,
  EntryType,
  fromLedgerUnits,
  type TCardApplication,
  type TCardApplicationsResponse,
  type TCardRejectReason,
  type ZCardApplicationsRequest,
  type ZCardApplyRequest,
} from '@kpc/shared';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { cardApplications, cards } from '../../db/schema/index.ts';
import { HouseAccount, postEntry } from '../../ledger/ledger.ts';
import { consumeActivationCode } from '../activation-code/service.ts';
import { assertMayMoveMoney } from '../account/freeze.ts';
import { toPage } from '../../lib/paging.ts';
import { requestReplay } from '../../lib/request-replay.ts';
import { decimal, iso } from '../../lib/wire-format.ts';
import {
  applicationReference,
  holderSummaryOf,
  issuerProduct,
  nonZero,
  openHolder,
  productOf,
  sealHolder,
  units,
  USDT,
  type CardContext,
} from './context.ts';
import { CardIssuerErrorCode, isCardIssuerError } from './issuer/issuer.ts';
import { rejectApplication } from './issuer-events.ts';

/**
 * Applying for a card (Step 6; Step 7b §2). The payment and the application commit together as
 * `submitting`, with the holder's KYC details sealed; only then is the issuer called, by the
 * application's reference (the issuer is idempotent by it). A crash or a lost answer leaves
 * `submitting`, which a member's retry or the retry job (recovery.ts) submits again; the issuer's
 * events find the application whatever its state. Only a definite refusal ends it, as rejected
 * with the payment back; nothing is ever deleted.
 */

type ApplicationRow = typeof cardApplications.$inferSelect;
type ApplyInput = z.output<typeof ZCardApplyRequest>;

/** Members follow `submitting` as `submitted`: finishing it is the programme's job. */
function memberStatus(status: string): TCardApplication['status'] {
  return (
    status === CardApplicationStatus.SUBMITTING ? CardApplicationStatus.SUBMITTED : status
  ) as TCardApplication['status'];
}

export function toApplication(row: ApplicationRow, cardRecordId: bigint | null): TCardApplication {
  return {
    id: row.id.toString(),
    product: row.product as TCardApplication['product'],
    network: row.network as TCardApplication['network'],
    status: memberStatus(row.status),
    payment: row.payment as TCardApplication['payment'],
    paid: decimal(row.paid),
    rejectReason: row.rejectReason as TCardRejectReason | null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    issuedAt: iso(row.issuedAt),
    cardRecordId: cardRecordId?.toString() ?? null,
  };
}

export async function cardIdFor(db: Executor, applicationId: bigint): Promise<bigint | null> {
  const [row] = await db.select({ id: cards.id }).from(cards).where(eq(cards.applicationId, applicationId));
  return row?.id ?? null;
}

async function applicationByRequest(db: Executor, memberId: string, requestId: string) {
  const [row] = await db
    .select()
    .from(cardApplications)
    .where(and(eq(cardApplications.memberId, memberId), eq(cardApplications.requestId, requestId)));
  return row;
}

/** A retry answers the first application (submitting it again if it is still on its way); another request under its id is refused. */
function applicationReplay(context: CardContext, memberId: string, request: ApplyInput) {
  return requestReplay({
    find: (executor) => applicationByRequest(executor, memberId, request.requestId),
    sameRequest: (row: ApplicationRow) =>
      row.product === request.product && row.network === request.network && row.payment === request.payment.method,
    answer: async (row): Promise<TCardApplication> => {
      const current = row.status === CardApplicationStatus.SUBMITTING ? await submitToIssuer(context, row) : row;
      return toApplication(current, await cardIdFor(context.db, row.id));
    },
  });
}

/**
 * `/api/card/apply`: records the application and pays it (from available USDT, or with an
 * activation code) in one transaction, then submits it (`submitToIssuer`). Retry-safe by
 * `requestId` (a unique index; concurrent twins wait for the first and answer its row). An issuer
 * that does not answer leaves it `submitting`: the member is answered `submitted`, and the retry
 * job finishes it.
 */
export async function applyForCard(
  context: CardContext,
  memberId: string,
  request: ApplyInput,
): Promise<TCardApplication> {
  const { db, clock, secret, keys, issuer } = context;
  const replay = applicationReplay(context, memberId, request);
  const earlier = await replay.earlier(db);
  if (earlier) return earlier;
  const product = await productOf(db, request.product);
  if (!issuer.offersCards || !product?.active || !product.networks.includes(request.network)) {
    throw new AppError('CARD_PRODUCT_UNAVAILABLE');
  }
  const issuance = units(product.issuanceFee);
  const kyc = units(product.kycFee);
  const initial = units(product.initialTopUp);
  const paid = request.payment.method === 'balance' ? issuance + kyc + initial : 0n;
  const created = await db.transaction(async (tx) => {
    const now = clock.now();
    const [row] = await tx
      .insert(cardApplications)
      .values({
        memberId,
        requestId: request.requestId,
        product: product.code,
        network: request.network,
        status: CardApplicationStatus.SUBMITTING,
        holderSealed: sealHolder(keys, { holder: request.holder }),
        payment: request.payment.method,
        paid: fromLedgerUnits(paid),
        issuanceFee: product.issuanceFee,
        kycFee: product.kycFee,
        initialTopUp: product.initialTopUp,
        monthlyFee: product.monthlyFee,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    const reference = applicationReference(row.id);
    if (request.payment.method === 'code') {
      // Paid with a code, no entry is posted: the freeze is asked here (Step 8a).
      await assertMayMoveMoney(tx, memberId);
      const { codeId } = await consumeActivationCode(tx, {
        secret,
        memberId,
        code: request.payment.code,
        reference,
        now,
      });
      const [updated] = await tx
        .update(cardApplications)
        .set({ activationCodeId: codeId })
        .where(eq(cardApplications.id, row.id))
        .returning();
      return updated!;
    }
    if (paid > 0n) {
      await postEntry(tx, {
        type: EntryType.CARD_FEE,
        idempotencyKey: `card:apply:${row.id}`,
        memberId,
        reference,
        postings: nonZero([
          { account: { memberId, bucket: 'available' }, asset: USDT.code, amount: -paid },
          { account: { house: HouseAccount.CARD_FEES }, asset: USDT.code, amount: issuance + kyc },
          { account: { house: HouseAccount.CARD_FLOAT }, asset: USDT.code, amount: initial },
        ]),
      });
    }
    return row;
  });
  if (!created) {
    // A concurrent twin committed first: answer its application.
    return replay.twin(db, 'card application vanished');
  }
  return toApplication(await submitToIssuer(context, created), null);
}

/**
 * Sends a `submitting` application to the issuer by its reference (a repeat is harmless) and
 * records the answer: `submitted` with the issuer's id, keeping only a summary of the holder; a
 * definite refusal rejects it with the payment back; no answer leaves it `submitting` for the next
 * try. Answers the row as it ends up.
 */
export async function submitToIssuer(context: CardContext, row: ApplicationRow): Promise<ApplicationRow> {
  const { db, keys, issuer, clock } = context;
  const sealed = openHolder(keys, row.holderSealed);
  const product = await productOf(db, row.product);
  if (!sealed || !('holder' in sealed) || !product) {
    // Nothing to send (sealed under another APP_SECRET, or the product is gone): an operator's case.
    context.onError(new Error(`card application ${row.id} cannot be submitted`), 'card submission');
    return row;
  }
  try {
    const submitted = await issuer.submitApplication({
      reference: applicationReference(row.id),
      holder: sealed.holder,
      product: issuerProduct(product),
      network: row.network as TCardApplication['network'],
    });
    const summary = sealHolder(keys, { summary: holderSummaryOf(sealed.holder) });
    // An event may have moved it on already (the answer came after it): only the details shrink then.
    const [moved] = await db
      .update(cardApplications)
      .set({ status: CardApplicationStatus.SUBMITTED, issuerRef: submitted.ref, holderSealed: summary })
      .where(and(eq(cardApplications.id, row.id), eq(cardApplications.status, CardApplicationStatus.SUBMITTING)))
      .returning();
    if (moved) return moved;
    const [current] = await db
      .update(cardApplications)
      .set({ holderSealed: summary })
      .where(eq(cardApplications.id, row.id))
      .returning();
    return current ?? row;
  } catch (error) {
    if (!isCardIssuerError(error) || error.code === CardIssuerErrorCode.UNAVAILABLE) {
      context.onError(error, `submitting card application ${row.id}`);
      return row;
    }
    // The issuer said no: the application ends, and its payment comes back once.
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(cardApplications).where(eq(cardApplications.id, row.id)).for('update');
      if (locked?.status !== CardApplicationStatus.SUBMITTING) return locked ?? row;
      const summary = openHolder(keys, locked.holderSealed);
      await rejectApplication(tx, locked, CardRejectReason.ISSUER_REFUSED, clock.now(), null);
      const [rejected] = await tx
        .update(cardApplications)
        .set({
          holderSealed:
            summary && 'holder' in summary
              ? sealHolder(keys, { summary: holderSummaryOf(summary.holder) })
              : locked.holderSealed,
        })
        .where(eq(cardApplications.id, locked.id))
        .returning();
      return rejected!;
    });
  }
}

export async function listApplications(
  { db }: CardContext,
  memberId: string,
  request: z.output<typeof ZCardApplicationsRequest>,
): Promise<TCardApplicationsResponse> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await db
    .select({ application: cardApplications, cardRecordId: cards.id })
    .from(cardApplications)
    .leftJoin(cards, eq(cards.applicationId, cardApplications.id))
    .where(
      and(
        eq(cardApplications.memberId, memberId),
        request.cursor ? lt(cardApplications.id, BigInt(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(cardApplications.id))
    .limit(limit + 1);
  const page = rows.map((row) => ({ ...row.application, cardRecordId: row.cardRecordId }));
  return toPage(page, limit, (row) => toApplication(row, row.cardRecordId));
}

/** `/api/card/application`: one of the member's own; another member's answers like a missing one. */
export async function getApplication({ db }: CardContext, memberId: string, id: string): Promise<TCardApplication> {
  const [row] = await db
    .select()
    .from(cardApplications)
    .where(and(eq(cardApplications.id, BigInt(id)), eq(cardApplications.memberId, memberId)));
  if (!row) throw new AppError('CARD_APPLICATION_NOT_FOUND');
  return toApplication(row, await cardIdFor(db, row.id));
}
