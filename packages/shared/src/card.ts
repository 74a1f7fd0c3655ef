import { ceilToDecimals, formatDecimal, LEDGER_SCALE, mulDivUp, parseDecimal } from './money.ts';

/**
 * Co-branded cards (Step 6, SPEC §1, §2 "Card pages", §3 "Card", §9 card fees and limits): the pure
 * rules shared by the member app's forms, the server and the card issuer adapters. Card numbers are
 * digit strings (never numbers: 16 digits lose precision in a JS number).
 */

/** The two card networks of SPEC §1. */
export const CardNetwork = { MASTERCARD: 'mastercard', VISA: 'visa' } as const;
export type TCardNetwork = (typeof CardNetwork)[keyof typeof CardNetwork];
export const CARD_NETWORKS: readonly TCardNetwork[] = [CardNetwork.MASTERCARD, CardNetwork.VISA];

/** The two card products of SPEC §1: gold eagle and royal black eagle. */
export const CardProduct = { GOLD_EAGLE: 'gold_eagle', ROYAL_BLACK_EAGLE: 'royal_black_eagle' } as const;
export type TCardProduct = (typeof CardProduct)[keyof typeof CardProduct];
export const CARD_PRODUCTS: readonly TCardProduct[] = [CardProduct.GOLD_EAGLE, CardProduct.ROYAL_BLACK_EAGLE];

/**
 * A card application's states (issue §3): submitting (paid, on its way to the issuer) -> submitted
 * -> KYC approved or KYC rejected (the fees are refunded and an activation code returns unused) ->
 * issued (from approved). Members see `submitting` as `submitted`: it is the programme's to finish.
 */
export const CardApplicationStatus = {
  SUBMITTING: 'submitting',
  SUBMITTED: 'submitted',
  APPROVED: 'kyc_approved',
  REJECTED: 'kyc_rejected',
  ISSUED: 'issued',
} as const;
export type TCardApplicationStatus = (typeof CardApplicationStatus)[keyof typeof CardApplicationStatus];

/** An issued card: active, or frozen (no top-up and no spending until unfrozen). */
export const CardStatus = { ACTIVE: 'active', FROZEN: 'frozen' } as const;
export type TCardStatus = (typeof CardStatus)[keyof typeof CardStatus];

/** What moved a card's balance: a top-up from the member's USDT, a purchase, or a merchant's refund. */
export const CardTransactionType = { TOP_UP: 'top_up', SPEND: 'spend', REFUND: 'refund' } as const;
export type TCardTransactionType = (typeof CardTransactionType)[keyof typeof CardTransactionType];

/** The identity documents KYC accepts. */
export const KycDocumentType = {
  PASSPORT: 'passport',
  NATIONAL_ID: 'national_id',
  DRIVING_LICENCE: 'driving_licence',
} as const;
export type TKycDocumentType = (typeof KycDocumentType)[keyof typeof KycDocumentType];

/** Every card the programme issues has 16 digits (both networks' standard length). */
export const CARD_NUMBER_LENGTH = 16;

/**
 * A card's ID as the issuer prints it beside the number (SPEC §3 "Card: card number, ID"): 8 to 12
 * upper-case letters and digits. The member types it to bind the card, so it is read case-blind.
 */
export const CARD_ID_PATTERN = /^[A-Z0-9]{8,12}$/;

/** The youngest a card holder may be on the day of the application (KYC). */
export const CARD_HOLDER_MIN_AGE = 18;
/** Older than this is a typing mistake, not a holder. */
export const CARD_HOLDER_MAX_AGE = 120;

/** Digits only: members paste numbers with spaces or dashes between the groups. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The card ID as stored and compared: trimmed, upper case. */
export function normalizeCardId(input: string): string {
  return input.trim().toUpperCase();
}

/** True when `cardId` (already normalised) follows `CARD_ID_PATTERN`. */
export function isCardId(cardId: string): boolean {
  return CARD_ID_PATTERN.test(cardId);
}

/** Sum of the Luhn (mod 10) algorithm over `digits`, doubling every second digit from the right. */
function luhnSum(digits: string, doubleFirstFromRight: boolean): number {
  let sum = 0;
  let double = doubleFirstFromRight;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = digits.charCodeAt(index) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum;
}

/** True when `digits` is a non-empty digit string whose Luhn checksum is valid (its last digit checks the rest). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnSum(digits, false) % 10 === 0;
}

/** The Luhn check digit to append to `partial` (digits only) so that the whole number is valid. */
export function luhnCheckDigit(partial: string): string {
  if (!/^\d+$/.test(partial)) throw new RangeError('a card number is digits only');
  return String((10 - (luhnSum(partial, true) % 10)) % 10);
}

/**
 * The network a card number belongs to by its leading digits: VISA starts with 4; Mastercard with
 * 51-55 or 2221-2720. Null for anything else (another network, or not a number at all).
 */
export function detectCardNetwork(cardNumber: string): TCardNetwork | null {
  if (!/^\d{4,}$/.test(cardNumber)) return null;
  if (cardNumber.startsWith('4')) return CardNetwork.VISA;
  const two = Number(cardNumber.slice(0, 2));
  if (two >= 51 && two <= 55) return CardNetwork.MASTERCARD;
  const four = Number(cardNumber.slice(0, 4));
  if (four >= 2221 && four <= 2720) return CardNetwork.MASTERCARD;
  return null;
}

/** True when `prefix` (an issuer's BIN) can start a number of `network`. */
export function isNetworkPrefix(prefix: string, network: TCardNetwork): boolean {
  return /^\d{6,8}$/.test(prefix) && detectCardNetwork(prefix) === network;
}

/**
 * True for a number the programme could have issued (after `normalizeCardNumber`): 16 digits of a
 * known network with a valid Luhn check digit. Whether it was issued is the server's question.
 */
export function isCardNumber(cardNumber: string): boolean {
  return (
    cardNumber.length === CARD_NUMBER_LENGTH &&
    /^\d+$/.test(cardNumber) &&
    detectCardNetwork(cardNumber) !== null &&
    isLuhnValid(cardNumber)
  );
}

/** The number in groups of four, `5222 2212 3456 7890`. */
export function formatCardNumber(cardNumber: string): string {
  return (normalizeCardNumber(cardNumber).match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * The number as lists show it: only the last 4 digits, all a card programme keeps of a number,
 * in groups of four — `**** **** **** 7890`.
 */
export function maskCardNumber(last4: string): string {
  return formatCardNumber(`${'*'.repeat(CARD_NUMBER_LENGTH - 4)}${last4}`);
}

/** The last four digits, which a card is named by once issued. */
export function cardLast4(cardNumber: string): string {
  return normalizeCardNumber(cardNumber).slice(-4);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC calendar date of `value` (`YYYY-MM-DD`) as [year, month, day]; null when it is no real date. */
export function parseIsoDate(value: string): [number, number, number] | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return [year, month, day];
}

/** Whole years from the date of birth `dateOfBirth` (`YYYY-MM-DD`) to the UTC day of `today`; null for no real date. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const parsed = parseIsoDate(dateOfBirth);
  if (!parsed) return null;
  const [year, month, day] = parsed;
  const todayMonth = today.getUTCMonth() + 1;
  const todayDay = today.getUTCDate();
  const hadBirthday = todayMonth > month || (todayMonth === month && todayDay >= day);
  return today.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

/** True when a holder born on `dateOfBirth` may apply on `today`: an adult, and no older than anyone alive. */
export function isAdultOn(dateOfBirth: string, today: Date): boolean {
  const age = ageOn(dateOfBirth, today);
  return age !== null && age >= CARD_HOLDER_MIN_AGE && age <= CARD_HOLDER_MAX_AGE;
}

export interface CardTopUpFeeTerms {
  /** Decimal strings. */
  amount: string;
  /** The product's top-up fee: a fraction of the amount (`0.015` for 1.5 %) with a minimum. */
  feeRate: string;
  minFee: string;
  /** The paying asset's decimals (USDT: 6): the fee rounds up to them. */
  decimals: number;
}
export interface CardTopUpFee {
  fee: string;
  /** What leaves the member's available balance: the amount loaded onto the card plus the fee. */
  total: string;
}

/**
 * SPEC §9 "top-up fee": max(amount x rate, minimum), rounded up (the house never undercharges).
 * The whole amount reaches the card; the fee comes on top of it. One function for the form's
 * preview and the server's charge.
 */
export function computeCardTopUpFee(terms: CardTopUpFeeTerms): CardTopUpFee {
  const amount = parseDecimal(terms.amount, LEDGER_SCALE);
  const byRate = ceilToDecimals(
    mulDivUp(amount, parseDecimal(terms.feeRate, LEDGER_SCALE), 10n ** BigInt(LEDGER_SCALE)),
    terms.decimals,
  );
  const minFee = parseDecimal(terms.minFee, LEDGER_SCALE);
  const fee = byRate > minFee ? byRate : minFee;
  return { fee: formatDecimal(fee, LEDGER_SCALE), total: formatDecimal(amount + fee, LEDGER_SCALE) };
}

/** A card's transaction limits (SPEC §9) in one unit (ledger units on the server). */
export interface CardLimitUnits {
  single: bigint;
  daily: bigint;
  monthly: bigint;
}
export type TCardLimitKind = keyof CardLimitUnits;

/**
 * Which limit `amount` would break, given what the card already moved in the same UTC day and
 * calendar month (`usedToday`, `usedThisMonth`); null when it fits all three. Checked in the order a
 * member can act on: the single limit first.
 */
export function exceededCardLimit(
  amount: bigint,
  limits: CardLimitUnits,
  usedToday: bigint,
  usedThisMonth: bigint,
): TCardLimitKind | null {
  if (amount > limits.single) return 'single';
  if (usedToday + amount > limits.daily) return 'daily';
  if (usedThisMonth + amount > limits.monthly) return 'monthly';
  return null;
}

/**
 * ISO 3166-1 alpha-2 country codes (the 249 officially assigned): a holder's nationality, an
 * address's country and a card's region.
 */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
    'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI ' +
    'FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN ' +
    'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
    'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
    'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
    'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE ' +
    'YT ZA ZM ZW'
  ).split(' '),
);

/** True for an assigned ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}
