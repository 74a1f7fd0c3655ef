import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZCardApplyRequest,
  ZCardBindRequest,
  ZCardHolder,
  ZCardTopUpRequest,
  ZCardTransactionsRequest,
  ZDateOfBirth,
  ZPhoneNumber,
  type TCardHolderInput,
} from './card.ts';

const holder: TCardHolderInput = {
  firstName: 'José',
  lastName: "O'Neil-Smith",
  dateOfBirth: '1990-04-01',
  nationality: 'hk',
  documentType: 'passport',
  documentNumber: 'k1234 567',
  address: { line1: '1 Queen’s Road Central', city: 'Hong Kong', country: 'HK' },
  phone: '+852 9123-4567',
};
const requestId = '0b8f7c0e-5b7c-4f5e-9a39-6c8b7e2f1d10';

/** The message keys of a failed parse, by path. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  // The first problem of each field, as a form shows it.
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

function isoDateYearsAgo(years: number, dayOffset = 0): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + dayOffset));
  return date.toISOString().slice(0, 10);
}

describe('card holder (KYC)', () => {
  it('accepts a complete holder and normalises codes, document and phone', () => {
    const parsed = ZCardHolder.parse(holder);
    expect(parsed.nationality).toBe('HK');
    expect(parsed.documentNumber).toBe('K1234567');
    expect(parsed.phone).toBe('+85291234567');
    expect(parsed.address.country).toBe('HK');
  });

  it('names every missing field with its own message', () => {
    expect(errorsOf(ZCardHolder, { address: {} })).toEqual({
      firstName: 'validation.holderNameRequired',
      lastName: 'validation.holderNameRequired',
      dateOfBirth: 'validation.dateOfBirthRequired',
      nationality: 'validation.nationalityRequired',
      documentType: 'validation.documentTypeRequired',
      documentNumber: 'validation.documentNumberRequired',
      'address.line1': 'validation.addressRequired',
      'address.city': 'validation.cityRequired',
      'address.country': 'validation.countryRequired',
      phone: 'validation.phoneRequired',
    });
    expect(errorsOf(ZCardHolder, { ...holder, firstName: '  ', phone: '', documentNumber: ' ' })).toEqual({
      firstName: 'validation.holderNameRequired',
      phone: 'validation.phoneRequired',
      documentNumber: 'validation.documentNumberRequired',
    });
  });

  it('refuses names outside Latin script, digits and over-long ones', () => {
    for (const firstName of ['李雷', 'R2D2', 'A'.repeat(51), '-Ann']) {
      expect(errorsOf(ZCardHolder, { ...holder, firstName })).toEqual({ firstName: 'validation.holderNameInvalid' });
    }
  });

  it('wants a real past date of birth of an adult', () => {
    expect(ZDateOfBirth.safeParse(isoDateYearsAgo(18)).success).toBe(true);
    expect(errorsOf(ZDateOfBirth, isoDateYearsAgo(18, 1))).toEqual({ '': 'validation.holderUnderage' });
    expect(errorsOf(ZDateOfBirth, isoDateYearsAgo(-1))).toEqual({ '': 'validation.holderUnderage' });
    expect(errorsOf(ZDateOfBirth, '1990-02-30')).toEqual({ '': 'validation.dateOfBirthInvalid' });
    expect(errorsOf(ZDateOfBirth, '01/04/1990')).toEqual({ '': 'validation.dateOfBirthInvalid' });
  });

  it('wants assigned ISO country codes', () => {
    expect(errorsOf(ZCardHolder, { ...holder, nationality: 'XX' })).toEqual({
      nationality: 'validation.countryInvalid',
    });
    expect(errorsOf(ZCardHolder, { ...holder, address: { ...holder.address, country: 'Hong Kong' } })).toEqual({
      'address.country': 'validation.countryInvalid',
    });
  });

  it('knows the document types and the shape of a document number', () => {
    expect(errorsOf(ZCardHolder, { ...holder, documentType: 'library_card' })).toEqual({
      documentType: 'validation.documentTypeRequired',
    });
    for (const documentNumber of ['K12', 'K1234567/8', 'K'.repeat(21)]) {
      expect(errorsOf(ZCardHolder, { ...holder, documentNumber })).toEqual({
        documentNumber: 'validation.documentNumberInvalid',
      });
    }
    for (const documentType of ['passport', 'national_id', 'driving_licence']) {
      expect(ZCardHolder.safeParse({ ...holder, documentType }).success).toBe(true);
    }
  });

  it('takes phones in E.164 form', () => {
    expect(ZPhoneNumber.parse('+1 (415) 555-2671')).toBe('+14155552671');
    for (const phone of ['4155552671', '+0123456789', '+1234567', '+1234567890123456', '+44 20 7946 ext 1']) {
      expect(errorsOf(ZPhoneNumber, phone), phone).toEqual({ '': 'validation.phoneInvalid' });
    }
  });

  it('checks the optional address parts only when given', () => {
    expect(
      ZCardHolder.safeParse({
        ...holder,
        address: { ...holder.address, line2: 'Flat 3', region: 'Central', postalCode: 'SW1A 1AA' },
      }).success,
    ).toBe(true);
    expect(errorsOf(ZCardHolder, { ...holder, address: { ...holder.address, postalCode: '!!' } })).toEqual({
      'address.postalCode': 'validation.postalCodeInvalid',
    });
    expect(errorsOf(ZCardHolder, { ...holder, address: { ...holder.address, line1: 'a\u0000b' } })).toEqual({
      'address.line1': 'validation.addressInvalid',
    });
  });
});

describe('apply request', () => {
  const apply = { requestId, product: 'gold_eagle', network: 'visa', holder, payment: { method: 'balance' } };

  it('accepts payment from the balance or with an activation code as printed', () => {
    expect(ZCardApplyRequest.safeParse(apply).success).toBe(true);
    const withCode = ZCardApplyRequest.parse({ ...apply, payment: { method: 'code', code: 'abcd-efgh-jkmn-pq23' } });
    expect(withCode.payment).toEqual({ method: 'code', code: 'ABCDEFGHJKMNPQ23' });
  });

  it('names a bad product, network, payment or code', () => {
    expect(
      errorsOf(ZCardApplyRequest, { ...apply, product: 'platinum', network: 'amex', payment: { method: 'cash' } }),
    ).toEqual({
      product: 'validation.cardProductRequired',
      network: 'validation.cardNetworkRequired',
      'payment.method': 'validation.paymentMethodRequired',
    });
    expect(errorsOf(ZCardApplyRequest, { ...apply, payment: { method: 'code', code: '' } })).toEqual({
      'payment.code': 'validation.activationCodeRequired',
    });
    // 0, O, 1 and I are never in a code; nor is a short one.
    for (const code of ['ABCD-EFGH-JKMN-PQ20', 'ABCD-EFGH-JKMN', 'ABCD-EFGH-JKMN-PQ23-X']) {
      expect(errorsOf(ZCardApplyRequest, { ...apply, payment: { method: 'code', code } })).toEqual({
        'payment.code': 'validation.activationCodeInvalid',
      });
    }
    expect(errorsOf(ZCardApplyRequest, { ...apply, requestId: 'again' })).toEqual({ requestId: 'validation.invalid' });
  });
});

describe('bind request', () => {
  it('takes a number with its groups and an ID in any case', () => {
    expect(ZCardBindRequest.parse({ cardNumber: '5555 5555-5555 4444', cardId: ' ab12cd34 ' })).toEqual({
      cardNumber: '5555555555554444',
      cardId: 'AB12CD34',
    });
  });

  it('asks for both (SPEC §5) and names what is wrong', () => {
    expect(errorsOf(ZCardBindRequest, {})).toEqual({
      cardNumber: 'validation.cardBindRequired',
      cardId: 'validation.cardBindRequired',
    });
    expect(errorsOf(ZCardBindRequest, { cardNumber: ' ', cardId: '' })).toEqual({
      cardNumber: 'validation.cardBindRequired',
      cardId: 'validation.cardBindRequired',
    });
    expect(errorsOf(ZCardBindRequest, { cardNumber: '5555555555554445', cardId: 'AB12' })).toEqual({
      cardNumber: 'validation.cardNumberInvalid',
      cardId: 'validation.cardIdInvalid',
    });
    expect(errorsOf(ZCardBindRequest, { cardNumber: '6011111111111117', cardId: 'AB12CD34' })).toEqual({
      cardNumber: 'validation.cardNumberInvalid',
    });
  });
});

describe('top-up and transactions', () => {
  it('takes a card record id, an amount and a request id', () => {
    expect(ZCardTopUpRequest.safeParse({ id: '12', amount: '50.5', requestId }).success).toBe(true);
    expect(errorsOf(ZCardTopUpRequest, { id: 'x', amount: '0', requestId })).toEqual({
      id: 'validation.invalid',
      amount: 'validation.amountInvalid',
    });
  });

  it('passes an issuer cursor through but nothing that is not a token', () => {
    expect(ZCardTransactionsRequest.safeParse({ id: '12', cursor: 'txn_00042', limit: 20 }).success).toBe(true);
    expect(errorsOf(ZCardTransactionsRequest, { id: '12', cursor: 'a b', limit: 0 })).toEqual({
      cursor: 'validation.invalid',
      limit: 'validation.invalid',
    });
  });
});
