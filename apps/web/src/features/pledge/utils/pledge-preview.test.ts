import type { TPledge, TPledgeTerm } from '@kpc/shared';
import { describe, expect, it } from 'vitest';
import { getPledgeFingerprint, previewPledge, previewRedemption } from './pledge-preview.ts';

const term: TPledgeTerm = {
  id: '1',
  days: 30,
  dailyRate: '0.001',
  minAmount: '100',
  earlyRedemptionPenaltyRate: '0.1',
};

const pledge: TPledge = {
  id: '7',
  termId: '1',
  termDays: 30,
  dailyRate: '0.001',
  earlyRedemptionPenaltyRate: '0.1',
  amount: '250',
  asset: 'KPC',
  createdAt: '2026-01-01T10:00:00.000Z',
  maturesAt: '2026-01-31T00:00:00.000Z',
  remainingDays: 30,
  rewardsPaid: '0',
  status: 'active',
  redeemedAt: null,
  penalty: null,
  returned: null,
  price: '0.5',
  valueUsdt: '125',
};

describe('previewPledge', () => {
  it('pays the daily rate of the amount each day and names the penalty (the maturity is the server’s)', () => {
    expect(previewPledge(term, '200')).toEqual({ dailyReward: '0.2', totalRewards: '6', penalty: '20' });
  });

  it('never pays more than the daily rate allows (rounded down to KPC’s decimals)', () => {
    const preview = previewPledge({ ...term, dailyRate: '0.0015', days: 90 }, '100.000000000000000001');
    expect(preview.dailyReward).toBe('0.15');
    expect(preview.totalRewards).toBe('13.5');
  });
});

describe('previewRedemption', () => {
  it('burns the penalty share fixed when pledged and returns the rest', () => {
    expect(previewRedemption(pledge)).toEqual({ penaltyRate: '0.1', penalty: '25', returned: '225' });
  });

  it('keeps the pledge’s own rate when the term changes later', () => {
    expect(previewRedemption({ ...pledge, earlyRedemptionPenaltyRate: '0.05' })).toMatchObject({ penalty: '12.5' });
  });
});

describe('getPledgeFingerprint', () => {
  it('differs by term and by amount', () => {
    expect(getPledgeFingerprint('1', '200')).toBe(getPledgeFingerprint('1', '200'));
    expect(getPledgeFingerprint('1', '200')).not.toBe(getPledgeFingerprint('2', '200'));
    expect(getPledgeFingerprint('1', '200')).not.toBe(getPledgeFingerprint('1', '201'));
  });
});
