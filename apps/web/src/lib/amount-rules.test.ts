import { describe, expect, it } from 'vitest';
import { addDecimals, checkAmount, compareDecimals, sanitizeAmountInput, truncateDecimal } from './amount-rules.ts';

const usdt = { decimals: 6, asset: 'USDT' };

describe('checkAmount (SPEC §5 "Enter a valid amount")', () => {
  it('asks for an amount when there is none', () => {
    expect(checkAmount('', usdt)).toEqual({ ok: false, problem: { key: 'validation.amountRequired' } });
    expect(checkAmount('   ', usdt)).toEqual({ ok: false, problem: { key: 'validation.amountRequired' } });
  });

  it('asks in the form’s own words when it has them (SPEC §5 "Enter deposit (recharge) amount")', () => {
    const deposit = { ...usdt, requiredKey: 'validation.depositAmountRequired' } as const;
    expect(checkAmount('', deposit)).toEqual({ ok: false, problem: { key: 'validation.depositAmountRequired' } });
    expect(checkAmount('0', deposit)).toEqual({ ok: false, problem: { key: 'validation.amountInvalid' } });
  });

  it.each(['0', '0.000', '.5', '1.', '1e3', '-1', '1,5', 'abc', '1.2.3'])(
    'refuses %j as not a valid amount',
    (value) => {
      expect(checkAmount(value, usdt)).toEqual({ ok: false, problem: { key: 'validation.amountInvalid' } });
    },
  );

  it('accepts a positive decimal within the asset decimals and returns it trimmed', () => {
    expect(checkAmount(' 12.5 ', usdt)).toEqual({ ok: true, amount: '12.5' });
    expect(checkAmount('0.000001', usdt)).toEqual({ ok: true, amount: '0.000001' });
  });

  it('refuses more decimals than the asset has, naming the limit', () => {
    expect(checkAmount('0.0000001', usdt)).toEqual({
      ok: false,
      problem: { key: 'validation.amountTooPrecise', values: { decimals: 6 } },
    });
    expect(checkAmount('1.5', { decimals: 0 })).toMatchObject({ problem: { key: 'validation.amountTooPrecise' } });
  });

  it('refuses more than the balance, exactly at the last digit', () => {
    expect(checkAmount('50', { ...usdt, max: '50' })).toEqual({ ok: true, amount: '50' });
    expect(checkAmount('50.000001', { ...usdt, max: '50' })).toEqual({
      ok: false,
      problem: { key: 'validation.amountExceedsBalance' },
    });
    // A balance written with the ledger's 18 places compares exactly too.
    expect(checkAmount('49.999999', { ...usdt, max: '49.999999000000000001' })).toMatchObject({ ok: true });
  });

  it('refuses less than the minimum, with the minimum formatted', () => {
    expect(checkAmount('9.99', { ...usdt, min: '10.000000' })).toEqual({
      ok: false,
      problem: { key: 'validation.amountBelowMinimum', values: { min: '10', asset: 'USDT' } },
    });
    expect(checkAmount('10', { ...usdt, min: '10' })).toMatchObject({ ok: true });
  });

  it("refuses more than the product's maximum, exactly at the last digit, with the maximum formatted", () => {
    const limits = { ...usdt, ceiling: '10000.000000' };
    expect(checkAmount('10000', limits)).toEqual({ ok: true, amount: '10000' });
    expect(checkAmount('10000.000001', limits)).toEqual({
      ok: false,
      problem: { key: 'validation.amountAboveMaximum', values: { max: '10,000', asset: 'USDT' } },
    });
  });

  it('checks the minimum, then the maximum, then the balance', () => {
    const limits = { ...usdt, min: '100', ceiling: '10000', max: '50' };
    expect(checkAmount('99', limits)).toMatchObject({ problem: { key: 'validation.amountBelowMinimum' } });
    // Above both the maximum and the balance: no top-up would make it acceptable, so the maximum speaks.
    expect(checkAmount('10001', limits)).toMatchObject({ problem: { key: 'validation.amountAboveMaximum' } });
    expect(checkAmount('10000', limits)).toMatchObject({ problem: { key: 'validation.amountExceedsBalance' } });
    expect(checkAmount('10001', { ...limits, ceiling: undefined })).toMatchObject({
      problem: { key: 'validation.amountExceedsBalance' },
    });
  });

  it('checks the format before the balance', () => {
    expect(checkAmount('1.1234567', { ...usdt, max: '0' })).toMatchObject({
      problem: { key: 'validation.amountTooPrecise' },
    });
  });

  it('ignores a limit that is missing or not a decimal', () => {
    expect(checkAmount('5', { ...usdt, max: undefined, min: '', ceiling: 'n/a' })).toMatchObject({ ok: true });
  });
});

describe('amount text helpers', () => {
  it('keeps digits and one decimal point, reading a comma as the point', () => {
    expect(sanitizeAmountInput('1,5')).toBe('1.5');
    expect(sanitizeAmountInput(' 1 000.25 USDT')).toBe('1000.25');
    expect(sanitizeAmountInput('1.2.3')).toBe('1.23');
    expect(sanitizeAmountInput('-5e3')).toBe('53');
  });

  it('cuts a balance to the asset decimals without rounding up, trailing zeros dropped', () => {
    expect(truncateDecimal('50.123456789', 6)).toBe('50.123456');
    expect(truncateDecimal('49.9999999', 6)).toBe('49.999999');
    expect(truncateDecimal('1000.000000000000000000', 6)).toBe('1000');
    expect(truncateDecimal('7.9', 0)).toBe('7');
    expect(truncateDecimal('not a number', 6)).toBe('');
  });

  it('compares and adds decimals of different lengths exactly', () => {
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('0.3', '0.29999999999999999999')).toBe(1);
    expect(compareDecimals('2', '10')).toBe(-1);
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('1000', '20.000001')).toBe('1020.000001');
  });
});
