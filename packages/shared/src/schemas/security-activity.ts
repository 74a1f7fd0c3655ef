import { z } from 'zod';
import { ZCursor, ZLimit } from './common.ts';

/**
 * Security activity (Step 11 §2, `/pages/security/activity`): what happened to the member's account
 * — sign-ins, password changes, a wallet bound, sessions ended — each with the time, the client
 * address and the device; and the member's active sessions, any of which (but this one) it can end.
 */

/**
 * The kinds of security event. New kinds are added here (the server stores the kind as text, so a
 * new one needs no migration); the member app shows a kind it has no label for with a generic icon
 * and label.
 */
export const SecurityEventKind = {
  /** A new session: email and password, emailed code, wallet signature, or registration (`detail`: the method). */
  SIGN_IN: 'sign_in',
  /** The member logged out of a session. */
  SIGN_OUT: 'sign_out',
  /** The password was changed while logged in as the member; the other sessions ended. */
  PASSWORD_CHANGED: 'password_changed',
  /** The password was reset by an emailed code (forgot password); every session ended. */
  PASSWORD_RESET: 'password_reset',
  /** A wallet was bound to the account (`detail`: its address). */
  WALLET_BOUND: 'wallet_bound',
  /** The member ended one of its other sessions. */
  SESSION_ENDED: 'session_ended',
  /** The member ended all its other sessions (`detail`: how many). */
  OTHER_SESSIONS_ENDED: 'other_sessions_ended',
  /** Two-step verification (the authenticator app) was turned on (Step 11 §2). */
  TWO_STEP_ENABLED: 'two_step_enabled',
  /** Two-step verification was turned off. */
  TWO_STEP_DISABLED: 'two_step_disabled',
  /**
   * Support turned two-step verification off (authenticator and passkeys) for a member who lost it,
   * after checking who they are (`detail`: what was removed, e.g. `totp+2 passkeys`).
   */
  TWO_STEP_RESET: 'two_step_reset',
  /** A passkey was added for two-step verification (`detail`: its name). */
  PASSKEY_ADDED: 'passkey_added',
  /** A passkey was removed (`detail`: its name). */
  PASSKEY_REMOVED: 'passkey_removed',
  /** A withdrawal address was saved to the address book (`detail`: its network id and address, `56:0x…`). */
  ADDRESS_ADDED: 'address_added',
  /** A saved withdrawal address was removed, by the member or from the mail's cancel link (`detail`: `56:0x…`). */
  ADDRESS_REMOVED: 'address_removed',
  /** "Address book only" was turned on: withdrawals go to usable saved addresses alone. */
  ADDRESS_BOOK_ONLY_ON: 'address_book_only_on',
  /** "Address book only" was turned off. */
  ADDRESS_BOOK_ONLY_OFF: 'address_book_only_off',
} as const;
export type TSecurityEventKind = (typeof SecurityEventKind)[keyof typeof SecurityEventKind];
export const ZSecurityEventKind = z.enum(
  Object.values(SecurityEventKind) as [TSecurityEventKind, ...TSecurityEventKind[]],
);

/** How a `sign_in` event signed in (its `detail`). */
export const SignInMethod = { PASSWORD: 'password', CODE: 'code', WALLET: 'wallet', REGISTER: 'register' } as const;
export type TSignInMethod = (typeof SignInMethod)[keyof typeof SignInMethod];

/** POST /api/acc/security/events {cursor?, limit?}: the member's security events, newest first. */
export const ZSecurityEventsRequest = z.object({ cursor: ZCursor.optional(), limit: ZLimit.optional() });
export type TSecurityEventsRequest = z.input<typeof ZSecurityEventsRequest>;

export const ZSecurityEvent = z.object({
  /** The row's paging id. */
  id: z.string(),
  kind: ZSecurityEventKind,
  /**
   * The client's device as its User-Agent names it, language-neutral: `Chrome · Android`,
   * `Safari · iOS`, `MetaMask · Android`; null when unrecognised.
   */
  device: z.string().nullable(),
  /** The client's address as the server saw it (behind the trusted proxy); null when unknown. */
  ip: z.string().nullable(),
  /** Per kind: the sign-in method, the bound wallet's address, the number of sessions ended; else null. */
  detail: z.string().nullable(),
  /** Made by the session that asks. */
  current: z.boolean(),
  createdAt: z.string(),
});
export type TSecurityEvent = z.infer<typeof ZSecurityEvent>;
export const ZSecurityEventsResponse = z.object({ list: z.array(ZSecurityEvent), nextCursor: z.string().nullable() });
export type TSecurityEventsResponse = z.infer<typeof ZSecurityEventsResponse>;

/** One active session of the member (not ended, not expired). */
export const ZMemberSession = z.object({
  /** The session's id (never its token). */
  id: z.string(),
  /** As in a security event, from the session's sign-in; null for sessions older than Step 11 §2. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  /** 1 password, 2 emailed code, -1 wallet (SPEC §3 loginType). */
  loginType: z.number().int(),
  createdAt: z.string(),
  /** The last request (refreshed at most once a minute). */
  lastSeenAt: z.string(),
  /** The session that asks. */
  current: z.boolean(),
});
export type TMemberSession = z.infer<typeof ZMemberSession>;

/** POST /api/acc/sessions {}: the member's active sessions, the current one first, then by last use. */
export const ZMemberSessionsResponse = z.object({ list: z.array(ZMemberSession) });
export type TMemberSessionsResponse = z.infer<typeof ZMemberSessionsResponse>;

/** POST /api/acc/sessions/end {sessionId}: ends one other active session of the member. */
export const ZEndSessionRequest = z.object({ sessionId: z.uuid({ error: 'validation.invalid' }) });
export type TEndSessionRequest = z.input<typeof ZEndSessionRequest>;

/** POST /api/acc/sessions/endOthers {}: ends every other session of the member; how many ended. */
export const ZEndOtherSessionsResponse = z.object({ ended: z.number().int() });
export type TEndOtherSessionsResponse = z.infer<typeof ZEndOtherSessionsResponse>;
