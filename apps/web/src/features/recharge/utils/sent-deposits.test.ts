// @vitest-environment happy-dom
import type { TDeposit } from '@kpc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage.ts';
import {
  canAccelerate,
  forgetSentDeposit,
  isAwaitingDeposits,
  listDepositRows,
  readSentDeposits,
  rememberSentDeposit,
  type SentDeposit,
} from './sent-deposits.ts';

const MEMBER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const NOW = Date.parse('2026-03-01T12:00:00Z');
const MINUTE = 60_000;
const hash = (digit: string) => `0x${digit.repeat(64)}`;

function sent(overrides: Partial<SentDeposit> = {}): SentDeposit {
  return { txHash: hash('a'), chainId: 31337, from: MEMBER, amount: '12.5', sentAt: NOW, ...overrides };
}

function deposit(overrides: Partial<TDeposit> = {}): TDeposit {
  return {
    id: '1',
    chainId: 31337,
    network: 'Local test network',
    txHash: hash('a'),
    method: 'wallet',
    asset: 'USDT',
    amount: '12.5',
    status: 'pending',
    confirmations: 3,
    required: 20,
    createdAt: '2026-03-01T12:00:05.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
});

describe('sends remembered on this device', () => {
  it('are kept newest first, once per hash, and read back', () => {
    rememberSentDeposit(sent({ txHash: hash('a'), sentAt: NOW - MINUTE }), NOW);
    rememberSentDeposit(sent({ txHash: hash('b'), sentAt: NOW }), NOW);
    rememberSentDeposit(sent({ txHash: hash('a').toUpperCase().replace('0X', '0x'), sentAt: NOW + 1 }), NOW);
    expect(readSentDeposits(NOW).map((entry) => entry.sentAt)).toEqual([NOW + 1, NOW]);
  });

  it('forget a send that failed, and old ones after a week', () => {
    rememberSentDeposit(sent({ txHash: hash('a') }), NOW);
    rememberSentDeposit(sent({ txHash: hash('b') }), NOW);
    expect(forgetSentDeposit(hash('a'), NOW).map((entry) => entry.txHash)).toEqual([hash('b')]);
    expect(readSentDeposits(NOW + 8 * 24 * 60 * MINUTE)).toEqual([]);
  });

  it('ignore whatever in storage is not a send', () => {
    localStorage.setItem(STORAGE_KEYS.sentDeposits, JSON.stringify([{ txHash: 'nope' }, sent(), 7]));
    expect(readSentDeposits(NOW)).toEqual([sent()]);
    localStorage.setItem(STORAGE_KEYS.sentDeposits, '{broken');
    expect(readSentDeposits(NOW)).toEqual([]);
  });
});

describe('the deposit list', () => {
  const scope = { chainId: 31337, from: MEMBER, method: 'wallet' } as const;

  it('shows sends the server has not seen first, then its deposits matched with their sends', () => {
    const mine = [
      sent({ txHash: hash('b'), sentAt: NOW }),
      sent({ txHash: hash('a'), sentAt: NOW - MINUTE }),
      sent({ txHash: hash('c'), chainId: 137 }),
      sent({ txHash: hash('d'), from: OTHER }),
    ];
    const rows = listDepositRows([deposit({ txHash: hash('a').toUpperCase().replace('0X', '0x') })], mine, scope);
    expect(rows.map((row) => [row.txHash, row.deposit?.status ?? null, row.sent?.sentAt ?? null])).toEqual([
      [hash('b'), null, NOW],
      [hash('A'), 'pending', NOW - MINUTE],
    ]);
  });

  it('keeps recharges and deposits apart: each page lists its own method', () => {
    const mine = [sent({ txHash: hash('b') })];
    const both = [deposit({ txHash: hash('a') }), deposit({ txHash: hash('c'), method: 'transfer' })];
    expect(listDepositRows(both, mine, scope).map((row) => row.txHash)).toEqual([hash('b'), hash('a')]);
    // This device's sends are recharges: the deposit page shows only the transfers the chain saw.
    const transfers = listDepositRows(both, mine, { ...scope, method: 'transfer' });
    expect(transfers.map((row) => row.txHash)).toEqual([hash('c')]);
  });

  it('offers Accelerate on a send not credited within 3 minutes (SPEC §9)', () => {
    const unseen = { txHash: hash('a'), deposit: null, sent: sent({ sentAt: NOW }) };
    expect(canAccelerate(unseen, NOW + 3 * MINUTE - 1)).toBe(false);
    expect(canAccelerate(unseen, NOW + 3 * MINUTE)).toBe(true);
    const confirming = { ...unseen, deposit: deposit({ status: 'pending' }) };
    expect(canAccelerate(confirming, NOW + 5 * MINUTE)).toBe(true);
    const credited = { ...unseen, deposit: deposit({ status: 'credited' }) };
    expect(canAccelerate(credited, NOW + 5 * MINUTE)).toBe(false);
    // A deposit this device did not send has no hash to fill in: the page's link covers it.
    expect(canAccelerate({ txHash: hash('a'), deposit: deposit(), sent: null }, NOW + 5 * MINUTE)).toBe(false);
  });

  it('keeps asking while a deposit confirms or a recent send is not seen yet', () => {
    const confirming = [{ txHash: hash('a'), deposit: deposit({ status: 'pending' }), sent: null }];
    const done = [{ txHash: hash('a'), deposit: deposit({ status: 'credited' }), sent: null }];
    const unseen = [{ txHash: hash('a'), deposit: null, sent: sent({ sentAt: NOW }) }];
    expect(isAwaitingDeposits(confirming, NOW)).toBe(true);
    expect(isAwaitingDeposits(done, NOW)).toBe(false);
    expect(isAwaitingDeposits(unseen, NOW + 10 * MINUTE)).toBe(true);
    expect(isAwaitingDeposits(unseen, NOW + 31 * MINUTE)).toBe(false);
    expect(isAwaitingDeposits([], NOW)).toBe(false);
  });
});
