import type { TExchangePair } from '@kpc/shared';

/**
 * When a quote stops being usable, in this device's clock. Counting `quoteSeconds` from the moment
 * the quote was asked for keeps the countdown right however far the device's clock is from the
 * server's, and never later than the server's own expiry (the server quoted after the ask left).
 * Without `quoteSeconds` the server's `expiresAt` is used as it is.
 */
export function getQuoteDeadline(requestedAtMs: number, quoteSeconds: number, expiresAt: string): number {
  if (quoteSeconds > 0) return requestedAtMs + quoteSeconds * 1000;
  const serverDeadline = Date.parse(expiresAt);
  return Number.isNaN(serverDeadline) ? requestedAtMs : serverDeadline;
}

/** Whole seconds left until `deadlineMs`, rounded up; 0 once it has passed. */
export function getSecondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** The assets that can be sent, in the order of the pairs. */
export function getSendAssets(pairs: readonly TExchangePair[]): string[] {
  return [...new Set(pairs.map((pair) => pair.from))];
}

/** The assets `from` can be exchanged into. */
export function getReceiveAssets(pairs: readonly TExchangePair[], from: string): string[] {
  return [...new Set(pairs.filter((pair) => pair.from === from).map((pair) => pair.to))];
}

export function findPair(pairs: readonly TExchangePair[], from: string, to: string): TExchangePair | undefined {
  return pairs.find((pair) => pair.from === from && pair.to === to);
}

export interface PairChoice {
  from: string;
  to: string;
}

/**
 * The pair to show after the member picks a send or receive asset: the wanted one when it is open,
 * else the closest open one (same send asset first), else the first pair; null without pairs.
 */
export function choosePair(pairs: readonly TExchangePair[], wanted: Partial<PairChoice>): PairChoice | null {
  const exact = wanted.from && wanted.to ? findPair(pairs, wanted.from, wanted.to) : undefined;
  const sameFrom = wanted.from ? pairs.find((pair) => pair.from === wanted.from) : undefined;
  const sameTo = wanted.to ? pairs.find((pair) => pair.to === wanted.to) : undefined;
  const pair = exact ?? sameFrom ?? sameTo ?? pairs[0];
  return pair ? { from: pair.from, to: pair.to } : null;
}

/** The swapped pair when its reverse is open, else null (the swap button is then disabled). */
export function getSwappedPair(pairs: readonly TExchangePair[], choice: PairChoice): PairChoice | null {
  return findPair(pairs, choice.to, choice.from) ? { from: choice.to, to: choice.from } : null;
}
