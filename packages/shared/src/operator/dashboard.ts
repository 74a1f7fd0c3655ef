import { z } from 'zod';
import { ZOnChainBalance } from './payments.ts';

/**
 * The dashboard (Step 8a §4, dashboard.read): daily figures, house balances and the ledger check.
 * Amounts are decimal strings; days are UTC.
 */

export const DASHBOARD_DEFAULT_DAYS = 30;
export const DASHBOARD_MAX_DAYS = 90;

/** POST /api/operator/dashboard/daily: the last `days` days, today included. */
export const ZDashboardDailyRequest = z.object({
  days: z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(DASHBOARD_MAX_DAYS, 'validation.invalid')
    .optional(),
});
export type TDashboardDailyRequest = z.input<typeof ZDashboardDailyRequest>;

const ZCountAmount = z.object({ count: z.number().int(), amount: z.string() });

/** One UTC day's activity. Amounts are USDT unless noted. */
export const ZDashboardDay = z.object({
  /** `YYYY-MM-DD` (UTC). */
  day: z.string(),
  /** Members who signed up. */
  signUps: z.number().int(),
  /** Deposits credited to members that day (by credit time). */
  depositsCredited: ZCountAmount,
  /** Withdrawals that reached `completed` that day; `amount` is what members withdrew (fee included when taken from it). */
  withdrawalsCompleted: ZCountAmount,
  /** Investment plan orders joined (USDT paid). */
  planVolume: z.string(),
  /** ESOP orders joined (USDT paid). */
  esopVolume: z.string(),
  /** Pledges made; `amount` in KPC. */
  pledges: ZCountAmount,
  /** KLK broker packages bought (USDT paid). */
  brokerPackages: ZCountAmount,
  cardsIssued: z.number().int(),
  /** Airdrops paid that day (net of the handling fee, as members received them; later reversals do not change the day). */
  airdropsPaid: ZCountAmount,
});
export type TDashboardDay = z.infer<typeof ZDashboardDay>;
/** Oldest first, every day present (zeros included). */
export const ZDashboardDailyResponse = z.object({ days: z.array(ZDashboardDay) });
export type TDashboardDailyResponse = z.infer<typeof ZDashboardDailyResponse>;

/**
 * A house account of the ledger: the programme's side of every entry (its balance is the sum of its
 * postings). `treasury` is negative by what members hold from deposits; `fees`, `airdrop_fees` grow
 * with fees; `airdrop` is negative by what airdrops cost; `card_float` is what sits on cards.
 */
export const ZHouseBalance = z.object({ account: z.string(), asset: z.string(), balance: z.string() });
export type THouseBalance = z.infer<typeof ZHouseBalance>;

/** The programme's addresses on one chain, each with its balance at the head. */
export const ZChainBalances = z.object({
  chainId: z.number().int(),
  network: z.string(),
  /** The head the balances were read at; null when the node did not answer. */
  head: z.string().nullable(),
  /** Where contract deposits go (the Recharge contract's treasury), if a Recharge contract is configured. */
  treasury: ZOnChainBalance.nullable(),
  /** Where members send USDT directly, if configured. */
  depositAddress: ZOnChainBalance.nullable(),
  /** The wallet that pays withdrawals, if configured. */
  hotWallet: ZOnChainBalance.nullable(),
});
export type TChainBalances = z.infer<typeof ZChainBalances>;

/** POST /api/operator/dashboard/balances */
export const ZDashboardBalancesResponse = z.object({
  house: z.array(ZHouseBalance),
  /** Chains with a node configured. */
  chains: z.array(ZChainBalances),
});
export type TDashboardBalancesResponse = z.infer<typeof ZDashboardBalancesResponse>;

export const LedgerProblem = {
  /** An entry whose postings do not sum to zero for an asset. */
  UNBALANCED_ENTRY: 'unbalanced_entry',
  /** A member account whose stored balance is not the sum of its postings. */
  DRIFTED_ACCOUNT: 'drifted_account',
  /** A member account whose last posting's balance-after is not its stored balance. */
  STALE_ACCOUNT: 'stale_account',
  /** A member account below zero. */
  NEGATIVE_ACCOUNT: 'negative_account',
} as const;
export type TLedgerProblem = (typeof LedgerProblem)[keyof typeof LedgerProblem];

/** Most examples a ledger check answers. */
export const LEDGER_CHECK_EXAMPLES = 20;

/** POST /api/operator/dashboard/ledger-check: every balance equals its postings, every entry balances. */
export const ZLedgerCheckResponse = z.object({
  /** No problem of any kind (the console shows red otherwise). */
  ok: z.boolean(),
  checkedAt: z.string(),
  unbalancedEntries: z.number().int(),
  driftedAccounts: z.number().int(),
  staleAccounts: z.number().int(),
  negativeAccounts: z.number().int(),
  /** Up to LEDGER_CHECK_EXAMPLES problems, for a look at the rows. */
  examples: z.array(
    z.object({
      problem: z.enum(Object.values(LedgerProblem) as [TLedgerProblem, ...TLedgerProblem[]]),
      /** The entry's id (unbalanced) or the account's id. */
      id: z.string(),
      asset: z.string(),
      /** The member of the account or entry, if any. */
      memberId: z.string().nullable(),
      /** Unbalanced: the postings' sum; drifted: stored balance vs the postings' sum. */
      detail: z.string(),
    }),
  ),
});
export type TLedgerCheckResponse = z.infer<typeof ZLedgerCheckResponse>;
