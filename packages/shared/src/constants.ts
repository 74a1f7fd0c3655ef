/** Business constants of SPEC §9 and the account rules of Step 1. One place, imported by web and server. */

export const APP_TITLE = 'KPC';
export const APP_VERSION = '1.0.0';

/** SPEC §7, §9: every call times out after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** SPEC §9: downloads (a history export's file) time out after 60 s, as in the original runtime. */
export const DOWNLOAD_TIMEOUT_MS = 60_000;
/** SPEC §9: toast default duration. */
export const TOAST_DURATION_MS = 1_500;
/** SPEC §8: the "interface does not exist" toast stays 2 s. */
export const NOT_FOUND_TOAST_MS = 2_000;
/** SPEC §2: login-required routes redirect to login with a slide-up of 300 ms. */
export const LOGIN_REDIRECT_ANIMATION_MS = 300;
/** SPEC §9: list pages. */
export const PULL_TO_REFRESH_THRESHOLD = 45;
export const BOTTOM_REACH_DISTANCE = 50;
/** SPEC §9: input default maxlength. */
export const INPUT_MAX_LENGTH = 140;
/** SPEC §9: number formatting defaults to up to 6 decimals. */
export const DISPLAY_DECIMALS = 6;

/** SPEC §5, §9. */
export const MIN_WITHDRAW_USDT = '10';
export const MIN_RECHARGE_USDT = '5';
export const REQUIRED_CONFIRMATIONS = 20;
export const USDT_QUANTITY = '150000';
export const TOKEN_CODE = 'KPC';
export const DEFAULT_ALLOWED_CHAIN_IDS = [137, 56, 1] as const;

/** Email verification codes (Step 1): 6 digits, 10 minutes, 5 tries, 60 s between sends. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 600;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const VERIFICATION_CODE_RESEND_SECONDS = 60;

/** Passwords: at least 8 characters; long passphrases are welcome, capped so hashing stays cheap. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321 limits an address to 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
/** Invitation codes: 8 characters from an alphabet without look-alikes (no I, O, 0, 1). */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

/**
 * `loginEmail` `type`, kept as the user store's `loginType` (SPEC §3: 0 default, -1 wallet). Here,
 * not beside the account schemas: the member app's first chunk needs it, and must not pull zod in.
 */
export const EmailLoginType = { PASSWORD: 1, CODE: 2 } as const;
export const LoginType = { NONE: 0, WALLET: -1, ...EmailLoginType } as const;

/**
 * How a deposit comes in. `wallet` (Recharge): approve, then the Recharge contract's `deposit`;
 * `transfer` (Deposit): send USDT to the shown address. Here, not beside the recharge schemas: Home's
 * tiles name them, and Home must not pull zod in.
 */
export const DepositMethod = { WALLET: 'wallet', TRANSFER: 'transfer' } as const;
export type TDepositMethod = (typeof DepositMethod)[keyof typeof DepositMethod];
