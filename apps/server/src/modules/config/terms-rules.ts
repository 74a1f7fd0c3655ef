import { AppError, LEDGER_SCALE, MIN_WITHDRAW_USDT, parseDecimal } from '@kpc/shared';
import type {
  TAirdropTerms,
  TExchangePairTerms,
  TKpcPriceTerms,
  TLevelTerms,
  TWithdrawalTerms,
} from '@kpc/shared/operator';

/**
 * What a change of terms may not do (Step 8b §2: nothing that breaks a promise or the books).
 * Each refusal is CONFIG_INVALID with the rule's message key (`configReasons.<rule>`, translated
 * into the operator's language by the wire layer), before anything is written.
 */
export function invalid(rule: string): never {
  throw new AppError('CONFIG_INVALID', { reason: `configReasons.${rule}` });
}

const ONE = 10n ** BigInt(LEDGER_SCALE);
const units = (value: string) => parseDecimal(value, LEDGER_SCALE);

/** Not negative. */
function nonNegative(value: string): bigint {
  const parsed = units(value);
  if (parsed < 0n) invalid('negative');
  return parsed;
}

/** A share in [0, 1): a fee of 100 % or more leaves nothing. */
function shareBelowOne(value: string): bigint {
  const parsed = nonNegative(value);
  if (parsed >= ONE) invalid('rateRange');
  return parsed;
}

/** At most 4 decimals (basis points), as the airdrop computes. */
function basisPoints(value: string): bigint {
  if (!/^\d+(\.\d{1,4})?$/.test(value)) invalid('rateDecimals');
  return parseDecimal(value, 4);
}

/** A start time: now when omitted; a moment in the past (beyond a minute of clock skew) is refused. */
export function effectiveFromOf(now: Date, value: string | undefined): Date {
  if (value === undefined) return now;
  const at = new Date(value);
  if (at.getTime() < now.getTime() - 60_000) invalid('effectivePast');
  return at < now ? now : at;
}

export function checkWithdrawalTerms(terms: TWithdrawalTerms): void {
  shareBelowOne(terms.feeRate);
  const minFee = nonNegative(terms.minFee);
  nonNegative(terms.autoApproveDaily);
  // The minimum fee must leave something of the smallest withdrawal allowed.
  if (minFee >= units(MIN_WITHDRAW_USDT)) invalid('minFeeAboveMinimum');
}

export function checkPairTerms(terms: TExchangePairTerms): void {
  shareBelowOne(terms.feeRate);
  nonNegative(terms.minAmount);
}

export function checkKpcPrice(terms: TKpcPriceTerms): void {
  if (units(terms.price) <= 0n) invalid('pricePositive');
}

function increasing(steps: readonly string[]): void {
  let previous = 0n;
  for (const step of steps) {
    const value = nonNegative(step);
    if (value <= previous) invalid('stepsIncreasing');
    previous = value;
  }
}

export function checkLevelTerms(terms: TLevelTerms): void {
  if (terms.ambassadorDirect < 1 || terms.vipDirect < 1 || terms.vipTeam < 1) invalid('countPositive');
  // A VIP is further along than an ambassador: never fewer direct invitees, and the team includes them.
  if (terms.vipDirect < terms.ambassadorDirect || terms.vipTeam < terms.vipDirect) invalid('vipBelowAmbassador');
  if (nonNegative(terms.vipVolume) <= 0n) invalid('countPositive');
  increasing(terms.kpcSteps);
  increasing(terms.esopSteps);
}

/** The most of a purchase all depths together may pay out: 20 % (today's 5 + 3 + 1 = 9 %). */
export const AIRDROP_PURCHASE_CAP_BP = 2000n;
/** The most a card may pay out across depths, in USDT. */
export const AIRDROP_CARD_CAP = '100';

export function checkAirdropTerms(terms: TAirdropTerms): void {
  for (const value of [terms.feeRate, ...terms.purchaseRates, ...terms.cardAmounts]) nonNegative(value);
  if (basisPoints(terms.feeRate) >= 10_000n) invalid('rateRange');
  const purchase = terms.purchaseRates.reduce((sum, rate) => sum + basisPoints(rate), 0n);
  if (purchase > AIRDROP_PURCHASE_CAP_BP) invalid('airdropCap');
  const card = terms.cardAmounts.reduce((sum, amount) => sum + units(amount), 0n);
  if (card > units(AIRDROP_CARD_CAP)) invalid('airdropCap');
  for (const amount of terms.cardAmounts) {
    if (!/^\d+(\.\d{1,6})?$/.test(amount)) invalid('rateDecimals');
  }
}
