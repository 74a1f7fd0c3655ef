import { z } from 'zod';

/**
 * Email notifications (Step 11 §2, `/pages/security/notifications`): a mail in the member's
 * language when something happens to their account or money. Each event gives one mail at most.
 */

export const NotificationKind = {
  /** A sign-in from a device (browser and system) this member had not signed in from before. */
  NEW_DEVICE_SIGN_IN: 'new_device_sign_in',
  /** A deposit was credited to the member's balance. */
  DEPOSIT_CREDITED: 'deposit_credited',
  /** A withdrawal was broadcast: its transaction hash is known. */
  WITHDRAWAL_SENT: 'withdrawal_sent',
  /** A withdrawal has its confirmations on chain: paid. */
  WITHDRAWAL_COMPLETED: 'withdrawal_completed',
  /** A security setting changed: password, two-step verification, a wallet bound, sessions ended. */
  SECURITY_CHANGE: 'security_change',
  /** Once a UTC day, the plan releases of the day, per asset (off unless the member turns it on). */
  RELEASE_SUMMARY: 'release_summary',
} as const;
export type TNotificationKind = (typeof NotificationKind)[keyof typeof NotificationKind];
export const NOTIFICATION_KINDS = Object.values(NotificationKind) as [TNotificationKind, ...TNotificationKind[]];
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);

/** Security mails: always sent, a member cannot turn them off. */
export const MANDATORY_NOTIFICATION_KINDS: readonly TNotificationKind[] = [
  NotificationKind.NEW_DEVICE_SIGN_IN,
  NotificationKind.SECURITY_CHANGE,
];

/** What a member who never chose gets: every kind on, but the daily summary. */
export function notificationDefault(kind: TNotificationKind): boolean {
  return kind !== NotificationKind.RELEASE_SUMMARY;
}

export const ZNotificationPref = z.object({
  kind: ZNotificationKind,
  enabled: z.boolean(),
  /** A security mail: always on, the switch is shown disabled. */
  mandatory: z.boolean(),
});
export type TNotificationPref = z.infer<typeof ZNotificationPref>;

/** POST /api/notify/prefs: every kind with whether it is on. */
export const ZNotificationPrefs = z.object({
  prefs: z.array(ZNotificationPref),
  /** Whether the account has an email to send to (wallet-only members get none). */
  hasEmail: z.boolean(),
});
export type TNotificationPrefs = z.infer<typeof ZNotificationPrefs>;

/** POST /api/notify/prefs/set {kind, enabled}: turn one kind on or off (a mandatory kind is refused). */
export const ZNotificationPrefSetRequest = z.object({ kind: ZNotificationKind, enabled: z.boolean() });
export type TNotificationPrefSetRequest = z.input<typeof ZNotificationPrefSetRequest>;
