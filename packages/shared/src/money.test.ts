import { describe, expect, it } from 'vitest';
import { formatDecimal, isDecimalString, parseDecimal } from './money.ts';

describe('decimal amounts as bigint fixed-point', () => {
  it('parses and formats without losing a unit', () => {
    expect(parseDecimal('12.345', 6)).toBe(12_345_000n);
    expect(parseDecimal('-0.000001', 6)).toBe(-1n);
    expect(formatDecimal(12_345_000n, 6)).toBe('12.345');
    expect(formatDecimal(-1n, 6)).toBe('-0.000001');
    expect(formatDecimal(0n, 18)).toBe('0');
    expect(formatDecimal(parseDecimal('123456789.123456789012345678', 18), 18)).toBe('123456789.123456789012345678');
  });

  it('refuses more decimals than the scale instead of rounding silently', () => {
    expect(() => parseDecimal('0.1234567', 6)).toThrow(RangeError);
  });

  it('refuses anything but plain decimals', () => {
    for (const bad of ['1e3', '+1', '.5', '1.', 'abc', '', '0x10']) {
      expect(isDecimalString(bad)).toBe(false);
      expect(() => parseDecimal(bad, 6)).toThrow(RangeError);
    }
  });
});
