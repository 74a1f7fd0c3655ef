import { describe, expect, it } from 'vitest';
import {
  choosePair,
  getQuoteDeadline,
  getReceiveAssets,
  getSecondsLeft,
  getSendAssets,
  getSwappedPair,
} from './quote.ts';

const pairs = [
  { from: 'USDT', to: 'KPC', feeRate: '0.003', minAmount: '1' },
  { from: 'KPC', to: 'USDT', feeRate: '0.005', minAmount: '10' },
  { from: 'USDT', to: 'ETH', feeRate: '0.001', minAmount: '5' },
];

describe('quote countdown', () => {
  it('counts quoteSeconds from when the quote was asked for, whatever the device clock says of expiresAt', () => {
    const requestedAt = Date.parse('2026-01-01T00:00:00Z');
    // The server's clock is 5 minutes behind this device: expiresAt alone would read as long gone.
    expect(getQuoteDeadline(requestedAt, 30, '2025-12-31T23:55:30Z')).toBe(requestedAt + 30_000);
    expect(getQuoteDeadline(requestedAt, 0, '2026-01-01T00:00:20Z')).toBe(requestedAt + 20_000);
    expect(getQuoteDeadline(requestedAt, 0, 'not a date')).toBe(requestedAt);
  });

  it('shows whole seconds rounded up and stops at 0', () => {
    expect(getSecondsLeft(30_000, 0)).toBe(30);
    expect(getSecondsLeft(30_000, 100)).toBe(30);
    expect(getSecondsLeft(30_000, 29_001)).toBe(1);
    expect(getSecondsLeft(30_000, 30_000)).toBe(0);
    expect(getSecondsLeft(30_000, 45_000)).toBe(0);
  });
});

describe('pairs', () => {
  it('lists what can be sent and what each can become', () => {
    expect(getSendAssets(pairs)).toEqual(['USDT', 'KPC']);
    expect(getReceiveAssets(pairs, 'USDT')).toEqual(['KPC', 'ETH']);
    expect(getReceiveAssets(pairs, 'KPC')).toEqual(['USDT']);
  });

  it('keeps the wanted pair when open, else the nearest open one', () => {
    expect(choosePair(pairs, {})).toEqual({ from: 'USDT', to: 'KPC' });
    expect(choosePair(pairs, { from: 'USDT', to: 'ETH' })).toEqual({ from: 'USDT', to: 'ETH' });
    // KPC -> ETH is not open: keep sending KPC.
    expect(choosePair(pairs, { from: 'KPC', to: 'ETH' })).toEqual({ from: 'KPC', to: 'USDT' });
    expect(choosePair([], {})).toBeNull();
  });

  it('swaps only to an open pair', () => {
    expect(getSwappedPair(pairs, { from: 'USDT', to: 'KPC' })).toEqual({ from: 'KPC', to: 'USDT' });
    expect(getSwappedPair(pairs, { from: 'USDT', to: 'ETH' })).toBeNull();
  });
});
