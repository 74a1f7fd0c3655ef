import {
  AppError,
  MANDATORY_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  notificationDefault,
  type LocaleCode,
  type TNotificationKind,
  type TNotificationPrefs,
  type TNotificationPrefSetRequest,
} from '@kpc/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { memberNotificationSettings, members } from '../../db/schema/index.ts';

/**
 * A member's choice of notification mails (Step 11 §2): every kind on by default but the daily
 * release summary; the security mails (a new device, a security change) cannot be turned off.
 */

export function isKindEnabled(kind: TNotificationKind, choices: Record<string, boolean> | null | undefined): boolean {
  if (MANDATORY_NOTIFICATION_KINDS.includes(kind)) return true;
  const chosen = choices?.[kind];
  return typeof chosen === 'boolean' ? chosen : notificationDefault(kind);
}

async function settingsOf(db: Executor, memberId: string) {
  const [row] = await db
    .select({ choices: memberNotificationSettings.choices, locale: memberNotificationSettings.locale })
    .from(memberNotificationSettings)
    .where(eq(memberNotificationSettings.memberId, memberId));
  return row;
}

/** `/api/notify/prefs`. */
export async function notificationPrefs(db: Database, memberId: string): Promise<TNotificationPrefs> {
  const [settings, [member]] = await Promise.all([
    settingsOf(db, memberId),
    db.select({ email: members.email }).from(members).where(eq(members.id, memberId)),
  ]);
  return {
    prefs: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      enabled: isKindEnabled(kind, settings?.choices),
      mandatory: MANDATORY_NOTIFICATION_KINDS.includes(kind),
    })),
    hasEmail: Boolean(member?.email),
  };
}

/**
 * `/api/notify/prefs/set`: one kind on or off, and the app's language remembered for the mails.
 * A security mail is refused (NOTIFICATION_MANDATORY) and nothing changes.
 */
export async function setNotificationPref(
  db: Database,
  memberId: string,
  locale: LocaleCode,
  request: TNotificationPrefSetRequest,
): Promise<TNotificationPrefs> {
  if (MANDATORY_NOTIFICATION_KINDS.includes(request.kind)) throw new AppError('NOTIFICATION_MANDATORY');
  const choice = { [request.kind]: request.enabled };
  await db
    .insert(memberNotificationSettings)
    .values({ memberId, locale, choices: choice })
    .onConflictDoUpdate({
      target: memberNotificationSettings.memberId,
      set: {
        locale,
        choices: sql`${memberNotificationSettings.choices} || ${JSON.stringify(choice)}::jsonb`,
        updatedAt: sql`now()`,
      },
    });
  return notificationPrefs(db, memberId);
}
