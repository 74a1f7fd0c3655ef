// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { checkAmount } from '@/lib/amount-rules.ts';
import { getEsopAmountLimits, getEsopFingerprint, previewKpc, releasedPercent } from './esop-form.ts';

describe('the KPC plan form', () => {
  it('previews the KPC as the server allocates it, rounded down', () => {
    expect(previewKpc('1000', '0.5')).toBe('2000');
    expect(previewKpc('100', '3')).toBe('33.333333333333333333');
    expect(previewKpc(null, '0.5')).toBeNull();
    expect(previewKpc('100', '0')).toBeNull();
  });

  it("checks the plan's minimum and maximum exactly, then what is available", () => {
    const limits = getEsopAmountLimits({ minAmount: '100', maxAmount: '50000' }, '60000');
    expect(checkAmount('50000', limits)).toEqual({ ok: true, amount: '50000' });
    expect(checkAmount('50000.000001', limits)).toEqual({
      ok: false,
      problem: { key: 'validation.amountAboveMaximum', values: { max: '50,000', asset: 'USDT' } },
    });
    expect(checkAmount('99.999999', limits)).toMatchObject({ problem: { key: 'validation.amountBelowMinimum' } });
    expect(checkAmount('1000', getEsopAmountLimits({ minAmount: '100', maxAmount: '50000' }, '999'))).toEqual({
      ok: false,
      problem: { key: 'validation.amountExceedsBalance' },
    });
    expect(checkAmount('1.0000001', limits)).toMatchObject({ problem: { key: 'validation.amountTooPrecise' } });
  });

  it('measures progress by the KPC released', () => {
    expect(releasedPercent({ kpc: '2000', released: '0' })).toBe(0);
    expect(releasedPercent({ kpc: '2000', released: '500' })).toBe(25);
    expect(releasedPercent({ kpc: '3', released: '1' })).toBe(33.33);
    expect(releasedPercent({ kpc: '2000', released: '2000' })).toBe(100);
  });

  it('gives the same amount the same fingerprint, so a retry reuses its request id', () => {
    expect(getEsopFingerprint('1000', '0.5')).toBe(getEsopFingerprint('1000', '0.5'));
    expect(getEsopFingerprint('1000', '0.5')).not.toBe(getEsopFingerprint('1001', '0.5'));
    // A new price after PRICE_CHANGED is a new subscription (the refused one charged nothing).
    expect(getEsopFingerprint('1000', '0.5')).not.toBe(getEsopFingerprint('1000', '0.6'));
  });
});
