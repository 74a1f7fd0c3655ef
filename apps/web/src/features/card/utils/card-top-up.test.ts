import { computeCardTopUpFee } from '@kpc/shared';
import { describe, expect, it } from 'vitest';
import { checkAmount } from '@/lib/amount-rules.ts';
import {
  getCardTopUpAll,
  getCardTopUpFingerprint,
  getCardTopUpLimits,
  maxAffordableTopUp,
  previewCardTopUpFee,
  type CardTopUpTerms,
} from './card-top-up.ts';

/** Gold eagle (docs/modules/cards.md): 1.5 %, min 1 USDT; 5,000 / 10,000 / 50,000. */
const GOLD: CardTopUpTerms = {
  fees: { issuance: '100', kyc: '20', initialTopUp: '50', monthly: '2', topUpFeeRate: '0.015', topUpMinFee: '1' },
  limits: { single: '5000', daily: '10000', monthly: '50000' },
};

describe('card top-up rules (SPEC §9 top-up fee and limits)', () => {
  it('previews the fee as max(amount × rate, min) on top of the amount, by the shared function', () => {
    expect(previewCardTopUpFee('100', GOLD, 6)).toEqual({ fee: '1.5', total: '101.5' });
    expect(previewCardTopUpFee('10', GOLD, 6)).toEqual({ fee: '1', total: '11' });
    expect(previewCardTopUpFee('0.000001', GOLD, 6)).toEqual({ fee: '1', total: '1.000001' });
    expect(previewCardTopUpFee(null, GOLD, 6)).toBeNull();
    expect(previewCardTopUpFee('10', undefined, 6)).toBeNull();
    const broken = { ...GOLD, fees: { ...GOLD.fees, topUpFeeRate: 'x' } };
    expect(previewCardTopUpFee('10', broken, 6)).toBeNull();
  });

  it('finds the most that available covers with its fee, exactly', () => {
    // 1015 = 1000 + 15 (1.5 %).
    expect(maxAffordableTopUp('1015', GOLD, 6)).toBe('1000');
    // Below the rate's break-even the minimum fee applies: 50 - 1.
    expect(maxAffordableTopUp('50', GOLD, 6)).toBe('49');
    expect(maxAffordableTopUp('1', GOLD, 6)).toBe('0');
    expect(maxAffordableTopUp('0', GOLD, 6)).toBe('0');
    // Dust beyond the asset's decimals is ignored.
    expect(maxAffordableTopUp('50.0000009', GOLD, 6)).toBe('49');
    expect(maxAffordableTopUp(undefined, GOLD, 6)).toBeUndefined();
    expect(maxAffordableTopUp('50', undefined, 6)).toBeUndefined();
    for (const available of ['123.456789', '66.66', '1016.5', '7777.777777']) {
      const max = maxAffordableTopUp(available, GOLD, 6)!;
      const step = (value: string) => (Number(value) + 0.000001).toFixed(6);
      const fits = (amount: string) =>
        Number(computeCardTopUpFee({ amount, feeRate: '0.015', minFee: '1', decimals: 6 }).total) <= Number(available);
      expect(fits(max)).toBe(true);
      expect(fits(step(max))).toBe(false);
    }
  });

  it('checks the single limit and amount + fee against available', () => {
    const limits = getCardTopUpLimits('USDT', 6, '1015', GOLD);
    expect(checkAmount('1000', limits)).toEqual({ ok: true, amount: '1000' });
    expect(checkAmount('1000.01', limits)).toMatchObject({
      ok: false,
      problem: { key: 'validation.amountExceedsBalance' },
    });
    expect(checkAmount('0', limits)).toMatchObject({ ok: false, problem: { key: 'validation.amountInvalid' } });
    expect(checkAmount('1.0000001', limits)).toMatchObject({
      ok: false,
      problem: { key: 'validation.amountTooPrecise' },
    });
    const rich = getCardTopUpLimits('USDT', 6, '100000', GOLD);
    expect(checkAmount('5000.5', rich)).toMatchObject({
      ok: false,
      problem: { key: 'validation.amountAboveMaximum', values: { max: '5,000', asset: 'USDT' } },
    });
    // All: what available covers, within the single limit.
    expect(getCardTopUpAll(limits)).toBe('1000');
    expect(getCardTopUpAll(rich)).toBe('5000');
    expect(getCardTopUpAll(getCardTopUpLimits('USDT', 6, undefined, GOLD))).toBeUndefined();
  });

  it('names one top-up by its card and amount', () => {
    expect(getCardTopUpFingerprint('7', '100')).toBe('7:100');
    expect(getCardTopUpFingerprint('7', '100')).not.toBe(getCardTopUpFingerprint('8', '100'));
  });
});
