import { z } from 'zod';
import {
  CARD_NETWORKS,
  CARD_PRODUCTS,
  CardApplicationStatus,
  CardStatus,
  CardTransactionType,
  isAdultOn,
  isCardId,
  isCardNumber,
  isCountryCode,
  KycDocumentType,
  normalizeCardId,
  normalizeCardNumber,
  parseIsoDate,
  type TCardApplicationStatus,
  type TCardNetwork,
  type TCardProduct,
  type TCardStatus,
  type TCardTransactionType,
  type TKycDocumentType,
} from '../card.ts';
import { ACTIVATION_CODE_ALPHABET, ACTIVATION_CODE_LENGTH } from './activation-code.ts';
import { ZAmount } from './assets.ts';
import { ZCursor, ZLimit, ZRecordId, ZRequestId } from './common.ts';

/**
 * Co-branded cards (Step 6, SPEC §2 "Card pages", §3 "Card", §5 "Enter card number and ID to bind
 * a card", §9 card fees and limits): the products, the application with its KYC details and
 * payment, the member's cards, binding, top-up, freeze and the card's transactions. Amounts are
 * decimal strings (USDT); times are ISO 8601. The rules themselves (Luhn, networks, age) are in
 * `card.ts`. A card is named on the wire by its record `id`; `cardId` is the ID printed with it.
 */

export const ZCardProductCode = z.enum(CARD_PRODUCTS as [TCardProduct, ...TCardProduct[]], {
  error: 'validation.cardProductRequired',
});
export const ZCardNetwork = z.enum(CARD_NETWORKS as [TCardNetwork, ...TCardNetwork[]], {
  error: 'validation.cardNetworkRequired',
});
/** Every state, as operators see them. */
export const ZCardApplicationStatus = z.enum(
  Object.values(CardApplicationStatus) as [TCardApplicationStatus, ...TCardApplicationStatus[]],
);
/** The states a member sees: `submitting` is shown as `submitted` (the programme's to finish). */
export const ZCardMemberApplicationStatus = ZCardApplicationStatus.exclude([CardApplicationStatus.SUBMITTING]);
export const ZCardStatus = z.enum(Object.values(CardStatus) as [TCardStatus, ...TCardStatus[]]);
export const ZCardTransactionType = z.enum(
  Object.values(CardTransactionType) as [TCardTransactionType, ...TCardTransactionType[]],
);
export const ZKycDocumentType = z.enum(Object.values(KycDocumentType) as [TKycDocumentType, ...TKycDocumentType[]], {
  error: 'validation.documentTypeRequired',
});

// ---------------------------------------------------------------------------------------------
// Products: POST /api/card/products

/** SPEC §9: the fees of a product, in USDT, all configured. */
export const ZCardFees = z.object({
  issuance: z.string(),
  kyc: z.string(),
  /** Loaded onto the card when it is issued. */
  initialTopUp: z.string(),
  /** Charged monthly while the card is issued. */
  monthly: z.string(),
  /** Top-up fee: max(amount x rate, minimum), on top of the amount (`computeCardTopUpFee`). */
  topUpFeeRate: z.string(),
  topUpMinFee: z.string(),
});
export type TCardFees = z.infer<typeof ZCardFees>;

/** SPEC §9: a card's limits in USDT, each for top-ups and for spending alike. */
export const ZCardLimits = z.object({
  /** One transaction at most. */
  single: z.string(),
  /** Per UTC day. */
  daily: z.string(),
  /** Per UTC calendar month. */
  monthly: z.string(),
});
export type TCardLimits = z.infer<typeof ZCardLimits>;

export const ZCardProductInfo = z.object({
  product: ZCardProductCode,
  /** The product's name as a member-app message key (e.g. `card.product.gold_eagle`). */
  nameKey: z.string(),
  /** The networks it can be had on. */
  networks: z.array(ZCardNetwork),
  /** The asset fees and top-ups are paid in (USDT). */
  asset: z.string(),
  fees: ZCardFees,
  limits: ZCardLimits,
  /** What applying costs when paid from the balance: issuance + KYC + initial top-up. */
  applicationTotal: z.string(),
});
export type TCardProductInfo = z.infer<typeof ZCardProductInfo>;
export const ZCardProductsResponse = z.object({ list: z.array(ZCardProductInfo) });
export type TCardProductsResponse = z.infer<typeof ZCardProductsResponse>;

// ---------------------------------------------------------------------------------------------
// Applying: POST /api/card/apply, /api/card/application, /api/card/applications

/** A name as written on the identity document, in Latin script (what a card is embossed with). */
const ZHolderName = z
  .string({ error: 'validation.holderNameRequired' })
  .trim()
  .min(1, { error: 'validation.holderNameRequired', abort: true })
  .max(50, 'validation.holderNameInvalid')
  .regex(/^\p{Script=Latin}[\p{Script=Latin}\p{M} .'-]*$/u, 'validation.holderNameInvalid');

/** Country codes are read case-blind and kept upper case. */
const ZCountryCode = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .transform((code) => code.toUpperCase())
    .refine(isCountryCode, 'validation.countryInvalid');

/** `YYYY-MM-DD`; the holder must be an adult today (UTC). */
export const ZDateOfBirth = z
  .string({ error: 'validation.dateOfBirthRequired' })
  .trim()
  .min(1, { error: 'validation.dateOfBirthRequired', abort: true })
  .refine((value) => parseIsoDate(value) !== null, 'validation.dateOfBirthInvalid')
  .refine((value) => parseIsoDate(value) === null || isAdultOn(value, new Date()), 'validation.holderUnderage');

/** Document numbers are letters and digits; spaces and dashes members type are dropped. */
const ZDocumentNumber = z
  .string({ error: 'validation.documentNumberRequired' })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.documentNumberRequired', abort: true })
      .regex(/^[A-Z0-9]{5,20}$/, 'validation.documentNumberInvalid'),
  );

/** E.164: `+`, a country code and the number, 8 to 15 digits; spaces, dashes, dots and brackets are dropped. */
export const ZPhoneNumber = z
  .string({ error: 'validation.phoneRequired' })
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.phoneRequired', abort: true })
      .regex(/^\+[1-9]\d{7,14}$/, 'validation.phoneInvalid'),
  );

const ZAddressText = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, 'validation.addressInvalid')
    // No control characters: the issuer prints and files these.
    .refine((value) => !/\p{Cc}/u.test(value), 'validation.addressInvalid');

/** A postal address of the holder (KYC). */
export const ZHolderAddress = z.object({
  line1: ZAddressText('validation.addressRequired', 100),
  line2: z
    .string({ error: 'validation.addressInvalid' })
    .trim()
    .max(100, 'validation.addressInvalid')
    .refine((value) => !/\p{Cc}/u.test(value), 'validation.addressInvalid')
    .optional(),
  city: ZAddressText('validation.cityRequired', 60),
  /** State, province or region, where the country has them. */
  region: z
    .string({ error: 'validation.addressInvalid' })
    .trim()
    .max(60, 'validation.addressInvalid')
    .refine((value) => !/\p{Cc}/u.test(value), 'validation.addressInvalid')
    .optional(),
  /** Some countries (Hong Kong, ...) have none. */
  postalCode: z
    .string({ error: 'validation.postalCodeInvalid' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, 'validation.postalCodeInvalid')
    .optional(),
  country: ZCountryCode('validation.countryRequired'),
});
export type THolderAddress = z.infer<typeof ZHolderAddress>;

/** The holder's details for KYC (issue §3): name, date of birth, nationality, document, address, phone. */
export const ZCardHolder = z.object({
  firstName: ZHolderName,
  lastName: ZHolderName,
  dateOfBirth: ZDateOfBirth,
  nationality: ZCountryCode('validation.nationalityRequired'),
  documentType: ZKycDocumentType,
  documentNumber: ZDocumentNumber,
  address: ZHolderAddress,
  phone: ZPhoneNumber,
});
export type TCardHolderInput = z.input<typeof ZCardHolder>;
/** The holder as the server and the issuer see it: normalised (upper-case codes, digits-only phone). */
export type TCardHolder = z.output<typeof ZCardHolder>;

/**
 * A card activation code as a member types or pastes it (from a broker package, SPEC §1): read
 * case-blind, the group dashes and spaces dropped, then exactly the issued form (`activation-code.ts`).
 */
const ACTIVATION_CODE_INPUT = new RegExp(`^[${ACTIVATION_CODE_ALPHABET}]{${ACTIVATION_CODE_LENGTH}}$`);
export const ZActivationCodeInput = z
  .string({ error: 'validation.activationCodeRequired' })
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.activationCodeRequired', abort: true })
      .regex(ACTIVATION_CODE_INPUT, 'validation.activationCodeInvalid'),
  );

/** How an application is paid: with an unused activation code, or the fees from USDT available. */
export const ZCardPayment = z.discriminatedUnion(
  'method',
  [z.object({ method: z.literal('code'), code: ZActivationCodeInput }), z.object({ method: z.literal('balance') })],
  { error: 'validation.paymentMethodRequired' },
);
export type TCardPayment = z.output<typeof ZCardPayment>;

/** POST /api/card/apply — retry-safe by `requestId`. */
export const ZCardApplyRequest = z.object({
  requestId: ZRequestId,
  product: ZCardProductCode,
  network: ZCardNetwork,
  holder: ZCardHolder,
  payment: ZCardPayment,
});
export type TCardApplyRequest = z.input<typeof ZCardApplyRequest>;

/**
 * Why KYC refused an application, as the member is told (a message key on the client): the
 * issuer's decision, never its internal detail. The fees were refunded, a code returned unused.
 */
export const CardRejectReason = {
  /** The holder's identity could not be verified. */
  KYC_FAILED: 'kyc_failed',
  /** The document is invalid, expired or unreadable. */
  DOCUMENT_INVALID: 'document_invalid',
  /** The issuer does not serve the holder's country. */
  COUNTRY_NOT_SUPPORTED: 'country_not_supported',
  /** An operator refused it. */
  REVIEW_REJECTED: 'review_rejected',
  /** The issuer did not accept the application when it was sent (the payment is returned). */
  ISSUER_REFUSED: 'issuer_refused',
} as const;
export type TCardRejectReason = (typeof CardRejectReason)[keyof typeof CardRejectReason];
export const ZCardRejectReason = z.enum(Object.values(CardRejectReason) as [TCardRejectReason, ...TCardRejectReason[]]);

/** An application as the member follows it. */
export const ZCardApplication = z.object({
  id: z.string(),
  product: ZCardProductCode,
  network: ZCardNetwork,
  status: ZCardMemberApplicationStatus,
  payment: z.enum(['code', 'balance']),
  /** USDT taken from available (0 when paid with a code); refunded on rejection. */
  paid: z.string(),
  /** Set when rejected. */
  rejectReason: ZCardRejectReason.nullable(),
  createdAt: z.string(),
  /** When KYC approved or rejected it. */
  decidedAt: z.string().nullable(),
  issuedAt: z.string().nullable(),
  /** The issued card's record id, once issued. */
  cardRecordId: z.string().nullable(),
});
export type TCardApplication = z.infer<typeof ZCardApplication>;

/** POST /api/card/application — one of the member's own applications. */
export const ZCardApplicationRequest = z.object({ id: ZRecordId });
export type TCardApplicationRequest = z.input<typeof ZCardApplicationRequest>;

/** POST /api/card/applications — the member's applications, newest first. */
export const ZCardApplicationsRequest = z.object({ cursor: ZCursor.optional(), limit: ZLimit.optional() });
export type TCardApplicationsRequest = z.input<typeof ZCardApplicationsRequest>;
export const ZCardApplicationsResponse = z.object({
  list: z.array(ZCardApplication),
  nextCursor: z.string().nullable(),
});
export type TCardApplicationsResponse = z.infer<typeof ZCardApplicationsResponse>;

// ---------------------------------------------------------------------------------------------
// Cards: POST /api/card/list, /api/card/bind, /api/card/freeze, /api/card/unfreeze

/** One card of the member's (SPEC §2 "Card pages": number, ID, label and region, bound or not). */
export const ZCardListItem = z.object({
  id: z.string(),
  product: ZCardProductCode,
  network: ZCardNetwork,
  /** `**** **** **** 7890` (`maskCardNumber`): the programme keeps only the last 4 digits. */
  maskedNumber: z.string(),
  last4: z.string(),
  cardId: z.string(),
  label: z.string(),
  /** ISO 3166-1 alpha-2 region the card was issued in. */
  region: z.string(),
  isBound: z.boolean(),
  status: ZCardStatus,
  /**
   * Why a frozen card is frozen: `member` (the member froze it, and may unfreeze it) or `fee_due`
   * (the programme froze it for an unpaid monthly fee; it unfreezes by itself once the fee is paid)
   * or `programme` (Step 8b: an operator froze it; only an operator unfreezes it). Null while active.
   */
  frozenReason: z.enum(['member', 'fee_due', 'programme']).nullable(),
  /**
   * Monthly fees fallen due and not yet charged (USDT): owed while the member's available USDT is
   * short (the card is then `fee_due`), or for a moment before the next run charges them. Null when none.
   */
  monthlyFeeDue: z.string().nullable(),
  /** When the next monthly fee is charged (SPEC §9 monthly fee); null when the product has none. */
  nextMonthlyFeeAt: z.string().nullable(),
  /** The card's balance in USDT; null until bound. */
  balance: z.string().nullable(),
  issuedAt: z.string(),
  boundAt: z.string().nullable(),
});
export type TCardListItem = z.infer<typeof ZCardListItem>;
export const ZCardListResponse = z.object({ list: z.array(ZCardListItem) });
export type TCardListResponse = z.infer<typeof ZCardListResponse>;

/**
 * POST /api/card/bind (SPEC §5 "Enter card number and ID to bind a card"): the number and ID must
 * match a card issued to the member (checked by the server); here their form: a 16-digit number of
 * a known network with a valid check digit, and an ID of 8-12 letters and digits.
 */
export const ZCardBindRequest = z.object({
  cardNumber: z
    .string({ error: 'validation.cardBindRequired' })
    .transform(normalizeCardNumber)
    .pipe(
      z
        .string()
        .min(1, { error: 'validation.cardBindRequired', abort: true })
        .refine(isCardNumber, 'validation.cardNumberInvalid'),
    ),
  cardId: z
    .string({ error: 'validation.cardBindRequired' })
    .transform(normalizeCardId)
    .pipe(
      z
        .string()
        .min(1, { error: 'validation.cardBindRequired', abort: true })
        .refine(isCardId, 'validation.cardIdInvalid'),
    ),
});
export type TCardBindRequest = z.input<typeof ZCardBindRequest>;
export const ZCardBindResponse = ZCardListItem;

/** POST /api/card/freeze and /api/card/unfreeze — one of the member's bound cards; repeating is harmless. */
export const ZCardFreezeRequest = z.object({ id: ZRecordId });
export type TCardFreezeRequest = z.input<typeof ZCardFreezeRequest>;
export const ZCardFreezeResponse = ZCardListItem;

// ---------------------------------------------------------------------------------------------
// Top-up and transactions: POST /api/card/topup, /api/card/transactions

/** POST /api/card/topup — loads `amount` USDT from available onto a bound card (plus the fee); retry-safe by `requestId`. */
export const ZCardTopUpRequest = z.object({ id: ZRecordId, amount: ZAmount, requestId: ZRequestId });
export type TCardTopUpRequest = z.input<typeof ZCardTopUpRequest>;

export const ZCardTopUpResponse = z.object({
  /** The top-up's record id. */
  id: z.string(),
  cardRecordId: z.string(),
  /** Loaded onto the card. */
  amount: z.string(),
  fee: z.string(),
  /** amount + fee: what left available. */
  total: z.string(),
  /** `pending` while the issuer has not confirmed it; `failed` returned `total` to available. */
  status: z.enum(['pending', 'completed', 'failed']),
  /** The card's balance after it (once completed). */
  balance: z.string().nullable(),
  createdAt: z.string(),
});
export type TCardTopUpResponse = z.infer<typeof ZCardTopUpResponse>;

/** An issuer's paging token, passed back as it came. */
export const ZCardTransactionsCursor = z
  .string({ error: 'validation.invalid' })
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'validation.invalid');

/** POST /api/card/transactions — a bound card's transactions, newest first. */
export const ZCardTransactionsRequest = z.object({
  id: ZRecordId,
  cursor: ZCardTransactionsCursor.optional(),
  limit: ZLimit.optional(),
});
export type TCardTransactionsRequest = z.input<typeof ZCardTransactionsRequest>;

export const ZCardTransaction = z.object({
  id: z.string(),
  type: ZCardTransactionType,
  /** Signed: positive into the card (top-up, refund), negative out of it (spend). */
  amount: z.string(),
  /** The card's balance right after this transaction (the running balance). */
  balance: z.string(),
  /** The merchant of a spend or refund; null for a top-up. */
  merchant: z.string().nullable(),
  createdAt: z.string(),
});
export type TCardTransaction = z.infer<typeof ZCardTransaction>;

export const ZCardTransactionsResponse = z.object({
  /** The card's balance now. */
  balance: z.string(),
  list: z.array(ZCardTransaction),
  nextCursor: z.string().nullable(),
});
export type TCardTransactionsResponse = z.infer<typeof ZCardTransactionsResponse>;
