import { NotificationKind, resolveLocale, utcDate, utcDayIndex, type TNotificationKind } from '@kpc/shared';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { memberNotifications, memberNotificationSettings, members } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { releaseTotalsOfDay } from '../plan/release-totals.ts';
import { isKindEnabled } from './prefs.ts';
import { decimalOf, queueNotification, type NotificationPayload } from './queue.ts';
import { renderNotificationMail, type RenderContext } from './templates.ts';

/**
 * The notification sender (a background job, NOTIFY_POLL_SECONDS): mails the rows the causes
 * queued. A pass claims a small batch of due rows with `FOR UPDATE SKIP LOCKED` and leases them
 * (moves `next_attempt_at` past the time a delivery can take) in one short transaction, then sends
 * outside it: a second process skips the locked rows and then finds them leased, so no row is
 * mailed by two processes. The member's choice is read at send time (off: `skipped`), as is their
 * email (none, a wallet-only member: `skipped`) and language. A failed delivery is tried again
 * later, each time later still; after NOTIFY_MAX_ATTEMPTS the row is `failed`. A process that dies
 * between the delivery and the mark leaves the row to be tried again after the lease: at worst one
 * mail twice, never none.
 */

export interface NotificationSenderContext extends RenderContext {
  db: Database;
  clock: Clock;
  /** The plans' clock: the day a release summary covers is the plans' yesterday. */
  planClock: Clock;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}

/** Rows per claim. */
export const NOTIFY_BATCH = 20;
/** A claimed row is not claimed again for this long (a delivery's worst time). */
export const NOTIFY_LEASE_SECONDS = 120;
export const NOTIFY_MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min… up to an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

type Claimed = Pick<typeof memberNotifications.$inferSelect, 'id' | 'memberId' | 'kind' | 'payload' | 'attempts'>;

async function claimBatch(context: NotificationSenderContext): Promise<Claimed[]> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: memberNotifications.id })
      .from(memberNotifications)
      .where(and(eq(memberNotifications.status, 'pending'), lte(memberNotifications.nextAttemptAt, now)))
      .orderBy(asc(memberNotifications.nextAttemptAt))
      .limit(NOTIFY_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(memberNotifications)
      .set({ nextAttemptAt: later(now, NOTIFY_LEASE_SECONDS) })
      .where(
        inArray(
          memberNotifications.id,
          due.map((row) => row.id),
        ),
      )
      .returning({
        id: memberNotifications.id,
        memberId: memberNotifications.memberId,
        kind: memberNotifications.kind,
        payload: memberNotifications.payload,
        attempts: memberNotifications.attempts,
      });
  });
}

async function finish(context: NotificationSenderContext, id: string, status: 'sent' | 'skipped' | 'failed') {
  await context.db
    .update(memberNotifications)
    .set({ status, ...(status === 'sent' ? { sentAt: context.clock.now() } : {}) })
    .where(and(eq(memberNotifications.id, id), eq(memberNotifications.status, 'pending')));
}

/** Mails one claimed row, or marks why not. Returns whether a mail went out. */
async function deliverOne(context: NotificationSenderContext, row: Claimed): Promise<boolean> {
  const [member] = await context.db
    .select({
      email: members.email,
      status: members.status,
      locale: memberNotificationSettings.locale,
      choices: memberNotificationSettings.choices,
    })
    .from(members)
    .leftJoin(memberNotificationSettings, eq(memberNotificationSettings.memberId, members.id))
    .where(eq(members.id, row.memberId));
  const kind = row.kind as TNotificationKind;
  if (!member?.email || member.status !== 'active' || !isKindEnabled(kind, member.choices)) {
    await finish(context, row.id, 'skipped');
    return false;
  }
  const now = context.clock.now();
  if (!context.mailer.isAvailable()) {
    // The mail server failed a moment ago: wait for it without spending an attempt.
    await context.db
      .update(memberNotifications)
      .set({ nextAttemptAt: later(now, retryDelaySeconds(1)) })
      .where(and(eq(memberNotifications.id, row.id), eq(memberNotifications.status, 'pending')));
    return false;
  }
  const mail = renderNotificationMail(
    resolveLocale(member.locale ?? undefined),
    member.email,
    kind,
    row.payload as NotificationPayload,
    context,
  );
  try {
    await context.mailer.send(mail);
  } catch (error) {
    const attempts = row.attempts + 1;
    context.logger.warn({ notification: row.id, kind, attempts, err: error }, 'notification mail not delivered');
    await context.db
      .update(memberNotifications)
      .set({
        attempts,
        ...(attempts >= NOTIFY_MAX_ATTEMPTS
          ? { status: 'failed' as const }
          : { nextAttemptAt: later(now, retryDelaySeconds(attempts)) }),
      })
      .where(and(eq(memberNotifications.id, row.id), eq(memberNotifications.status, 'pending')));
    return false;
  }
  await finish(context, row.id, 'sent');
  return true;
}

/** One pass of the sender: claims and mails batches until none is due. Returns how many mails went out. */
export async function sendNotificationsOnce(context: NotificationSenderContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimBatch(context);
    for (const row of batch) if (await deliverOne(context, row)) sent += 1;
    if (batch.length < NOTIFY_BATCH) return sent;
  }
}

/** Members asked per query when summing a day's releases. */
const SUMMARY_CHUNK = 500;

/**
 * Queues the daily release summary of the plans' yesterday for every member who turned it on and
 * had releases that day: one row per member and day (`<member>:<day>`), whichever process or pass
 * queues it first.
 */
export async function queueReleaseSummaries(context: NotificationSenderContext): Promise<number> {
  const day = utcDayIndex(context.planClock.now()) - 1;
  const optedIn = await context.db
    .select({ memberId: memberNotificationSettings.memberId })
    .from(memberNotificationSettings)
    .where(sql`${memberNotificationSettings.choices} ->> ${NotificationKind.RELEASE_SUMMARY} = 'true'`);
  let queued = 0;
  for (let start = 0; start < optedIn.length; start += SUMMARY_CHUNK) {
    const ids = optedIn.slice(start, start + SUMMARY_CHUNK).map((row) => row.memberId);
    const totals = await releaseTotalsOfDay(context.db, ids, day);
    const byMember = new Map<string, string[]>();
    for (const total of totals) {
      const list = byMember.get(total.memberId) ?? [];
      list.push(`${total.asset}=${decimalOf(total.amount)}`);
      byMember.set(total.memberId, list);
    }
    for (const [memberId, pairs] of byMember) {
      await queueNotification(context.db, {
        memberId,
        kind: NotificationKind.RELEASE_SUMMARY,
        eventKey: `${memberId}:${day}`,
        payload: { day: utcDate(day), totals: pairs.join(';') },
        at: context.clock.now(),
      });
      queued += 1;
    }
  }
  return queued;
}

/**
 * The job: the release summaries once per plan day in this process (the unique event key is what
 * keeps them single across processes; remembering the day only saves queries), then the mails.
 */
export function createNotificationJob(context: NotificationSenderContext): () => Promise<void> {
  let summarisedDay: number | null = null;
  return async () => {
    const today = utcDayIndex(context.planClock.now());
    if (summarisedDay !== today) {
      await queueReleaseSummaries(context);
      summarisedDay = today;
    }
    await sendNotificationsOnce(context);
  };
}
