import { parseDecimal, LEDGER_SCALE } from '@kpc/shared';
import { describe, expect, it } from 'vitest';
import { ledgerToTokenUnits, tokenToLedgerUnits } from './token-units.ts';

const ledger = (value: string) => parseDecimal(value, LEDGER_SCALE);

describe('token units at the chain edge', () => {
  it('converts 6- and 18-decimal USDT to and from the ledger exactly', () => {
    expect(tokenToLedgerUnits(12_345_678n, 6)).toBe(ledger('12.345678'));
    expect(tokenToLedgerUnits(12_345_678_901_234_567_891n, 18)).toBe(ledger('12.345678901234567891'));
    expect(ledgerToTokenUnits(ledger('10.5'), 6)).toBe(10_500_000n);
    expect(ledgerToTokenUnits(ledger('10.5'), 18)).toBe(10_500_000_000_000_000_000n);
  });

  it('refuses an amount finer than the token instead of rounding it', () => {
    expect(() => ledgerToTokenUnits(ledger('0.0000001'), 6)).toThrow(RangeError);
    expect(ledgerToTokenUnits(ledger('0.0000001'), 18)).toBe(100_000_000_000n);
  });
});
