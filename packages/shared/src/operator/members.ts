import { z } from 'zod';
import { ZOperatorReason } from './auth.ts';

/**
 * What operators do to members (Step 8a §4): freeze and unfreeze (compliance; a money action), end
 * their sessions. The member search and page come with the console's members screens.
 */
export const ZMemberId = z.uuid({ error: 'validation.invalid' });

/** POST /api/operator/members/freeze, /unfreeze, /revoke-sessions */
export const ZMemberActionRequest = z.object({ memberId: ZMemberId, reason: ZOperatorReason });
export type TMemberActionRequest = z.input<typeof ZMemberActionRequest>;

export const ZMemberFreezeState = z.object({
  memberId: z.string(),
  /** When compliance froze the account (null: not frozen). */
  frozenAt: z.string().nullable(),
  frozenReason: z.string().nullable(),
});
export type TMemberFreezeState = z.infer<typeof ZMemberFreezeState>;
export const ZRevokeSessionsResponse = z.object({ sessionsEnded: z.number().int() });
