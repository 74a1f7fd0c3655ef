import {
  Bucket,
  EntryType,
  isWithdrawalInFlight,
  RecordKind,
  WithdrawStatus,
  type TBucket,
  type TEntryType,
  type TRecordKind,
  type TWithdrawStatus,
} from '@kpc/shared';

/**
 * Message keys of the codes the asset lists show. Codes this app does not know yet (a later step's
 * entry type or withdrawal status) get a generic label instead of a raw code.
 */

const ENTRY_TYPE_KEYS = {
  [EntryType.EXCHANGE]: 'assetLog.types.exchange',
  [EntryType.TRANSFER]: 'assetLog.types.transfer',
  [EntryType.DEPOSIT]: 'assetLog.types.deposit',
  [EntryType.WITHDRAW]: 'assetLog.types.withdraw',
  [EntryType.DEV_FAUCET]: 'assetLog.types.dev_faucet',
  [EntryType.ADJUSTMENT]: 'assetLog.types.adjustment',
  [EntryType.PLAN_JOIN]: 'assetLog.types.plan_join',
  [EntryType.ESOP_JOIN]: 'assetLog.types.esop_join',
  [EntryType.PLEDGE]: 'assetLog.types.pledge',
  [EntryType.PLEDGE_REDEEM]: 'assetLog.types.pledge_redeem',
  [EntryType.PLAN_RELEASE]: 'assetLog.types.plan_release',
  [EntryType.ESOP_RELEASE]: 'assetLog.types.esop_release',
  [EntryType.PLEDGE_REWARD]: 'assetLog.types.pledge_reward',
  [EntryType.PLEDGE_MATURITY]: 'assetLog.types.pledge_maturity',
  [EntryType.KLK_PURCHASE]: 'assetLog.types.klk_purchase',
  [EntryType.NODE_PAYMENT]: 'assetLog.types.node_payment',
  [EntryType.NODE_REFUND]: 'assetLog.types.node_refund',
  [EntryType.CARD_FEE]: 'assetLog.types.card_fee',
  [EntryType.CARD_REFUND]: 'assetLog.types.card_refund',
  [EntryType.CARD_TOPUP]: 'assetLog.types.card_topup',
  [EntryType.CARD_TOPUP_REVERSAL]: 'assetLog.types.card_topup_reversal',
  [EntryType.CARD_MONTHLY_FEE]: 'assetLog.types.card_monthly_fee',
  [EntryType.AIRDROP]: 'assetLog.types.airdrop',
  [EntryType.AIRDROP_REVERSAL]: 'assetLog.types.airdrop_reversal',
} as const satisfies Record<TEntryType, string>;

const BUCKET_KEYS = {
  [Bucket.AVAILABLE]: 'assetLog.buckets.available',
  [Bucket.FROZEN]: 'assetLog.buckets.frozen',
  [Bucket.INCOME]: 'assetLog.buckets.income',
  [Bucket.LOCKED]: 'assetLog.buckets.locked',
  [Bucket.STAKED]: 'assetLog.buckets.staked',
} as const satisfies Record<TBucket, string>;

const RECORD_KIND_KEYS = {
  [RecordKind.DEPOSIT]: 'history.kinds.deposit',
  [RecordKind.WITHDRAW]: 'history.kinds.withdraw',
  [RecordKind.EXCHANGE]: 'history.kinds.exchange',
  [RecordKind.TRANSFER]: 'history.kinds.transfer',
} as const satisfies Record<TRecordKind, string>;

/** Statuses of financial records: exchanges, transfers and credited deposits are `completed`; a withdrawal carries its state. */
const RECORD_STATUS_KEYS = {
  [WithdrawStatus.SUBMITTED]: 'history.statuses.submitted',
  [WithdrawStatus.APPROVED]: 'history.statuses.approved',
  [WithdrawStatus.SENDING]: 'history.statuses.sending',
  [WithdrawStatus.CONFIRMING]: 'history.statuses.confirming',
  [WithdrawStatus.COMPLETED]: 'history.statuses.completed',
  [WithdrawStatus.REJECTED]: 'history.statuses.rejected',
  [WithdrawStatus.FAILED]: 'history.statuses.failed',
  // A payout whose receipt no node shows yet: to the member it is still confirming (its funds stay
  // frozen, nothing is lost) until the receipt appears or an operator settles it.
  [WithdrawStatus.UNKNOWN]: 'history.statuses.confirming',
  pending: 'history.statuses.pending',
  processing: 'history.statuses.processing',
  cancelled: 'history.statuses.cancelled',
} as const satisfies Record<TWithdrawStatus, string> & Record<string, string>;

/** Where a record stands, for its colour: still moving (neutral), done (green) or stopped (red). */
export type RecordStatusTone = 'pending' | 'done' | 'failed';
const FAILED_STATUSES: readonly string[] = [WithdrawStatus.REJECTED, WithdrawStatus.FAILED, 'cancelled'];

function lookup<K extends string, V extends string>(keys: Record<K, V>, code: string): V | undefined {
  return Object.hasOwn(keys, code) ? keys[code as K] : undefined;
}

export const ENTRY_TYPES = Object.keys(ENTRY_TYPE_KEYS) as TEntryType[];
export const RECORD_KINDS = Object.keys(RECORD_KIND_KEYS) as TRecordKind[];

export function getEntryTypeKey(type: string) {
  return lookup(ENTRY_TYPE_KEYS, type) ?? 'assetLog.types.other';
}

export function getBucketKey(bucket: string) {
  return lookup(BUCKET_KEYS, bucket) ?? 'assetLog.buckets.other';
}

export function getRecordKindKey(kind: string) {
  return lookup(RECORD_KIND_KEYS, kind) ?? 'history.kinds.other';
}

export function getRecordStatusKey(status: string) {
  return lookup(RECORD_STATUS_KEYS, status) ?? 'history.statuses.other';
}

export function getRecordStatusTone(status: string): RecordStatusTone {
  if (status === WithdrawStatus.COMPLETED) return 'done';
  return FAILED_STATUSES.includes(status) ? 'failed' : 'pending';
}

/** Deposits and withdrawals move money on a chain: their records show network, address and transaction. */
export function isChainRecord(kind: string): boolean {
  return kind === RecordKind.DEPOSIT || kind === RecordKind.WITHDRAW;
}

/** Whether a withdrawal among `records` may still change (its status and hash): the list refreshes while one does. */
export function hasWithdrawalInFlight(records: readonly { kind: string; status: string }[]): boolean {
  return records.some((record) => record.kind === RecordKind.WITHDRAW && isWithdrawalInFlight(record.status));
}

/** A transaction hash short enough for a list row, still recognisable: `0x1234ab...cdef`. */
export function shortenTxHash(hash: string): string {
  return hash.length <= 16 ? hash : `${hash.slice(0, 8)}...${hash.slice(-6)}`;
}

/** `positive`, `negative` or `zero`: the colour of a signed amount (green in, red out). */
export function getAmountSign(amount: string): 'positive' | 'negative' | 'zero' {
  const text = amount.trim();
  if (!/[1-9]/.test(text)) return 'zero';
  return text.startsWith('-') ? 'negative' : 'positive';
}

/** A signed amount for display: `+12.5` or `-3`, formatted per SPEC §9. */
export function formatSignedAmount(formatted: string, amount: string): string {
  return getAmountSign(amount) === 'positive' ? `+${formatted}` : formatted;
}
