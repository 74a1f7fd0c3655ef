import { Bucket, EntryType, RecordKind, type TBucket, type TEntryType, type TRecordKind } from '@kpc/shared';

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

/** Statuses of financial records; exchanges and transfers are `completed`, Step 4 brings the rest. */
const RECORD_STATUS_KEYS = {
  completed: 'history.statuses.completed',
  pending: 'history.statuses.pending',
  processing: 'history.statuses.processing',
  failed: 'history.statuses.failed',
  rejected: 'history.statuses.rejected',
  cancelled: 'history.statuses.cancelled',
} as const;

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
