import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants.ts';

/**
 * Validation messages are keys (`validation.*`) that both the member app and the server translate
 * (SPEC §5), so the same schema drives the form and the server's localised error.
 */
export const ZEmail = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(EMAIL_MAX_LENGTH, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'))
  .transform((email) => email.toLowerCase());

/** Every response body of the wire protocol (SPEC §7): success iff `code === 200`. */
export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** Calls without a payload still accept `{}` (or no body at all). */
export const ZEmpty = z.object({}).strict();
export type TEmpty = z.infer<typeof ZEmpty>;

/** A client-chosen id that makes a request safe to retry: the same id applies once. */
export const ZRequestId = z.uuid({ error: 'validation.invalid' });

/** The largest PostgreSQL int8: list ids are bigint identity columns. */
const PG_INT8_MAX = 9_223_372_036_854_775_807n;
const INT8_PATTERN = /^\d{1,19}$/;

/** A bigint row id on the wire: a decimal string that fits an int8. */
const ZInt8String = z
  .string({ error: 'validation.invalid' })
  .regex(INT8_PATTERN, 'validation.invalid')
  .refine((value) => INT8_PATTERN.test(value) && BigInt(value) <= PG_INT8_MAX, 'validation.invalid');
/** A list's paging cursor (the last id seen): a decimal string that fits an int8. One for every list call. */
export const ZCursor = ZInt8String.meta({
  description: `The previous page's nextCursor: digits, at most ${PG_INT8_MAX} (PostgreSQL int8).`,
});
/** The id of one record (a withdrawal, a deposit), as the lists show it. */
export const ZRecordId = ZInt8String.meta({ description: `A record's id: digits, at most ${PG_INT8_MAX}.` });
/** A list's page size when the request names none. */
export const DEFAULT_PAGE_SIZE = 20;
/** The largest page a list request may ask for. */
export const MAX_PAGE_SIZE = 50;
/** A list's page size. */
export const ZLimit = z
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(MAX_PAGE_SIZE, 'validation.invalid');

/** The largest PostgreSQL int4: chain ids are `integer` columns. */
const PG_INT4_MAX = 2_147_483_647;
/** A chain id as the member app sends it (a deposit's or withdrawal's network). */
export const ZChainId = z
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(PG_INT4_MAX, 'validation.invalid');

/**
 * A channel's availability (SPEC §4 "Channel recharge can be unavailable", §8): `open`; `paused`
 * ("The current channel is temporarily unavailable."); `not_open` (the not-open-yet text).
 */
export const ChannelStatus = { OPEN: 'open', PAUSED: 'paused', NOT_OPEN: 'not_open' } as const;
export type TChannelStatus = (typeof ChannelStatus)[keyof typeof ChannelStatus];
export const ZChannelStatus = z.enum([ChannelStatus.OPEN, ChannelStatus.PAUSED, ChannelStatus.NOT_OPEN]);
