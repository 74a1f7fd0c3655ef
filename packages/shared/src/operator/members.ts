import { z } from 'zod';
import { ZCardApplication, ZCardApplicationStatus, ZCardListResponse } from '../schemas/card.ts';
import { ZAssetCode, ZEntryType } from '../schemas/assets.ts';
import { ZCursor, ZLimit } from '../schemas/common.ts';
import { ZEsopOrder, ZInvestmentOrder } from '../schemas/plan.ts';
import { ZOperatorReason } from './auth.ts';
import { ZOperatorNodeApplication, ZOperatorStockholderApplication } from './node.ts';

/**
 * What operators do to members (Step 8a §4): freeze and unfreeze (compliance; a money action), end
 * their sessions; search members, read a member's page and records (members.read).
 */
export const ZMemberId = z.uuid({ error: 'validation.invalid' });

/** POST /api/operator/members/freeze, /unfreeze, /revoke-sessions */
export const ZMemberActionRequest = z.object({ memberId: ZMemberId, reason: ZOperatorReason });
export type TMemberActionRequest = z.input<typeof ZMemberActionRequest>;

/** POST /api/operator/members/reset-two-step: what was turned off (nothing when it was already off). */
export const ZMemberTwoStepReset = z.object({
  memberId: z.string(),
  totpRemoved: z.boolean(),
  passkeysRemoved: z.number().int(),
});
export type TMemberTwoStepReset = z.infer<typeof ZMemberTwoStepReset>;

export const ZMemberFreezeState = z.object({
  memberId: z.string(),
  /** When compliance froze the account (null: not frozen). */
  frozenAt: z.string().nullable(),
  frozenReason: z.string().nullable(),
});
export type TMemberFreezeState = z.infer<typeof ZMemberFreezeState>;
export const ZRevokeSessionsResponse = z.object({ sessionsEnded: z.number().int() });

// ---------------------------------------------------------------------------------------------
// The members screens (members.read): search, a member's page and its records.

/** Most records a members list answers at once (the member app's lists use the same bound). */
const ZPage = { cursor: ZCursor.optional(), limit: ZLimit.optional() };

/**
 * POST /api/operator/members/search: newest members first. `query` matches a member id (a UUID),
 * a wallet address (whole or part, any case), an invitation code (whole, any case) or part of an
 * email; without it, every member.
 */
export const ZMemberSearchRequest = z.object({
  query: z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.invalid').max(254).optional(),
  ...ZPage,
});
export type TMemberSearchRequest = z.input<typeof ZMemberSearchRequest>;

export const MemberLevel = { MEMBER: 'member', AMBASSADOR: 'ambassador', VIP: 'vip' } as const;
export const MemberAccountStatus = { ACTIVE: 'active', DISABLED: 'disabled' } as const;

/** A member as the operators' lists show it. */
export const ZOperatorMember = z.object({
  id: z.string(),
  /** Null for a wallet-only member. */
  email: z.string().nullable(),
  /** EIP-55 checksummed; null before a wallet is bound. */
  walletAddress: z.string().nullable(),
  inviteCode: z.string(),
  level: z.enum([MemberLevel.MEMBER, MemberLevel.AMBASSADOR, MemberLevel.VIP]),
  status: z.enum([MemberAccountStatus.ACTIVE, MemberAccountStatus.DISABLED]),
  /** When compliance froze the account (null: not frozen). */
  frozenAt: z.string().nullable(),
  /** Null for a member invited by the programme's genesis code. */
  referrerId: z.string().nullable(),
  createdAt: z.string(),
});
export type TOperatorMember = z.infer<typeof ZOperatorMember>;
export const ZMemberSearchResponse = z.object({ list: z.array(ZOperatorMember), nextCursor: z.string().nullable() });
export type TMemberSearchResponse = z.infer<typeof ZMemberSearchResponse>;

/** POST /api/operator/members/detail */
export const ZMemberDetailRequest = z.object({ memberId: ZMemberId });
export type TMemberDetailRequest = z.input<typeof ZMemberDetailRequest>;

/** One balance of a member: every bucket that holds something (available, frozen, income, locked, staked). */
export const ZMemberBalance = z.object({ asset: z.string(), bucket: z.string(), balance: z.string() });
export type TMemberBalance = z.infer<typeof ZMemberBalance>;

/** One of a member's sign-in sessions (member app), newest first. */
export const ZMemberSession = z.object({
  id: z.string(),
  /** 1 password, 2 email code, -1 wallet (SPEC §3 loginType). */
  loginType: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** Neither revoked nor past its absolute expiry (the idle timeout may still end it). */
  active: z.boolean(),
});
export type TMemberSession = z.infer<typeof ZMemberSession>;

/** The newest sessions a member's page shows. */
export const MEMBER_DETAIL_SESSIONS = 20;

export const ZMemberDetail = z.object({
  member: ZOperatorMember.extend({ frozenReason: z.string().nullable() }),
  /** Who invited the member (null: the genesis code). */
  referrer: ZOperatorMember.pick({ id: true, email: true, walletAddress: true, inviteCode: true }).nullable(),
  team: z.object({
    /** Members this member invited. */
    directCount: z.number().int(),
    /** Every member below this one. */
    teamCount: z.number().int(),
    /** USDT: plans, ESOP and packages of the whole team below. */
    teamVolume: z.string(),
    kpcLevel: z.number().int(),
    esopLevel: z.number().int(),
  }),
  /** Every account with a balance, by asset then bucket (decimal strings). */
  balances: z.array(ZMemberBalance),
  /** The newest `MEMBER_DETAIL_SESSIONS` sessions. */
  sessions: z.array(ZMemberSession),
  /** Step 11 §2: the member's second steps (an authenticator app, passkeys). */
  twoStep: z.object({ totp: z.boolean(), passkeys: z.number().int() }),
});
export type TMemberDetail = z.infer<typeof ZMemberDetail>;

/** POST /api/operator/members/withdrawals, /deposits, /pledges, /cards, /team: one member's records, newest first. */
export const ZMemberRecordsRequest = z.object({ memberId: ZMemberId, ...ZPage });
export type TMemberRecordsRequest = z.input<typeof ZMemberRecordsRequest>;

/** POST /api/operator/members/flow: the member's asset flow (every posting), as `/api/ass/log` shows it. */
export const ZMemberFlowRequest = ZMemberRecordsRequest.extend({
  asset: ZAssetCode.optional(),
  type: ZEntryType.optional(),
});
export type TMemberFlowRequest = z.input<typeof ZMemberFlowRequest>;
// Answer: ZAssetLogResponse (@kpc/shared).

/** POST /api/operator/members/plans: `investment` orders (USDT) or `esop` orders (USDT paid, KPC allocated). */
export const ZMemberPlansRequest = ZMemberRecordsRequest.extend({
  kind: z.enum(['investment', 'esop'], { error: 'validation.invalid' }),
});
export type TMemberPlansRequest = z.input<typeof ZMemberPlansRequest>;
export const ZMemberPlansResponse = z.object({
  list: z.array(
    z.discriminatedUnion('kind', [
      ZInvestmentOrder.extend({ kind: z.literal('investment') }),
      ZEsopOrder.extend({ kind: z.literal('esop') }),
    ]),
  ),
  nextCursor: z.string().nullable(),
});
export type TMemberPlansResponse = z.infer<typeof ZMemberPlansResponse>;
// /pledges answers ZPledgesResponse (@kpc/shared); /cards answers ZCardListResponse plus `nextCursor: null`
// (a member has few cards: all of them, newest first).
export const ZMemberCardsResponse = ZCardListResponse.extend({ nextCursor: z.string().nullable() });
export type TMemberCardsResponse = z.infer<typeof ZMemberCardsResponse>;

/** POST /api/operator/members/applications: the member's card, global node or shareholder applications. */
export const ZMemberApplicationsRequest = ZMemberRecordsRequest.extend({
  kind: z.enum(['card', 'node', 'shareholder'], { error: 'validation.invalid' }),
});
export type TMemberApplicationsRequest = z.input<typeof ZMemberApplicationsRequest>;
export const ZMemberApplication = z.discriminatedUnion('kind', [
  ZCardApplication.extend({ kind: z.literal('card'), status: ZCardApplicationStatus }),
  ZOperatorNodeApplication.extend({ kind: z.literal('node') }),
  ZOperatorStockholderApplication.extend({ kind: z.literal('shareholder') }),
]);
export type TMemberApplication = z.infer<typeof ZMemberApplication>;
export const ZMemberApplicationsResponse = z.object({
  list: z.array(ZMemberApplication),
  nextCursor: z.string().nullable(),
});
export type TMemberApplicationsResponse = z.infer<typeof ZMemberApplicationsResponse>;

/** POST /api/operator/members/team: the members this member invited (direct), newest first. */
export const ZMemberTeamEntry = ZOperatorMember.extend({
  /** Every member below this one. */
  teamCount: z.number().int(),
});
export type TMemberTeamEntry = z.infer<typeof ZMemberTeamEntry>;
export const ZMemberTeamResponse = z.object({ list: z.array(ZMemberTeamEntry), nextCursor: z.string().nullable() });
export type TMemberTeamResponse = z.infer<typeof ZMemberTeamResponse>;
