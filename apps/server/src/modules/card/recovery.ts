import { CardApplicationStatus } from '@kpc/shared';
import { and, asc, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { cardApplications } from '../../db/schema/index.ts';
import { applicationReference, type CardContext } from './context.ts';
import { submitToIssuer } from './applications.ts';
import { applyCardIssuerEvent } from './issuer-events.ts';
import { resendDecision } from './operator.ts';
import { settlePendingTopUps } from './top-ups.ts';

/**
 * What a crash, a restart or an issuer that did not answer left half done, finished from what was
 * recorded (Step 7b §2): applications still `submitting` are submitted again by reference, an
 * operator's decision the issuer has not applied is sent again, and pending top-ups are asked for
 * again under their own key. Every step is idempotent at the issuer and applied once here.
 */

/** How long a fresh record is left to the call that made it before the job takes it over. */
const TAKE_OVER_SECONDS = 10;

/** The retry job (`CARD_TOPUP_RETRY_SECONDS`): submissions, decisions and top-ups left open. */
export async function retryCardIssuerWork(context: CardContext, minAgeSeconds = TAKE_OVER_SECONDS): Promise<void> {
  const before = new Date(context.clock.now().getTime() - minAgeSeconds * 1000);
  const open = await context.db
    .select()
    .from(cardApplications)
    .where(
      and(
        sql`(${cardApplications.status} = 'submitting' or (${cardApplications.status} = 'submitted' and ${cardApplications.decision} is not null))`,
        lte(cardApplications.createdAt, before),
      ),
    )
    .orderBy(asc(cardApplications.id))
    .limit(500);
  for (const row of open) {
    if (row.status === CardApplicationStatus.SUBMITTING) {
      await submitToIssuer(context, row);
    } else {
      await resendDecision(context, row);
      // The issuer may have applied it before and answered the repeat quietly: its state says.
      await readBack(context, row);
    }
  }
  await settlePendingTopUps(context, minAgeSeconds);
}

/**
 * At start-up: the retry job's work at once, then the issuer's state read back for every open
 * application, so an event missed while the server was down, or whose handler failed, applies now.
 */
export async function reconcileCardApplications(context: CardContext): Promise<void> {
  const { db } = context;
  await retryCardIssuerWork(context, 0);
  const open = await db
    .select()
    .from(cardApplications)
    .where(
      and(
        inArray(cardApplications.status, [CardApplicationStatus.SUBMITTED, CardApplicationStatus.APPROVED]),
        isNotNull(cardApplications.issuerRef),
      ),
    );
  for (const row of open) await readBack(context, row);
}

/** Applies what the issuer says of an open application, as the event it sent would have. */
async function readBack(context: CardContext, row: typeof cardApplications.$inferSelect): Promise<void> {
  const { issuer, clock } = context;
  if (row.issuerRef === null) return;
  try {
    const state = await issuer.getApplication(row.issuerRef);
    if (!state) return;
    const base = { at: clock.now(), applicationRef: state.ref, reference: applicationReference(row.id) };
    if (state.status === 'approved' && row.status === CardApplicationStatus.SUBMITTED) {
      await applyCardIssuerEvent(context, {
        ...base,
        type: 'application.approved',
        id: `recovered:approved:${state.ref}`,
      });
    } else if (state.status === 'rejected' && state.rejectReason) {
      await applyCardIssuerEvent(context, {
        ...base,
        type: 'application.rejected',
        id: `recovered:rejected:${state.ref}`,
        reason: state.rejectReason,
      });
    } else if (state.status === 'issued' && state.cardRef) {
      const card = await issuer.getCard(state.cardRef);
      if (card) {
        await applyCardIssuerEvent(context, {
          ...base,
          type: 'card.issued',
          id: `recovered:issued:${state.ref}`,
          card,
        });
      }
    }
  } catch (error) {
    context.onError(error, `recovering card application ${row.id}`);
  }
}
