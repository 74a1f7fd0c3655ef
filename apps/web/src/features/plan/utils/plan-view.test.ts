// @vitest-environment happy-dom
import type { TInvestmentProduct } from '@kpc/shared';
import { describe, expect, it } from 'vitest';
import { checkAmount } from '@/lib/amount-rules.ts';
import { getPlanAmountLimits, getReleasedShare, previewJoin } from './plan-view.ts';

const starter: TInvestmentProduct = {
  id: '1',
  nameKey: 'plan.product.starter',
  asset: 'USDT',
  minAmount: '100',
  maxAmount: '10000',
  coefficient: '1.5',
  phases: [
    { phase: 1, ratio: '0.0035' },
    { phase: 2, ratio: '0.004' },
  ],
};

describe('the investment plan form', () => {
  it("checks the product's minimum and maximum exactly, then what is available", () => {
    const limits = getPlanAmountLimits(starter, 6, '20000');
    expect(checkAmount('10000', limits)).toEqual({ ok: true, amount: '10000' });
    expect(checkAmount('10000.000001', limits)).toEqual({
      ok: false,
      problem: { key: 'validation.amountAboveMaximum', values: { max: '10,000', asset: 'USDT' } },
    });
    expect(checkAmount('99.99', limits)).toEqual({
      ok: false,
      problem: { key: 'validation.amountBelowMinimum', values: { min: '100', asset: 'USDT' } },
    });
    expect(checkAmount('5000', getPlanAmountLimits(starter, 6, '4999.999999'))).toEqual({
      ok: false,
      problem: { key: 'validation.amountExceedsBalance' },
    });
    expect(checkAmount('100.0000001', limits)).toMatchObject({ problem: { key: 'validation.amountTooPrecise' } });
  });

  it("previews the quota and the first daily release as the server computes them (the date is the server's)", () => {
    expect(previewJoin('1000', starter)).toEqual({ quota: '1500', firstDailyRelease: '3.5' });
  });

  it('floors the released share to 0.01 %', () => {
    expect(getReleasedShare('3.5', '1500')).toEqual({ text: '0.23%', percent: 0.23 });
    expect(getReleasedShare('0', '0')).toEqual({ text: '0%', percent: 0 });
  });
});
