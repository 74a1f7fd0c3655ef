import {
  fromLedgerUnits,
  NotificationKind,
  SecurityEventKind,
  toLedgerUnits,
  type LocaleCode,
  type TNotificationKind,
} from '@kpc/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberNotifications, memberNotificationSettings } from '../../db/schema/index.ts';

/**
 * The causes' side of email notifications (Step 11 §2): one row of `member_notifications` written
 * in the transaction of its cause, so the mail exists exactly when the event does. The unique
 * (kind, event key) makes a replayed cause (a rescanned block, a sender run again) a no-op.
 */

/** Only what the mail shows: decimal strings, names, hashes. Never a code, token or secret. */
export type NotificationPayload = Record<string, string | number | null>;

export interface QueuedNotification {
  memberId: string;
  kind: TNotificationKind;
  /** What the event is: the deposit's or withdrawal's id, the session's, `<member>:<day>`. */
  eventKey: string;
  payload: NotificationPayload;
  /** When it happened; the database's now() when left out. */
  at?: Date;
}

/** A stored NUMERIC(38,18) amount as the mail shows it: the same value, without trailing zeros. */
export function decimalOf(stored: string): string {
  return fromLedgerUnits(toLedgerUnits(stored));
}

/** Queues one mail for an event; a second call for the same (kind, event key) changes nothing. */
export async function queueNotification(tx: Executor, notification: QueuedNotification): Promise<void> {
  await tx
    .insert(memberNotifications)
    .values({
      memberId: notification.memberId,
      kind: notification.kind,
      eventKey: notification.eventKey,
      payload: notification.payload,
      // Due at once, whatever the sender's clock says.
      nextAttemptAt: new Date(0),
      ...(notification.at ? { createdAt: notification.at } : {}),
    })
    .onConflictDoNothing({ target: [memberNotifications.kind, memberNotifications.eventKey] });
}

/**
 * Security events that change the account's security and are mailed as `security_change`. The
 * pattern covers kinds added later (`address_added`, `passkey_removed`, `address_book_on`…).
 * Left out, so one change gives one mail: a password change or reset (the account module mails
 * `password-changed` for it) and a new withdrawal address (the address book mails it, with the
 * link that cancels it).
 */
const SECURITY_CHANGE_PATTERN = /_(added|removed|enabled|disabled|on|off|bound|unbound|changed|reset)$/;
const MAILED_ELSEWHERE: readonly string[] = [
  SecurityEventKind.PASSWORD_CHANGED,
  SecurityEventKind.PASSWORD_RESET,
  SecurityEventKind.ADDRESS_ADDED,
];

export function isSecurityChange(kind: string): boolean {
  return SECURITY_CHANGE_PATTERN.test(kind) && !MAILED_ELSEWHERE.includes(kind);
}

export interface SecurityEventFacts {
  id: bigint;
  memberId: string;
  kind: string;
  at: Date;
  ip: string | null;
  device: string | null;
  sessionId: string | null;
  detail: string | null;
  /**
   * A sign-in only: whether the member signed in before and never from this device (the account
   * module reads its own events to say so; a first sign-in or a registration is never new).
   */
  isNewDevice?: boolean;
}

/**
 * Called by `recordSecurityEvent` in its transaction, after the event's row was written: a sign-in
 * from a new device (`isNewDevice`) and a security change are queued.
 */
export async function notifySecurityEvent(tx: Executor, event: SecurityEventFacts): Promise<void> {
  const base = { memberId: event.memberId, at: event.at };
  if (event.kind === SecurityEventKind.SIGN_IN) {
    if (!event.sessionId || !event.isNewDevice) return;
    await queueNotification(tx, {
      ...base,
      kind: NotificationKind.NEW_DEVICE_SIGN_IN,
      eventKey: event.sessionId,
      payload: { device: event.device, ip: event.ip, at: event.at.toISOString() },
    });
    return;
  }
  if (!isSecurityChange(event.kind)) return;
  await queueNotification(tx, {
    ...base,
    kind: NotificationKind.SECURITY_CHANGE,
    eventKey: String(event.id),
    payload: { change: event.kind, device: event.device, ip: event.ip, at: event.at.toISOString() },
  });
}

/** Remembers the language the member's mails are written in: the app's, at sign-in or a settings change. */
export async function rememberMemberLocale(tx: Executor, memberId: string, locale: LocaleCode): Promise<void> {
  await tx
    .insert(memberNotificationSettings)
    .values({ memberId, locale })
    .onConflictDoUpdate({
      target: memberNotificationSettings.memberId,
      set: { locale, updatedAt: sql`now()` },
      setWhere: sql`${memberNotificationSettings.locale} is distinct from ${locale}`,
    });
}
