/**
 * Body codes of the wire protocol (SPEC §7-§8). `200` is success; `401`, `403` and `5000` mean the
 * session is gone and the client resets; every other code is a business error whose message the
 * server localises by the `language` header (message key `errors.<name>`).
 */
export const ErrorCode = {
  /** The call succeeded. */
  OK: 200,
  /** No token, or the token is unknown or expired (idle or absolute). */
  UNAUTHORIZED: 401,
  /** The token is valid but the member may not act (account disabled). */
  FORBIDDEN: 403,
  /** The session was revoked (logout elsewhere or a password change). */
  SESSION_REVOKED: 5000,
  /** The request was malformed or failed its schema; `msg` names the first problem. */
  INVALID_REQUEST: 1000,
  /** Too many requests from this client for this call; retry later. */
  RATE_LIMITED: 1001,
  /** A database connection dropped under this request: nothing was changed that the reply does not say; retry. */
  SERVICE_BUSY: 1002,
  /** Step 10: the mail server does not answer, so no code was made or sent; retry in a few minutes. */
  MAIL_UNAVAILABLE: 1003,
  /** A verification code was asked for again inside the resend cooldown. */
  CODE_COOLDOWN: 1100,
  /** The verification code is wrong, expired, used, burnt or for another purpose. */
  CODE_INVALID: 1101,
  /** The invitation code does not belong to any member. */
  INVITE_CODE_INVALID: 1102,
  /** Email or password is wrong (never says which, SPEC: no account enumeration). */
  LOGIN_FAILED: 1103,
  /** Registration could not complete for this email (only its owner can see why, by mail). */
  REGISTRATION_FAILED: 1104,
  /** The wallet's signed message failed a check: signature, address, domain, statement or times. */
  WALLET_SIGNATURE_INVALID: 1105,
  /** The sign-in nonce is unknown, expired or already used: ask for a new one. */
  WALLET_NONCE_INVALID: 1106,
  /** A first wallet sign-in needs an invitation code or the inviter's wallet address. */
  WALLET_INVITE_REQUIRED: 1107,
  /** No member has this invitation code or wallet address. */
  INVITER_NOT_FOUND: 1108,
  /** The message was signed on a chain outside the allowed list (`{{list}}`). */
  WALLET_WRONG_NETWORK: 1109,
  /** The wallet address already belongs to another member. */
  WALLET_ADDRESS_TAKEN: 1110,
  /** The member already has another wallet bound. */
  WALLET_ALREADY_BOUND: 1111,
  /** Step 8a: compliance froze the account: the member signs in and reads, but no money moves. */
  MEMBER_FROZEN: 1112,
  /** Step 8a (operators): no such member. */
  MEMBER_NOT_FOUND: 1113,
  /** Step 11 §2: no such active session among the member's others (another member's, ended, or this one). */
  SESSION_NOT_FOUND: 1150,
  /** Step 11 §2: two-step verification is on: this action also needs the authenticator's code. */
  TOTP_REQUIRED: 1151,
  /** Step 11 §2: the authenticator code is wrong, or its 30 s step was already used. */
  TOTP_INVALID: 1152,
  /** Step 11 §2: too many wrong authenticator codes in a row: locked for `{{minutes}}` minutes. */
  TOTP_LOCKED: 1153,
  /** Step 11 §2: setting up: no authenticator is waiting for its first code (start again), or one is already on. */
  TOTP_WRONG_STATE: 1154,
  /** Step 11 §2: this notification is a security mail, which cannot be turned off. */
  NOTIFICATION_MANDATORY: 1170,
  /** Step 11 §2: this saved address is still locked: withdrawals to it are accepted from `{{time}}` (UTC). */
  ADDRESS_LOCKED: 1160,
  /** Step 11 §2: "address book only" is on and the address is not a saved one. */
  ADDRESS_NOT_IN_BOOK: 1161,
  /** Step 11 §2: the address book holds its most addresses (`{{max}}`): remove one first. */
  ADDRESS_BOOK_FULL: 1162,
  /** Step 11 §2: this address is already saved for this network. */
  ADDRESS_ALREADY_SAVED: 1163,
  /** Step 11 §2: no such saved address among the member's (another member's, or removed). */
  ADDRESS_NOT_FOUND: 1164,
  /** Step 11 §2: the cancel link is wrong or no longer valid (nothing about the address is revealed). */
  ADDRESS_CANCEL_LINK_INVALID: 1165,
  /** Step 11 §2: two-step verification is on (a passkey): confirm with a passkey or the authenticator's code. */
  SECOND_STEP_REQUIRED: 1180,
  /** Step 11 §2: the passkey's answer could not be verified (not one of the member's passkeys, another site, a bad signature or counter). */
  PASSKEY_INVALID: 1181,
  /** Step 11 §2: the passkey request ran out or was already used: start again. */
  PASSKEY_CHALLENGE_EXPIRED: 1182,
  /** Step 11 §2: no such passkey among the member's own. */
  PASSKEY_NOT_FOUND: 1183,
  /** Step 11 §2: the member keeps the most passkeys allowed (`{{max}}`): remove one first. */
  PASSKEY_LIMIT: 1184,
  /** Step 11 §2: this passkey is already added. */
  PASSKEY_ALREADY_ADDED: 1185,
  /** The spendable balance does not cover the amount. */
  INSUFFICIENT_BALANCE: 1200,
  /** The amount has more decimals than the asset allows (`{{decimals}}`). */
  AMOUNT_TOO_PRECISE: 1201,
  /** The asset is unknown or not enabled. */
  ASSET_UNAVAILABLE: 1202,
  /** The exchange pair is not open. */
  EXCHANGE_PAIR_CLOSED: 1203,
  /** The quote's time ran out: ask for a new one. */
  QUOTE_EXPIRED: 1204,
  /** The quote was altered, or belongs to another member. */
  QUOTE_INVALID: 1205,
  /** The amount is below the minimum (`{{min}} {{asset}}`). */
  AMOUNT_BELOW_MINIMUM: 1206,
  /** An amount that would round to nothing after fees. */
  AMOUNT_TOO_SMALL: 1207,
  /** The amount is above the maximum (`{{max}} {{asset}}`). */
  AMOUNT_ABOVE_MAXIMUM: 1208,
  /** SPEC §8: "The current channel is temporarily unavailable." */
  CHANNEL_UNAVAILABLE: 1300,
  /** SPEC §8: the channel-not-open-yet text. */
  CHANNEL_NOT_OPEN: 1301,
  /** Accelerate: no transaction with this hash on the chosen network (`{{network}}`). */
  DEPOSIT_TX_NOT_FOUND: 1302,
  /** Accelerate: the transaction holds no USDT deposit to the programme from the member's wallet. */
  DEPOSIT_TX_NOT_DEPOSIT: 1303,
  /** Withdrawals are confirmed by an emailed code: the account needs an email. */
  WITHDRAW_EMAIL_REQUIRED: 1304,
  /** The chain's node does not answer (or is not verified yet): deposits and withdrawals on `{{network}}` wait. */
  NETWORK_UNAVAILABLE: 1305,
  /** The destination is one of the programme's own addresses or a token contract: funds sent there would be lost. */
  WITHDRAW_ADDRESS_NOT_ALLOWED: 1306,
  /** Test funds from the development faucet never leave through a real chain. */
  WITHDRAW_TEST_FUNDS: 1307,
  /** The plan product, ESOP plan or pledge term is unknown or no longer takes orders. */
  PLAN_UNAVAILABLE: 1400,
  /** No such order or pledge among the member's own. */
  PLAN_RECORD_NOT_FOUND: 1401,
  /** The pledge has already ended (matured or redeemed). */
  PLEDGE_NOT_ACTIVE: 1402,
  /** The request id was already used for a different request. */
  REQUEST_ID_REUSED: 1403,
  /** The price (or amount) the member was shown is no longer the price: nothing was charged; show the new one. */
  PRICE_CHANGED: 1404,
  /** Step 6: the KLK package tier is unknown or no longer sold. */
  KLK_TIER_UNAVAILABLE: 1600,
  /** Step 6: the member already holds this package or a higher one: only an upgrade can be bought. */
  KLK_TIER_NOT_HIGHER: 1601,
  /** Step 6: no such activation code among the member's own (another member's code answers the same). */
  ACTIVATION_CODE_NOT_FOUND: 1610,
  /** Step 6: the activation code has already been used. */
  ACTIVATION_CODE_USED: 1611,
  /** Step 6: no member has this invitation code or email. */
  ACTIVATION_CODE_RECIPIENT_INVALID: 1612,
  /** Step 6: a code cannot be given to oneself. */
  ACTIVATION_CODE_SELF: 1613,
  /** Step 6: the member already has an open (or granted) global node application. */
  NODE_APPLICATION_OPEN: 1620,
  /** Step 6: no such global node application (among the member's own, or at all for operators). */
  NODE_APPLICATION_NOT_FOUND: 1621,
  /** Step 6: the node application is not in a state that allows this step (e.g. reviewed twice, paid before approval). */
  NODE_APPLICATION_WRONG_STATE: 1622,
  /** Step 6: the member already has a shareholder application under review. */
  STOCKHOLDER_APPLICATION_OPEN: 1630,
  /** Step 6: no such shareholder application. */
  STOCKHOLDER_APPLICATION_NOT_FOUND: 1631,
  /** Step 6: the shareholder application has already been reviewed. */
  STOCKHOLDER_APPLICATION_REVIEWED: 1632,
  /** Step 6: the card product is unknown, no longer offered, or not on that network. */
  CARD_PRODUCT_UNAVAILABLE: 1640,
  /** Step 6: no such card application (among the member's own, or at all for operators). */
  CARD_APPLICATION_NOT_FOUND: 1641,
  /** Step 6: the application is not in a state that allows this step (e.g. issuing before approval). */
  CARD_APPLICATION_WRONG_STATE: 1642,
  /** Step 6: no such card among the member's own (another member's card answers the same). */
  CARD_NOT_FOUND: 1643,
  /** Step 6: binding: the number is not that of a card issued to the member. */
  CARD_BIND_NOT_FOUND: 1644,
  /** Step 6: binding: the number is the member's card, but the ID printed with it is another. */
  CARD_ID_MISMATCH: 1645,
  /** Step 6: the card is already bound. */
  CARD_ALREADY_BOUND: 1646,
  /** Step 6: the card must be bound first (top-up, freeze, transactions). */
  CARD_NOT_BOUND: 1647,
  /** Step 6: the card is frozen: no top-up until it is unfrozen. */
  CARD_FROZEN: 1648,
  /** Step 6: the top-up is larger than the card's single-transaction limit. */
  CARD_LIMIT_SINGLE: 1649,
  /** Step 6: the top-up would pass the card's daily limit (`remaining` is what is left today). */
  CARD_LIMIT_DAILY: 1650,
  /** Step 6: the top-up would pass the card's monthly limit (`remaining` is what is left this month). */
  CARD_LIMIT_MONTHLY: 1651,
  /** Step 6: the card issuer cannot be reached; nothing was charged, try again. */
  CARD_ISSUER_UNAVAILABLE: 1652,
  /** Step 6: the card issuer refused the top-up; the money is back in available. */
  CARD_TOPUP_REFUSED: 1653,
  /** Step 6: the step needs the sandbox card issuer (simulated spending). */
  CARD_SANDBOX_ONLY: 1654,
  /**
   * Step 6: the card is frozen for an unpaid monthly fee (`amount`, USDT): no unfreeze or top-up
   * by the member; it unfreezes once the fee is taken from available.
   */
  CARD_FEE_DUE: 1655,
  /** Step 7b: an operator's KYC decision lost to another one made first (exactly one decision wins). */
  CARD_APPLICATION_DECIDED: 1656,
  /** Step 7: no such announcement, or it is not published (members), or no such one at all (operators). */
  NOTICE_NOT_FOUND: 1760,
  /** Step 7: the announcement is not in a state that allows this step (publishing it twice, unpublishing a draft). */
  NOTICE_WRONG_STATE: 1761,
  /** Step 7: an announcement is published with English (the fallback of SPEC §1), and keeps it while published. */
  NOTICE_ENGLISH_REQUIRED: 1762,
  /** Step 8a: sign-in failed (any reason: email, password, code, lock-out); never says which. */
  OPERATOR_SIGN_IN_FAILED: 1800,
  /** Step 8a: a money action needs a second factor given within the last few minutes. */
  OPERATOR_STEP_UP_REQUIRED: 1801,
  /** Step 8a: the enrolment link was used, replaced or has expired. */
  OPERATOR_ENROLMENT_INVALID: 1802,
  /** Step 8a: the authenticator code is wrong or was already used. */
  OPERATOR_TOTP_INVALID: 1803,
  /** Step 8a: an operator with this email exists. */
  OPERATOR_EMAIL_TAKEN: 1804,
  /** Step 8a: no such operator. */
  OPERATOR_NOT_FOUND: 1805,
  /** Step 8a: the last active administrator cannot lose the role or be disabled. */
  OPERATOR_LAST_ADMIN: 1806,
  /** Step 8a: an administrator cannot disable or reset their own account. */
  OPERATOR_SELF: 1807,
  /** Step 8a: the operator's roles do not allow the call (HTTP 403). */
  OPERATOR_FORBIDDEN: 1808,
  /** Step 8a: no withdrawal has this id. */
  WITHDRAWAL_NOT_FOUND: 1820,
  /** Step 8a: only a withdrawal whose payout is `unknown` can be settled; this one is not (any more). */
  WITHDRAWAL_NOT_UNKNOWN: 1821,
  /** Step 8a: no such payment channel (a chain this server does not allow, or a method the direction has not). */
  CHANNEL_UNKNOWN: 1822,
  /** Step 8b: someone saved this configuration first; reload it and make the change again. */
  CONFIG_CONFLICT: 1850,
  /** Step 8b: the change would break a promise or the books (`{{reason}}` says which rule). */
  CONFIG_INVALID: 1851,
  /** Step 8b: no ledger adjustment has this id. */
  ADJUSTMENT_NOT_FOUND: 1890,
  /** Step 8b: the adjustment was decided already (accepted or rejected). */
  ADJUSTMENT_NOT_PENDING: 1891,
  /** Step 8b: the adjustment expired before it was approved; propose it again. */
  ADJUSTMENT_EXPIRED: 1892,
  /** Step 8b: the proposer of an adjustment cannot approve it (a different operator must). */
  ADJUSTMENT_OWN: 1893,
  /** Step 8b: this operator has approved the adjustment already (an approver counts once). */
  ADJUSTMENT_ALREADY_APPROVED: 1894,
  /** Step 8b: no member has this id or email. */
  ADJUSTMENT_MEMBER_UNKNOWN: 1895,
  /** Step 8b: a debit larger than the balance at approval (`{{balance}}`); the adjustment stays pending. */
  ADJUSTMENT_INSUFFICIENT_BALANCE: 1896,
  /** Step 8b: an announcement is scheduled for a time still to come; this one has passed. */
  NOTICE_SCHEDULE_PAST: 1885,
  /** Step 8b: another operator saved the announcement since this editor opened it (reload, then save). */
  NOTICE_EDIT_CONFLICT: 1886,
  /** Step 8b: an operator froze the card: no top-up, spending or unfreeze until an operator unfreezes it. */
  CARD_FROZEN_BY_PROGRAMME: 1870,
  /** Step 8b: importing a card: a card with this number is already on record. */
  CARD_NUMBER_TAKEN: 1871,
  /** Step 8b: freezing a card an operator already froze, or unfreezing one no operator froze. */
  CARD_OPERATOR_FREEZE_UNCHANGED: 1872,
  /** Step 8b: the activation code was voided by an operator; it cannot be used or given. */
  ACTIVATION_CODE_VOIDED: 1878,
  /** Step 8b: only an unused activation code can be voided (this one is used or already voided). */
  ACTIVATION_CODE_NOT_VOIDABLE: 1879,
  /** Step 8b config-products: a daily ratio outside the allowed range (`{{min}}`..`{{max}}`). */
  CONFIG_RATE_RANGE: 1860,
  /** Step 8b config-products: a phase table with a gap or a ratio outside SPEC's 0.35%-0.5% a day (1 to 120 phases). */
  CONFIG_PHASES_INVALID: 1861,
  /** Step 8b config-products: a fee, rate, price or amount below zero (or zero where it must be positive). */
  CONFIG_NEGATIVE: 1862,
  /** Step 8b config-products: a minimum above its maximum (or limits not single <= daily <= monthly). */
  CONFIG_MIN_ABOVE_MAX: 1863,
  /** Step 8b config-products: months or days out of range (lock-up >= 0, release 1-120, days 1-3650). */
  CONFIG_PERIOD_INVALID: 1864,
  /** Step 8b config-products: another row already has this code, level or rank. */
  CONFIG_DUPLICATE: 1865,
  /** Step 8b config-products: no such product row. */
  CONFIG_NOT_FOUND: 1866,
  /** An unexpected failure; details are logged, never sent. */
  INTERNAL: 500,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
export type ErrorName = keyof typeof ErrorCode;

/** Codes after which the client must drop its session (SPEC §8). */
export const SESSION_GONE_CODES: readonly number[] = [
  ErrorCode.UNAUTHORIZED,
  ErrorCode.FORBIDDEN,
  ErrorCode.SESSION_REVOKED,
];

/** A business failure with a wire code and optional values for its message (`{{seconds}}`). */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  /** The code's name, which is also its message key (`errors.<key>`). */
  readonly key: Exclude<ErrorName, 'OK'>;
  readonly params: Record<string, string | number>;

  constructor(name: Exclude<ErrorName, 'OK'>, params: Record<string, string | number> = {}) {
    super(name);
    this.name = 'AppError';
    this.code = ErrorCode[name];
    this.key = name;
    this.params = params;
  }
}
