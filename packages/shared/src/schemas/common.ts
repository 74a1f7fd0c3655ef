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
