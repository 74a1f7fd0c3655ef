import {
  ACCELERATE_AFTER_SECONDS,
  DepositMethod,
  DepositStatus,
  type TDeposit,
  type TDepositMethod,
} from '@kpc/shared';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/config/storage.ts';

/**
 * Recharges (wallet deposits) sent from this device, remembered until the server has seen them: the page shows
 * them at once (the chain needs a moment), and SPEC §9's Accelerate appears on one that has not
 * arrived within 3 minutes, with its hash filled in.
 */
export interface SentDeposit {
  txHash: string;
  chainId: number;
  /** The wallet that sent it: only its member's page shows it. */
  from: string;
  /** Decimal string in USDT. */
  amount: string;
  /** Epoch ms on this device. */
  sentAt: number;
}

/** Older sends are forgotten: by then the deposit is in the server's list or never happened. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_KEPT = 20;
/** How long the page keeps asking about a send the server has not seen yet. */
const WATCH_UNSEEN_MS = 30 * 60 * 1000;
const ACCELERATE_AFTER_MS = ACCELERATE_AFTER_SECONDS * 1000;

function isSentDeposit(value: unknown): value is SentDeposit {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.txHash === 'string' &&
    /^0x[0-9a-fA-F]{64}$/.test(entry.txHash) &&
    typeof entry.chainId === 'number' &&
    typeof entry.from === 'string' &&
    typeof entry.amount === 'string' &&
    typeof entry.sentAt === 'number'
  );
}

function keepRecent(entries: readonly SentDeposit[], nowMs: number): SentDeposit[] {
  return entries
    .filter((entry) => nowMs - entry.sentAt < KEEP_MS)
    .sort((a, b) => b.sentAt - a.sentAt)
    .slice(0, MAX_KEPT);
}

/** The remembered sends, newest first; anything unreadable is ignored. */
export function readSentDeposits(nowMs: number = Date.now()): SentDeposit[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.sentDeposits) ?? '[]');
    return Array.isArray(parsed) ? keepRecent(parsed.filter(isSentDeposit), nowMs) : [];
  } catch {
    return [];
  }
}

/** Remembers a send and returns the list as now stored. */
export function rememberSentDeposit(entry: SentDeposit, nowMs: number = Date.now()): SentDeposit[] {
  const others = readSentDeposits(nowMs).filter((kept) => !isSameHash(kept.txHash, entry.txHash));
  const next = keepRecent([entry, ...others], nowMs);
  writeStorage(STORAGE_KEYS.sentDeposits, JSON.stringify(next));
  return next;
}

function isSameHash(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** One line of the page's deposit list: what the server knows, what this device sent, or both. */
export interface DepositRow {
  txHash: string;
  /** null: sent from here, not seen on the chain by the server yet. */
  deposit: TDeposit | null;
  /** null: the server found it (e.g. a transfer from another app). */
  sent: SentDeposit | null;
}

/**
 * The rows for one channel (chain and method) and wallet: sends the server has not seen yet first,
 * then the server's deposits in its order, each matched with its send (by hash, whatever the letter
 * case). Sends from this device are recharges (the wallet method): a deposit page shows none.
 */
export function listDepositRows(
  deposits: readonly TDeposit[],
  sent: readonly SentDeposit[],
  scope: { chainId: number; from: string; method: TDepositMethod },
): DepositRow[] {
  const mine =
    scope.method === DepositMethod.WALLET
      ? sent.filter((entry) => entry.chainId === scope.chainId && isSameHash(entry.from, scope.from))
      : [];
  const findSent = (txHash: string) => mine.find((entry) => isSameHash(entry.txHash, txHash)) ?? null;
  const unseen = mine
    .filter((entry) => !deposits.some((deposit) => isSameHash(deposit.txHash, entry.txHash)))
    .map((entry): DepositRow => ({ txHash: entry.txHash, deposit: null, sent: entry }));
  const known = deposits
    .filter((deposit) => deposit.chainId === scope.chainId && deposit.method === scope.method)
    .map((deposit): DepositRow => ({ txHash: deposit.txHash, deposit, sent: findSent(deposit.txHash) }));
  return [...unseen, ...known];
}

/** SPEC §9: a send from here not credited within 3 minutes may be accelerated. */
export function canAccelerate(row: DepositRow, nowMs: number): boolean {
  if (!row.sent) return false;
  if (row.deposit && row.deposit.status !== DepositStatus.PENDING) return false;
  return nowMs - row.sent.sentAt >= ACCELERATE_AFTER_MS;
}

/** Whether the list is still moving: a deposit counting confirmations, or a recent send not seen yet. */
export function isAwaitingDeposits(rows: readonly DepositRow[], nowMs: number): boolean {
  return rows.some((row) =>
    row.deposit
      ? row.deposit.status === DepositStatus.PENDING
      : row.sent !== null && nowMs - row.sent.sentAt < WATCH_UNSEEN_MS,
  );
}

/** Forgets a send that failed on the chain; returns the list as now stored. */
export function forgetSentDeposit(txHash: string, nowMs: number = Date.now()): SentDeposit[] {
  const next = readSentDeposits(nowMs).filter((kept) => !isSameHash(kept.txHash, txHash));
  writeStorage(STORAGE_KEYS.sentDeposits, JSON.stringify(next));
  return next;
}
