import { z } from 'zod';
import { ZMemberLevel } from './account.ts';
import { ZCardProductCode } from './card.ts';
import { ZCursor, ZLimit } from './common.ts';
import { StockholderStatus } from './stockholder.ts';

/**
 * The member's team (Step 7, SPEC §3 Team, §2 `/pages/team/index`): counts and volume of the
 * whole team below the member, its levels, the airdrops the member received, "my invitations"
 * (the members they invited directly) and "my airdrops".
 */

/** POST /api/team/summary */
export const ZTeamSummary = z.object({
  /** Members the member invited. */
  directCount: z.number().int(),
  /** Members further down (invited by the member's team): `teamSize - directCount`. */
  indirectCount: z.number().int(),
  /** Everyone below the member. */
  teamSize: z.number().int(),
  /** What the team bought (plans, packages), in USDT (a decimal string). */
  teamVolume: z.string(),
  /** SPEC §3 Team, §6: the member's current level (ordinary member, ambassador/promoter, VIP member). */
  level: ZMemberLevel,
  /** KPC team level: 0 for none, then 1, 2, ... as configured thresholds are reached. */
  kpcLevel: z.number().int().min(0),
  /** ESOP team level: 0 for none, then 1, 2, ... */
  esopLevel: z.number().int().min(0),
  /** KLK broker level from the broker package bought (`agent`, `partner`), or null. */
  klkLevel: z.string().nullable(),
  /**
   * The member as a shareholder (SPEC §6 "shareholder applicant"): `pending` while an application
   * is open (an applicant), `approved` once one was approved (a shareholder), null otherwise (none,
   * or only rejected ones).
   */
  shareholderStatus: z.enum([StockholderStatus.PENDING, StockholderStatus.APPROVED]).nullable(),
  /** Airdrops the member received, net of the handling fee (SPEC §9), as decimal strings of `asset`. */
  airdrops: z.object({
    asset: z.string(),
    total: z.string(),
    direct: z.string(),
    indirect: z.string(),
    card: z.string(),
  }),
});
export type TTeamSummary = z.infer<typeof ZTeamSummary>;

/** POST /api/team/invitations — the member's direct invitees, newest first. */
export const ZTeamInvitationsRequest = z.object({ cursor: ZCursor.optional(), limit: ZLimit.optional() });
export type TTeamInvitationsRequest = z.input<typeof ZTeamInvitationsRequest>;

export const ZTeamInvitation = z.object({
  /** The row's paging id. */
  id: z.string(),
  /** The invitee, masked: `a***@example.com` or `0x12...cdef`. */
  member: z.string(),
  level: z.string(),
  /** Everyone below the invitee. */
  teamSize: z.number().int(),
  /** The product of the invitee's latest issued card, or null without one. */
  card: ZCardProductCode.nullable(),
  joinedAt: z.string(),
});
export type TTeamInvitation = z.infer<typeof ZTeamInvitation>;

export const ZTeamInvitationsResponse = z.object({ list: z.array(ZTeamInvitation), nextCursor: z.string().nullable() });
export type TTeamInvitationsResponse = z.infer<typeof ZTeamInvitationsResponse>;

/** POST /api/team/airdrops — the airdrops the member received, newest first. */
export const ZTeamAirdropsRequest = z.object({ cursor: ZCursor.optional(), limit: ZLimit.optional() });
export type TTeamAirdropsRequest = z.input<typeof ZTeamAirdropsRequest>;

export const ZTeamAirdrop = z.object({
  /** The row's paging id. */
  id: z.string(),
  /** `direct` (from an invitee), `indirect` (from further down the team) or `card` (a card issued in the team). */
  kind: z.enum(['direct', 'indirect', 'card']),
  /** What the team member did: `klk_package`, `card`, `plan`, `esop`. */
  event: z.string(),
  /** The team member whose event paid it, masked: `a***@example.com` or `0x12...cdef`. */
  from: z.string(),
  asset: z.string(),
  /** Before the handling fee (SPEC §9: 20 %), the fee, and what the member received (decimal strings). */
  gross: z.string(),
  fee: z.string(),
  net: z.string(),
  /** True once the event was refunded and the airdrop taken back. */
  reversed: z.boolean(),
  createdAt: z.string(),
});
export type TTeamAirdrop = z.infer<typeof ZTeamAirdrop>;

export const ZTeamAirdropsResponse = z.object({ list: z.array(ZTeamAirdrop), nextCursor: z.string().nullable() });
export type TTeamAirdropsResponse = z.infer<typeof ZTeamAirdropsResponse>;
