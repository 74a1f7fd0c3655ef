import { describe, expect, it } from 'vitest';
import { getApproveUnits, getWalletDepositStep, isBoundWallet, toTokenUnits } from './wallet-deposit.ts';

const channel = { minimum: '5', approveQuantity: '150000', tokenDecimals: 6 };
const usdt = (amount: string) => toTokenUnits(amount, 6) ?? -1n;

describe('deposit from wallet (SPEC §4: authorize, authorized, deposit)', () => {
  it('reads amounts in the token units, refusing what does not fit', () => {
    expect(toTokenUnits('12.5', 6)).toBe(12_500_000n);
    expect(toTokenUnits('0.0000001', 6)).toBeNull();
    expect(toTokenUnits(null, 6)).toBeNull();
  });

  it('asks to authorize while the allowance does not cover the amount, or the minimum before one is typed', () => {
    expect(getWalletDepositStep(0n, null, channel)).toBe('authorize');
    expect(getWalletDepositStep(usdt('4.99'), null, channel)).toBe('authorize');
    expect(getWalletDepositStep(usdt('5'), null, channel)).toBe('deposit');
    expect(getWalletDepositStep(usdt('10'), usdt('12.5'), channel)).toBe('authorize');
    expect(getWalletDepositStep(usdt('150000'), usdt('12.5'), channel)).toBe('deposit');
    expect(getWalletDepositStep(usdt('12.5'), usdt('12.5'), channel)).toBe('deposit');
  });

  it('approves the USDT quantity of SPEC §9, or a larger single deposit', () => {
    expect(getApproveUnits(null, channel)).toBe(usdt('150000'));
    expect(getApproveUnits(usdt('12.5'), channel)).toBe(usdt('150000'));
    expect(getApproveUnits(usdt('200000'), channel)).toBe(usdt('200000'));
  });

  it('counts only the bound wallet, whatever the letter case', () => {
    const bound = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(isBoundWallet(bound.toLowerCase(), bound)).toBe(true);
    expect(isBoundWallet('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', bound)).toBe(false);
    expect(isBoundWallet(bound, '')).toBe(false);
    expect(isBoundWallet(null, bound)).toBe(false);
  });
});
