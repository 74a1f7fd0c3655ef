import { describe, expect, it } from 'vitest';
import {
  ageOn,
  cardLast4,
  computeCardTopUpFee,
  COUNTRY_CODES,
  detectCardNetwork,
  exceededCardLimit,
  formatCardNumber,
  isAdultOn,
  isCardId,
  isCardNumber,
  isCountryCode,
  isLuhnValid,
  isNetworkPrefix,
  luhnCheckDigit,
  maskCardNumber,
  normalizeCardId,
  normalizeCardNumber,
  parseIsoDate,
} from './card.ts';

// Published test numbers of the networks (valid Luhn).
const VISA = '4111111111111111';
const MASTERCARD = '5555555555554444';
const MASTERCARD_2_SERIES = '2223003122003222';

describe('Luhn', () => {
  it('accepts the networks’ published test numbers and refuses one changed digit', () => {
    for (const number of [VISA, MASTERCARD, MASTERCARD_2_SERIES, '79927398713']) {
      expect(isLuhnValid(number)).toBe(true);
      const last = Number(number.at(-1));
      expect(isLuhnValid(number.slice(0, -1) + String((last + 1) % 10))).toBe(false);
    }
  });

  it('refuses what is not a digit string', () => {
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('0')).toBe(false);
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(false);
    expect(isLuhnValid('411111111111111a')).toBe(false);
  });

  it('computes the check digit that makes a number valid', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(luhnCheckDigit(VISA.slice(0, -1))).toBe('1');
    expect(luhnCheckDigit(MASTERCARD.slice(0, -1))).toBe('4');
    // Every body gets exactly one valid check digit.
    for (let seed = 0; seed < 500; seed += 1) {
      const body = String(522222000000000 + seed * 7919);
      const valid = [...'0123456789'].filter((digit) => isLuhnValid(body + digit));
      expect(valid).toEqual([luhnCheckDigit(body)]);
    }
    expect(() => luhnCheckDigit('12a')).toThrow(RangeError);
  });
});

describe('networks', () => {
  it('knows VISA by 4 and Mastercard by 51-55 and 2221-2720', () => {
    expect(detectCardNetwork(VISA)).toBe('visa');
    expect(detectCardNetwork(MASTERCARD)).toBe('mastercard');
    expect(detectCardNetwork('5100000000000000')).toBe('mastercard');
    expect(detectCardNetwork('5599000000000000')).toBe('mastercard');
    expect(detectCardNetwork('2221000000000000')).toBe('mastercard');
    expect(detectCardNetwork('2720990000000000')).toBe('mastercard');
    expect(detectCardNetwork(MASTERCARD_2_SERIES)).toBe('mastercard');
  });

  it('knows nothing else', () => {
    for (const number of ['5000000000000000', '5600000000000000', '2220990000000000', '2721000000000000']) {
      expect(detectCardNetwork(number)).toBeNull();
    }
    expect(detectCardNetwork('378282246310005')).toBeNull(); // American Express
    expect(detectCardNetwork('6011111111111117')).toBeNull(); // Discover
    expect(detectCardNetwork('41')).toBeNull();
    expect(detectCardNetwork('abcd')).toBeNull();
  });

  it('checks an issuer prefix against its network', () => {
    expect(isNetworkPrefix('522222', 'mastercard')).toBe(true);
    expect(isNetworkPrefix('422222', 'visa')).toBe(true);
    expect(isNetworkPrefix('422222', 'mastercard')).toBe(false);
    expect(isNetworkPrefix('52', 'mastercard')).toBe(false);
  });
});

describe('card numbers', () => {
  it('accepts 16 digits of a known network with a valid check digit', () => {
    expect(isCardNumber(VISA)).toBe(true);
    expect(isCardNumber(MASTERCARD)).toBe(true);
    expect(isCardNumber('4111111111111112')).toBe(false); // bad check digit
    expect(isCardNumber('6011111111111117')).toBe(false); // Discover
    expect(isCardNumber('4222222222222')).toBe(false); // 13-digit VISA: not issued here
    expect(isCardNumber('4111 1111 1111 1111')).toBe(false); // normalise first
    expect(isCardNumber(normalizeCardNumber(' 4111 1111-1111 1111 '))).toBe(true);
  });

  it('groups, masks and names a number by its last four', () => {
    expect(formatCardNumber(MASTERCARD)).toBe('5555 5555 5555 4444');
    // Only the last four: the programme keeps nothing else of a number (issue 7b §7).
    expect(maskCardNumber(cardLast4(MASTERCARD))).toBe('**** **** **** 4444');
    expect(maskCardNumber('1234')).toBe('**** **** **** 1234');
    expect(cardLast4(VISA)).toBe('1111');
  });
});

describe('card IDs', () => {
  it('are 8-12 letters and digits, read case-blind', () => {
    expect(isCardId(normalizeCardId(' ab12cd34 '))).toBe(true);
    expect(isCardId('AB12CD34EF56')).toBe(true);
    expect(isCardId('AB12CD3')).toBe(false);
    expect(isCardId('AB12CD34EF567')).toBe(false);
    expect(isCardId('AB12-CD34')).toBe(false);
    expect(isCardId('ab12cd34')).toBe(false);
  });
});

describe('holder age', () => {
  const today = new Date('2026-06-15T23:59:00Z');

  it('parses only real calendar dates', () => {
    expect(parseIsoDate('2000-02-29')).toEqual([2000, 2, 29]);
    expect(parseIsoDate('2001-02-29')).toBeNull();
    expect(parseIsoDate('2000-13-01')).toBeNull();
    expect(parseIsoDate('2000-1-01')).toBeNull();
    expect(parseIsoDate('01/02/2000')).toBeNull();
  });

  it('counts whole years to the UTC day, turning 18 on the birthday', () => {
    expect(ageOn('2008-06-15', today)).toBe(18);
    expect(ageOn('2008-06-16', today)).toBe(17);
    expect(isAdultOn('2008-06-15', today)).toBe(true);
    expect(isAdultOn('2008-06-16', today)).toBe(false);
    expect(isAdultOn('2030-01-01', today)).toBe(false);
    expect(isAdultOn('1900-01-01', today)).toBe(false);
    expect(isAdultOn('1990-02-30', today)).toBe(false);
  });
});

describe('countries', () => {
  it('lists the 249 assigned ISO 3166-1 alpha-2 codes, each a region the runtime knows', () => {
    expect(COUNTRY_CODES.size).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).toBeTruthy();
    expect(isCountryCode('HK')).toBe(true);
    expect(isCountryCode('hk')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
    expect(isCountryCode('XK')).toBe(false);
  });
});

describe('top-up fee', () => {
  it('is the rate with a minimum, rounded up to the asset decimals, on top of the amount', () => {
    expect(computeCardTopUpFee({ amount: '100', feeRate: '0.015', minFee: '1', decimals: 6 })).toEqual({
      fee: '1.5',
      total: '101.5',
    });
    expect(computeCardTopUpFee({ amount: '10', feeRate: '0.015', minFee: '1', decimals: 6 })).toEqual({
      fee: '1',
      total: '11',
    });
    expect(computeCardTopUpFee({ amount: '100.000001', feeRate: '0.01', minFee: '0', decimals: 6 })).toEqual({
      fee: '1.000001',
      total: '101.000002',
    });
  });
});

describe('limits', () => {
  const limits = { single: 1000n, daily: 2000n, monthly: 5000n };

  it('names the first limit an amount breaks, single first', () => {
    expect(exceededCardLimit(1000n, limits, 1000n, 1000n)).toBeNull();
    expect(exceededCardLimit(1001n, limits, 0n, 0n)).toBe('single');
    expect(exceededCardLimit(1001n, limits, 2000n, 5000n)).toBe('single');
    expect(exceededCardLimit(500n, limits, 1600n, 1600n)).toBe('daily');
    expect(exceededCardLimit(500n, limits, 0n, 4600n)).toBe('monthly');
  });
});
