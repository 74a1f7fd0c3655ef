import { describe, expect, it } from 'vitest';
import { getAvailableAfter, hasIncome } from './balances.ts';

const usdt = {
  asset: 'USDT',
  decimals: 6,
  available: '1000',
  frozen: '0',
  income: '50',
  locked: '0',
  staked: '0',
  valueUsdt: '1050',
};

describe('balances', () => {
  it('knows whether income waits to be transferred', () => {
    expect(hasIncome(usdt)).toBe(true);
    expect(hasIncome({ ...usdt, income: '0.000000' })).toBe(false);
  });

  it('previews the available balance after a transfer, exactly', () => {
    expect(getAvailableAfter(usdt, '20')).toBe('1020');
    expect(getAvailableAfter({ ...usdt, available: '0.1' }, '0.2')).toBe('0.3');
    expect(getAvailableAfter(usdt, null)).toBe('1000');
  });
});
