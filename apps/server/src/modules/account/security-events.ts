import { SecurityEventKind, SignInMethod, type LocaleCode, type TSecurityEventKind } from '@kpc/shared';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { memberSecurityEvents } from '../../db/schema/index.ts';
import { notifySecurityEvent, rememberMemberLocale } from '../notifications/queue.ts';
import { describeDevice } from './device-label.ts';
// `request.locale` is declared by the wire plugin: named here for programs that reach this file alone (bench).
import type {} from '../../plugins/wire.ts';

/**
 * Who made a request, as the member's security activity shows it. There is no GeoIP database on
 * the server, so the address itself is shown; a place could be derived from it here later (an
 * offline GeoIP file read at start-up), without changing what is stored.
 */
export interface ClientInfo {
  /** The client address as Fastify sees it: the peer, or behind TRUST_PROXY the forwarded client. */
  ip: string | null;
  /** The User-Agent summarised (`Chrome · Android`); null when unrecognised. */
  device: string | null;
  /** The app's language (the `language` header): a sign-in remembers it for the member's mails. */
  locale?: LocaleCode | null;
}

/** A request's client; an IPv4 peer reached over IPv6 (`::ffff:1.2.3.4`) reads as its IPv4 address. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const ip = request.ip ? request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') : null;
  return { ip, device: describeDevice(request.headers['user-agent']), locale: request.locale };
}

/** No client: an event written outside a request (a job, a test). */
export const NO_CLIENT: ClientInfo = { ip: null, device: null };

export interface SecurityEventInput {
  memberId: string;
  kind: TSecurityEventKind;
  /** When it happened: the caller's clock (`clock.now()`). */
  at: Date;
  client: ClientInfo;
  /** The session it belongs to: the one it started (sign-in), or the one that acted. */
  sessionId?: string | null;
  /** Per kind (`SecurityEventKind` in @kpc/shared says what); at most 200 characters are kept. */
  detail?: string | null;
}

/**
 * Whether a sign-in comes from a device (the User-Agent's summary, `Chrome · Android`) none of the
 * member's earlier sign-ins (the newest 500) came from; a first sign-in is not "new".
 */
async function isNewSignInDevice(
  tx: Executor,
  signIn: { id: bigint; memberId: string; device: string | null },
): Promise<boolean> {
  const earlier = await tx
    .select({ device: memberSecurityEvents.device })
    .from(memberSecurityEvents)
    .where(
      and(
        eq(memberSecurityEvents.memberId, signIn.memberId),
        eq(memberSecurityEvents.kind, SecurityEventKind.SIGN_IN),
        lt(memberSecurityEvents.id, signIn.id),
      ),
    )
    .orderBy(desc(memberSecurityEvents.id))
    .limit(500);
  return earlier.length > 0 && !earlier.some((row) => row.device === signIn.device);
}

/**
 * Records one event of the member's security activity. Call it with the transaction of its cause,
 * so the event exists exactly when what it tells of does.
 */
export async function recordSecurityEvent(tx: Executor, event: SecurityEventInput): Promise<void> {
  const [row] = await tx
    .insert(memberSecurityEvents)
    .values({
      memberId: event.memberId,
      kind: event.kind,
      sessionId: event.sessionId ?? null,
      ip: event.client.ip?.slice(0, 100) ?? null,
      device: event.client.device,
      detail: event.detail?.slice(0, 200) ?? null,
      createdAt: event.at,
    })
    .returning();
  if (!row) throw new Error('security event insert returned nothing');
  const isNewDevice =
    event.kind === SecurityEventKind.SIGN_IN && event.detail !== SignInMethod.REGISTER
      ? await isNewSignInDevice(tx, row)
      : false;
  // Email notifications (Step 11 §2): a sign-in from a new device, a security change; in this transaction.
  await notifySecurityEvent(tx, { ...row, at: event.at, isNewDevice });
  if (event.kind === SecurityEventKind.SIGN_IN && event.client.locale) {
    await rememberMemberLocale(tx, event.memberId, event.client.locale);
  }
}
