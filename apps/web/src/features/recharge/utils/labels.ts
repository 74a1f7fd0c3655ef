import { ChannelStatus, DepositMethod, DepositStatus, type TChannelStatus, type TDepositMethod } from '@kpc/shared';

/**
 * Message keys of the codes the deposit page shows. A code this app does not know yet (a later
 * server's status) gets a generic label instead of the raw code.
 */

/**
 * One name per method, everywhere: Recharge is the wallet deposit through the Recharge contract
 * (connect, authorize, recharge); Deposit is sending USDT to the shown address (QR code).
 */
const METHOD_KEYS = {
  [DepositMethod.WALLET]: 'recharge.methods.wallet',
  [DepositMethod.TRANSFER]: 'recharge.methods.transfer',
} as const satisfies Record<TDepositMethod, string>;

const METHOD_HINT_KEYS = {
  [DepositMethod.WALLET]: 'recharge.methodHints.wallet',
  [DepositMethod.TRANSFER]: 'recharge.methodHints.transfer',
} as const satisfies Record<TDepositMethod, string>;

/** The methods in the order the page lists them. */
export const DEPOSIT_METHODS: readonly TDepositMethod[] = [DepositMethod.WALLET, DepositMethod.TRANSFER];

export function isDepositMethod(value: string | null): value is TDepositMethod {
  return value !== null && (DEPOSIT_METHODS as readonly string[]).includes(value);
}

/**
 * What `?channel=` names: a channel (`<chainId>-<method>`, its method read from the id), or only a
 * method (Home's Recharge and Deposit tiles: the networks of that method to choose from).
 */
export function readChannelParam(value: string | null): { channelId: string | null; method: TDepositMethod | null } {
  if (isDepositMethod(value)) return { channelId: null, method: value };
  const method = value?.match(/^\d+-(\w+)$/)?.[1] ?? null;
  return { channelId: value || null, method: isDepositMethod(method) ? method : null };
}

const CHANNEL_STATUS_KEYS = {
  [ChannelStatus.OPEN]: 'recharge.channelStatuses.open',
  [ChannelStatus.PAUSED]: 'recharge.channelStatuses.paused',
  [ChannelStatus.NOT_OPEN]: 'recharge.channelStatuses.not_open',
} as const satisfies Record<TChannelStatus, string>;

/** SPEC §8: what choosing a channel that is not open says. */
const CHANNEL_REFUSAL_KEYS = {
  [ChannelStatus.PAUSED]: 'recharge.channelPaused',
  [ChannelStatus.NOT_OPEN]: 'recharge.channelNotOpen',
} as const;

/** `sent`: a deposit this device sent that the server has not seen on the chain yet. */
export const SENT_STATUS = 'sent';

const DEPOSIT_STATUS_KEYS = {
  [SENT_STATUS]: 'recharge.statuses.sent',
  [DepositStatus.PENDING]: 'recharge.statuses.pending',
  [DepositStatus.CREDITED]: 'recharge.statuses.credited',
  [DepositStatus.BELOW_MINIMUM]: 'recharge.statuses.below_minimum',
  [DepositStatus.REORGED]: 'recharge.statuses.reorged',
} as const;

function lookup<K extends string, V extends string>(keys: Record<K, V>, code: string): V | undefined {
  return Object.hasOwn(keys, code) ? keys[code as K] : undefined;
}

export function getDepositMethodKey(method: string) {
  return lookup(METHOD_KEYS, method) ?? 'recharge.methods.other';
}

export function getDepositMethodHintKey(method: TDepositMethod) {
  return METHOD_HINT_KEYS[method];
}

export function getChannelStatusKey(status: string) {
  return lookup(CHANNEL_STATUS_KEYS, status) ?? 'recharge.channelStatuses.not_open';
}

/** The toast for choosing a channel that cannot be used now, or null when it is open. */
export function getChannelRefusalKey(status: string) {
  if (status === ChannelStatus.OPEN) return null;
  return lookup(CHANNEL_REFUSAL_KEYS, status) ?? 'recharge.channelNotOpen';
}

export function getDepositStatusKey(status: string) {
  return lookup(DEPOSIT_STATUS_KEYS, status) ?? 'recharge.statuses.other';
}

/** `n/20`: confirmations so far, never shown above what is required (SPEC §9). */
export function formatConfirmations(confirmations: number, required: number): string {
  const shown = Math.min(Math.max(0, Math.trunc(confirmations)), required);
  return `${shown}/${required}`;
}

/** A transaction hash short enough for a row: `0x1234…abcd`. */
export function shortenHash(hash: string): string {
  return hash.length <= 12 ? hash : `${hash.slice(0, 6)}…${hash.slice(-4)}`;
}
