import { z } from 'zod';
import { parseIsoDate } from '../card.ts';
import { LEDGER_SCALE, MAX_AMOUNT_INTEGER_DIGITS } from '../money.ts';
import { ZCursor, ZLimit, ZRequestId } from './common.ts';

/**
 * Assets, balances, the asset flow and transfers (Step 3, SPEC §3 "Asset balances", §7 `/api/ass/lst`).
 * Amounts are decimal strings; the server checks them against each asset's decimals.
 */

/** Where a member's funds of one asset sit. */
export const Bucket = {
  AVAILABLE: 'available',
  FROZEN: 'frozen',
  /** Released plan income, moved to available by a transfer (SPEC §1). */
  INCOME: 'income',
  /** Locked in a plan (Step 5). */
  LOCKED: 'locked',
  /** Staked (Step 6). */
  STAKED: 'staked',
} as const;
export const ZBucket = z.enum(Object.values(Bucket) as [string, ...string[]]);
export type TBucket = (typeof Bucket)[keyof typeof Bucket];

/** What caused a ledger entry; the asset flow filters by it. */
export const EntryType = {
  EXCHANGE: 'exchange',
  TRANSFER: 'transfer',
  DEPOSIT: 'deposit',
  WITHDRAW: 'withdraw',
  /** Test funds from the development faucet (never in production). */
  DEV_FAUCET: 'dev_faucet',
  ADJUSTMENT: 'adjustment',
  /** Plans (Step 5): joining an investment or ESOP plan, and pledging KPC. */
  PLAN_JOIN: 'plan_join',
  ESOP_JOIN: 'esop_join',
  PLEDGE: 'pledge',
  /** An early redemption: the principal back, less its burned penalty. */
  PLEDGE_REDEEM: 'pledge_redeem',
  /** The release engine: a day's investment income, an ESOP phase, a pledge's reward and its maturity. */
  PLAN_RELEASE: 'plan_release',
  ESOP_RELEASE: 'esop_release',
  PLEDGE_REWARD: 'pledge_reward',
  PLEDGE_MATURITY: 'pledge_maturity',
  /** Step 6: a broker package bought; a global node paid for, and refunded when refused. */
  KLK_PURCHASE: 'klk_purchase',
  NODE_PAYMENT: 'node_payment',
  NODE_REFUND: 'node_refund',
  /** Step 6: a card application paid from the balance (fees and the initial top-up), and its refund when KYC rejects it. */
  CARD_FEE: 'card_fee',
  CARD_REFUND: 'card_refund',
  /** Step 6: USDT loaded onto a card (with its fee), and its reversal when the issuer refuses it. */
  CARD_TOPUP: 'card_topup',
  CARD_TOPUP_REVERSAL: 'card_topup_reversal',
  /** Step 6: a card's monthly fee (SPEC §9), one entry per card and month. */
  CARD_MONTHLY_FEE: 'card_monthly_fee',
  /** Step 7: an airdrop to a referrer for a qualifying event of their team, net of the handling fee (SPEC §9). */
  AIRDROP: 'airdrop',
  /** Step 7: an airdrop taken back once because its event was refunded. */
  AIRDROP_REVERSAL: 'airdrop_reversal',
} as const;
export type TEntryType = (typeof EntryType)[keyof typeof EntryType];
export const ZEntryType = z.enum(Object.values(EntryType) as [TEntryType, ...TEntryType[]], {
  error: 'validation.invalid',
});

export const ZAssetCode = z
  .string({ error: 'validation.assetRequired' })
  .trim()
  .min(1, 'validation.assetRequired')
  .regex(/^[A-Z][A-Z0-9]{1,15}$/, 'validation.assetRequired');

/**
 * A plain decimal the ledger can hold and sum: at most `MAX_AMOUNT_INTEGER_DIGITS` integer digits
 * (leading zeros aside) and `LEDGER_SCALE` decimals; no sign, exponent or separators.
 */
const AMOUNT_PATTERN = new RegExp(`^0*\\d{1,${MAX_AMOUNT_INTEGER_DIGITS}}(?:\\.\\d{1,${LEDGER_SCALE}})?$`);

/** A positive decimal string typed by a member (SPEC §5 "Enter a valid amount"). */
export const ZAmount = z
  .string({ error: 'validation.amountRequired' })
  .trim()
  .min(1, 'validation.amountRequired')
  .max(40, 'validation.amountInvalid')
  .regex(AMOUNT_PATTERN, 'validation.amountInvalid')
  .refine((value) => /[1-9]/.test(value), 'validation.amountInvalid');

/**
 * An amount the app showed the member (a price, what an upgrade pays now) and sends back as it
 * was shown, so the server refuses a charge that differs (PRICE_CHANGED): a plain decimal, zero allowed.
 */
export const ZShownAmount = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(40, 'validation.invalid')
  .regex(AMOUNT_PATTERN, 'validation.invalid');

/** One asset of `/api/ass/lst`. */
export const ZAssetBalance = z.object({
  asset: z.string(),
  decimals: z.number().int(),
  available: z.string(),
  frozen: z.string(),
  /** Released plan income, not yet transferred to available. */
  income: z.string(),
  /** Locked in an ESOP plan until its phases release it. */
  locked: z.string(),
  /** Staked in pledges until they mature or are redeemed. */
  staked: z.string(),
  /**
   * Everything the member holds of this asset (the five buckets above), valued in USDT at the
   * current price: the sum of each bucket's value, each rounded down to USDT's decimals.
   */
  valueUsdt: z.string(),
});
export type TAssetBalance = z.infer<typeof ZAssetBalance>;

/**
 * The estimated total by where the funds sit, every asset together, in USDT: each bucket's value
 * rounded down as in `valueUsdt`. The five add up to `allQuantity` exactly.
 */
export const ZAssetTotalParts = z.object({
  available: z.string(),
  frozen: z.string(),
  income: z.string(),
  locked: z.string(),
  staked: z.string(),
});
export type TAssetTotalParts = z.infer<typeof ZAssetTotalParts>;

/**
 * POST /api/ass/lst (SPEC §7): `lst` per asset and `allQuantity`, the estimated total in USDT,
 * which is the sum of the assets' `valueUsdt` and of `parts`, exactly (so a member can add it up).
 */
export const ZAssetListResponse = z.object({
  lst: z.array(ZAssetBalance),
  allQuantity: z.string(),
  parts: ZAssetTotalParts,
  price: z.string(),
});
export type TAssetListResponse = z.infer<typeof ZAssetListResponse>;

/** POST /api/card/getPrice (SPEC §7): KPC's current price in USDT. */
export const ZPriceResponse = z.object({ price: z.string(), updatedAt: z.string() });
export type TPriceResponse = z.infer<typeof ZPriceResponse>;

/** POST /api/ass/log — the asset flow: every posting to the member's accounts, newest first. */
export const ZAssetLogRequest = z.object({
  asset: ZAssetCode.optional(),
  type: ZEntryType.optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export type TAssetLogRequest = z.input<typeof ZAssetLogRequest>;
export const ZAssetLogItem = z.object({
  id: z.string(),
  type: z.string(),
  asset: z.string(),
  bucket: z.string(),
  /** Signed: negative when funds left this bucket. */
  amount: z.string(),
  balanceAfter: z.string(),
  createdAt: z.string(),
  /** Step 8b: an operator adjustment's public reason (its internal reason is never sent). */
  note: z.string().optional(),
});
export type TAssetLogItem = z.infer<typeof ZAssetLogItem>;
export const ZAssetLogResponse = z.object({ list: z.array(ZAssetLogItem), nextCursor: z.string().nullable() });
export type TAssetLogResponse = z.infer<typeof ZAssetLogResponse>;

/** POST /api/ass/transfer — moves released income funds into available (SPEC §1, §8 "Transfer Success"). */
export const ZTransferRequest = z.object({ asset: ZAssetCode, amount: ZAmount, requestId: ZRequestId });
export type TTransferRequest = z.input<typeof ZTransferRequest>;
export const ZTransferRecord = z.object({
  id: z.string(),
  asset: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});
export type TTransferRecord = z.infer<typeof ZTransferRecord>;

/** Kinds of financial record (SPEC §2 `/pages/asset/history`); deposits and withdrawals come with Step 4. */
export const RecordKind = {
  DEPOSIT: 'deposit',
  WITHDRAW: 'withdraw',
  EXCHANGE: 'exchange',
  TRANSFER: 'transfer',
} as const;
export type TRecordKind = (typeof RecordKind)[keyof typeof RecordKind];

/** POST /api/ass/history — financial records, newest first. */
export const ZHistoryRequest = z.object({
  kind: z
    .enum(Object.values(RecordKind) as [TRecordKind, ...TRecordKind[]], { error: 'validation.invalid' })
    .optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit.optional(),
});
export type THistoryRequest = z.input<typeof ZHistoryRequest>;
export const ZHistoryItem = z.object({
  id: z.string(),
  kind: z.string(),
  /** `completed` for exchanges, transfers and credited deposits; a withdrawal carries its state (`WithdrawStatus`). */
  status: z.string(),
  asset: z.string(),
  amount: z.string(),
  /** For an exchange: what was received. */
  toAsset: z.string().nullable(),
  toAmount: z.string().nullable(),
  fee: z.string().nullable(),
  /** Deposits and withdrawals: the chain, its network name, the chain transaction and the withdrawal's address. */
  chainId: z.number().int().nullable(),
  network: z.string().nullable(),
  txHash: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type THistoryItem = z.infer<typeof ZHistoryItem>;
export const ZHistoryResponse = z.object({ list: z.array(ZHistoryItem), nextCursor: z.string().nullable() });
export type THistoryResponse = z.infer<typeof ZHistoryResponse>;

/** What POST /api/ass/export writes: the asset flow (`/api/ass/log`) or the financial records (`/api/ass/history`). */
export const HistoryExportSource = {
  ASSET_FLOW: 'asset_flow',
  FINANCIAL_RECORDS: 'financial_records',
} as const;
export type THistoryExportSource = (typeof HistoryExportSource)[keyof typeof HistoryExportSource];

/** The most days one export covers, both ends counted: a leap year. */
export const HISTORY_EXPORT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

/** A calendar day `YYYY-MM-DD`: 00:00 UTC of it. Only for a date `ZExportDate` accepted. */
export function startOfUtcDate(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/** Days from `fromDate` to `toDate` (`YYYY-MM-DD`), both counted: 1 when they are the same day. */
export function daysInRange(fromDate: string, toDate: string): number {
  return Math.round((startOfUtcDate(toDate).getTime() - startOfUtcDate(fromDate).getTime()) / DAY_MS) + 1;
}

/** A UTC calendar day, `YYYY-MM-DD` (2026-02-30 is no day). */
export const ZExportDate = z
  .string({ error: 'validation.dateInvalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid')
  .refine((value) => parseIsoDate(value) !== null, 'validation.dateInvalid');

/**
 * POST /api/ass/export — the member's asset flow or financial records from `fromDate` to `toDate`,
 * both whole UTC days (00:00 UTC of `fromDate` up to, not including, 00:00 UTC of the day after
 * `toDate`), at most HISTORY_EXPORT_MAX_DAYS, optionally of one asset. Answered as a CSV file, not
 * the envelope; a refusal is the envelope as usual.
 */
export const ZHistoryExportRequest = z
  .object({
    source: z.enum(Object.values(HistoryExportSource) as [THistoryExportSource, ...THistoryExportSource[]], {
      error: 'validation.invalid',
    }),
    fromDate: ZExportDate,
    toDate: ZExportDate,
    asset: ZAssetCode.optional(),
  })
  .refine((request) => request.fromDate <= request.toDate, {
    message: 'validation.dateRangeOrder',
    path: ['toDate'],
  })
  .refine((request) => daysInRange(request.fromDate, request.toDate) <= HISTORY_EXPORT_MAX_DAYS, {
    message: 'validation.dateRangeTooLong',
    path: ['toDate'],
  });
export type THistoryExportRequest = z.input<typeof ZHistoryExportRequest>;

/** The export's file name: `kpc-asset-flow-2026-10-28-2026-11-27.csv`. */
export function historyExportFileName(request: Pick<THistoryExportRequest, 'source' | 'fromDate' | 'toDate'>): string {
  const name = request.source === HistoryExportSource.ASSET_FLOW ? 'asset-flow' : 'financial-records';
  return `kpc-${name}-${request.fromDate}-${request.toDate}.csv`;
}
