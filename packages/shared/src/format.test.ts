import { describe, expect, it } from 'vitest';
import { formatFeeRate, formatNumber, maskAddress, maskEmail } from './format.ts';

describe('formatNumber (SPEC §9)', () => {
  it.each([
    ['1234567.891', '1,234,567.891'],
    ['0.1234567', '0.123456'],
    ['10.500000', '10.5'],
    ['1000', '1,000'],
    ['0', '0'],
    ['-1234.5', '-1,234.5'],
    ['-0.0000001', '0'],
    ['000123.4', '123.4'],
    ['123456789012345678901234567890.123456789', '123,456,789,012,345,678,901,234,567,890.123456'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });

  it('cuts instead of rounding up, so a balance is never shown larger than it is', () => {
    expect(formatNumber('0.9999999')).toBe('0.999999');
  });

  it('takes bigints, and shows 0 for anything that is not a plain decimal', () => {
    expect(formatNumber(1234567n)).toBe('1,234,567');
    expect(formatNumber('1e5')).toBe('0');
    expect(formatNumber('NaN')).toBe('0');
    expect(formatNumber(undefined)).toBe('0');
  });

  it('honours a custom number of decimals', () => {
    expect(formatNumber('1.23456', 2)).toBe('1.23');
    expect(formatNumber('1.999', 0)).toBe('1');
  });
});

describe('maskAddress (SPEC §9)', () => {
  it('keeps the first 4 and last 4 characters', () => {
    expect(maskAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x12...5678');
  });
  it('leaves short values and empty input alone', () => {
    expect(maskAddress('0x1234')).toBe('0x1234');
    expect(maskAddress(undefined)).toBe('');
  });
});

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('')).toBe('');
  });
});

describe('formatFeeRate', () => {
  it('shows a rate as a percentage, exactly', () => {
    expect(formatFeeRate('0.01')).toBe('1%');
    expect(formatFeeRate('0.0025')).toBe('0.25%');
    expect(formatFeeRate('0.003')).toBe('0.3%');
    expect(formatFeeRate('0.005000000000000000')).toBe('0.5%');
    expect(formatFeeRate('0.0125')).toBe('1.25%');
    expect(formatFeeRate('0')).toBe('0%');
  });
  it('shows a dash for anything that is not a rate', () => {
    expect(formatFeeRate('oops')).toBe('—');
    expect(formatFeeRate('x')).toBe('—');
    expect(formatFeeRate('1e-3')).toBe('—');
  });
});
