import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseChainSettings, type ChainSettings } from './chains.ts';
import { webauthnIssues, webauthnSettings, type WebAuthnSettings } from './webauthn.ts';
import { cardIssuerFactories, DEVELOPMENT_CARD_ISSUERS } from '../modules/card/issuer/registry.ts';
import { DEFAULT_ALLOWED_CHAIN_IDS, TOKEN_CODE, USDT_QUANTITY } from '@kpc/shared';
import { OPERATOR_ROLES, type TOperatorRole } from '@kpc/shared/operator';
import { z } from 'zod';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const seconds = z.coerce.number().int().positive();

/**
 * Every setting of the server, read from the environment in one place (STYLE: configuration has
 * one door). docs/configuration.md lists the same variables (env-docs.test.ts keeps them equal).
 */
export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Where the embedded PGlite database lives when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A PostgreSQL connection URL; without it the embedded PGlite database is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * PostgreSQL: how long a request waits for a connection (a new one, or its turn when all are busy)
   * before it is answered "busy, try again" instead of hanging while the database is down.
   */
  DATABASE_CONNECT_SECONDS: z.coerce.number().min(0.5).max(120).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `json` (one JSON object a line, for log collectors) or `pretty` (readable lines for a person).
   * Default: pretty in development when standard output is a terminal, JSON everywhere else.
   */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Public address of the member app, used in links inside mails. */
  PUBLIC_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().min(1).default(resolve(serverRoot, '../web/dist')),
  /** The operator console's build (apps/admin), served at /admin. */
  ADMIN_DIST_DIR: z.string().min(1).default(resolve(serverRoot, '../admin/dist')),
  TRUST_PROXY: booleanFlag.default(false),

  /** smtp:// or smtps:// URL of a real mail server; without it mails go to the outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('KPC <no-reply@kpc.local>'),
  /** After SMTP failed to deliver, codes are refused this long (MAIL_UNAVAILABLE); then SMTP is tried again. */
  MAIL_PAUSE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /**
   * The development mailbox page (/dev/mailbox, every mail with its code); default: on only while
   * the embedded development chain runs and there is no SMTP_URL. Refused in production and with a
   * real chain configured.
   */
  DEV_MAILBOX: booleanFlag.optional(),

  /**
   * The development faucet (`/api/dev/faucet`, test funds through the ledger); default: on only
   * while the embedded development chain runs. Refused in production and with a real chain configured.
   */
  DEV_FAUCET: booleanFlag.optional(),
  /**
   * Runs the deposit watchers and withdrawal senders in this process (off: an API-only process;
   * tests drive the passes themselves). Several processes may run them: locks keep them apart.
   */
  RUN_CHAIN_WORKERS: booleanFlag.default(true),
  /** How often each chain's deposit watcher looks for new blocks. */
  WATCHER_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(3),
  /** Most blocks one `eth_getLogs` call asks for (RPC providers cap it). */
  WATCHER_BLOCK_RANGE: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** How long one JSON-RPC call to a chain's node may take before it counts as failed. */
  RPC_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(120).default(8),
  /**
   * How often every server process asks each chain's node for its head: a node that does not
   * answer makes that chain's channels "temporarily unavailable" until it answers again.
   */
  RPC_PROBE_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  /**
   * Withdrawal fee (SPEC §9): this share of the amount, at least WITHDRAW_MIN_FEE, in USDT. These
   * three WITHDRAW_* terms are the DEFAULTS: once an operator saves withdrawal terms in the console
   * (Step 8b §2, versioned configuration `withdrawal`), the saved terms apply and these are unused.
   */
  WITHDRAW_FEE_RATE: z
    .string()
    .regex(/^0(\.\d{1,18})?$/, 'a decimal between 0 and 1')
    .default('0.01'),
  WITHDRAW_MIN_FEE: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, 'a decimal amount')
    .default('1'),
  /**
   * A member's withdrawals are approved automatically while their total over the last 24 hours
   * stays within this many USDT; larger ones wait for an operator (Step 8). 0: always review.
   */
  WITHDRAW_AUTO_APPROVE_DAILY: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, 'a decimal amount')
    .default('1000'),
  /** Blocks a payout needs on chain before the withdrawal counts as completed. */
  WITHDRAW_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(20),
  /** Hours a newly saved withdrawal address waits before it can receive withdrawals (Step 11 §2); 0: at once. */
  WITHDRAW_ADDRESS_LOCK_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** How often each hot wallet's sender looks for approved withdrawals and pending payouts. */
  SENDER_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(3),
  /**
   * How often the notification sender mails what deposits, withdrawals, sign-ins and security
   * changes queued (Step 11 §2, modules/notifications), and queues the daily release summaries.
   */
  NOTIFY_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  /**
   * How often the plan release engine looks for releases due (investment days, ESOP phases, pledge
   * rewards and maturities). Several processes may run it: an advisory lock keeps them apart.
   */
  PLAN_RELEASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /**
   * Workers of the release engine on PostgreSQL: each sweeps its share of the members on its own
   * connection, so a large book's daily release uses that many database cores. Use the same number
   * in every process. PGlite has one connection: always 1 there.
   */
  PLAN_RELEASE_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** How long an exchange quote holds its rate. */
  EXCHANGE_QUOTE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),

  /** Invitation code of the programme's root, seeded on first start so the first member can register. */
  GENESIS_INVITE_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{4,32}$/, 'letters and digits, 4 to 32 characters')
    .transform((v) => v.toUpperCase())
    .optional(),
  /**
   * Service accounts for automation (Step 8a): comma-separated `name@role+role:secret`, each secret
   * at least 32 characters, each account holding the roles named (admin, finance, compliance,
   * support, content); sent as `x-operator-key`, audited like a person. Unset: none (in development
   * with the faucet on, one key with every role is generated at start and logged).
   */
  OPERATOR_KEYS: z
    .string()
    .transform((value, context) => {
      const keys: OperatorKey[] = [];
      for (const [index, entry] of value.split(',').entries()) {
        const separator = entry.indexOf(':');
        const head = separator < 0 ? '' : entry.slice(0, separator).trim();
        const secret = separator < 0 ? '' : entry.slice(separator + 1).trim();
        const [name = '', roleList] = head.split('@');
        const roles = (roleList ?? '').split('+').filter(Boolean);
        // The message names the entry by position, never by its secret.
        if (!/^[A-Za-z0-9_.-]{1,32}$/.test(name)) {
          context.addIssue({
            code: 'custom',
            message: `entry ${index + 1}: expected name@role+role:secret (name: letters, digits, _ . -)`,
          });
        } else if (roles.length === 0 || roles.some((role) => !isOperatorRole(role))) {
          context.addIssue({
            code: 'custom',
            message: `entry ${index + 1} (${name}): name its roles, as ${name}@${OPERATOR_ROLES.join('+')}:secret`,
          });
        } else if (secret.length < 32) {
          context.addIssue({
            code: 'custom',
            message: `entry ${index + 1} (${name}): the secret needs at least 32 characters`,
          });
        } else if (keys.some((key) => key.name === name)) {
          context.addIssue({ code: 'custom', message: `entry ${index + 1}: the name ${name} appears twice` });
        } else keys.push({ name, roles: roles as TOperatorRole[], secret });
      }
      return keys;
    })
    .optional(),
  /** Operators' console sessions (Step 8a): end after this long unused. */
  OPERATOR_SESSION_IDLE_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /** …and this long after signing in, however used. */
  OPERATOR_SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(7 * 86_400)
    .default(12 * 3600),
  /** Money actions need a second factor given within this many seconds (a step-up). */
  OPERATOR_STEP_UP_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** Failed sign-ins in a row that lock an operator out, and for how long. */
  OPERATOR_LOCKOUT_ATTEMPTS: z.coerce.number().int().min(3).max(100).default(5),
  OPERATOR_LOCKOUT_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** How long an enrolment link (an invitation or a second-factor reset) stays usable. */
  OPERATOR_ENROLMENT_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(72),
  /**
   * Step 8b §3: a ledger adjustment worth more than this many USDT (valued at proposal, KPC at its
   * price) needs two approvers besides its proposer; at or below it, one.
   */
  ADJUSTMENT_TWO_APPROVER_THRESHOLD: z
    .string()
    .regex(/^\d{1,20}(\.\d{1,6})?$/, 'a decimal amount of USDT')
    .default('10000'),
  /** How long a proposed adjustment waits for its approvals before it expires. */
  ADJUSTMENT_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /**
   * The card issuer adapter (Step 6, modules/card/issuer/registry.ts): `sandbox` (development and
   * tests, the default only while the embedded chain runs alone) or `none` (no cards offered);
   * production and a real chain must name one, and never the sandbox.
   */
  CARD_ISSUER: z
    .string()
    .refine((name) => Object.hasOwn(cardIssuerFactories, name), {
      error: `not a card issuer; choose one of: ${Object.keys(cardIssuerFactories).join(', ')}`,
    })
    .optional(),
  /**
   * How often the card monthly fee job charges the fees due (and retries those a short balance left
   * owing). Several processes may run it: each card-month is charged under the card's row lock.
   */
  CARD_FEE_SECONDS: z.coerce.number().min(0.1).max(3600).default(300),
  /**
   * How often top-ups the issuer left unanswered (`pending`) are asked again, so the member's money
   * settles or returns without the member retrying. The issuer call is idempotent by the top-up's key.
   */
  CARD_TOPUP_RETRY_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /**
   * How often the proof-of-liabilities job looks whether today's (UTC) snapshot is taken, and takes
   * it if not. Several processes may run it: the first to claim the day builds it.
   */
  LIABILITY_SNAPSHOT_CHECK_SECONDS: z.coerce.number().min(1).max(86400).default(300),
  /**
   * How many of the newest published proof-of-liabilities snapshots keep their whole tree (two
   * rows a member each); older trees are deleted by the job, their root and totals kept for ever.
   * A member's proof is read from the latest, so 1 would do; the rest are for investigations.
   */
  LIABILITY_TREES_KEPT: z.coerce.number().int().min(1).max(3650).default(7),
  /**
   * Keys every hash and seal of the programme's secrets (verification codes, activation codes,
   * card numbers, KYC details, quotes). Required in production and beside a real chain; otherwise
   * generated and kept in the database (development only: a copy of that database opens them).
   */
  APP_SECRET: z.string().min(32, 'at least 32 characters').optional(),

  SESSION_IDLE_SECONDS: seconds.default(7 * 24 * 3600),
  SESSION_MAX_AGE_SECONDS: seconds.default(30 * 24 * 3600),

  /**
   * Credential attempts per client address and window, counted together over email login,
   * register, password reset, wallet login and wallet binding.
   */
  RATE_LIMIT_LOGIN_MAX: z.coerce.number().int().positive().default(10),
  /** Credential attempts per account (email or wallet address) and window, from all clients together. */
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().positive().default(10),
  /** Requests per client address and window on the code-sending call. */
  RATE_LIMIT_CODE_MAX: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_WINDOW_SECONDS: seconds.default(60),
  /** Shares rate-limit counters between server processes; in-process counters without it. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('kpc:'),

  /**
   * SPEC §5: wallets on other chains are refused. Per chain, `CHAIN_<id>_RPC_URL`,
   * `CHAIN_<id>_USDT`, `CHAIN_<id>_RECHARGE` and `CHAIN_<id>_KPC` (config/chains.ts) give the node
   * and the contracts; with no RPC URL at all, development runs the embedded chain.
   */
  ALLOWED_CHAIN_IDS: z
    .string()
    .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, 'a comma-separated list of chain ids')
    .default(DEFAULT_ALLOWED_CHAIN_IDS.join(','))
    .transform((value) => [...new Set(value.split(',').map((id) => Number(id.trim())))]),
  /** SPEC §9 token code. */
  TOKEN_CODE: z.string().min(1).max(16).default(TOKEN_CODE),
  /** SPEC §9 USDT quantity: the allowance a wallet deposit approves. */
  USDT_QUANTITY: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'a decimal number')
    .default(USDT_QUANTITY),
  /**
   * The embedded Hardhat chain: `auto` runs it when no `CHAIN_<id>_RPC_URL` is set, outside
   * production; `on` and `off` force it.
   */
  DEV_CHAIN: z.enum(['auto', 'on', 'off']).default('auto'),
  DEV_CHAIN_HOST: z.string().min(1).default('127.0.0.1'),
  /** 0 picks a free port. */
  DEV_CHAIN_PORT: z.coerce.number().int().min(0).max(65535).default(8545),
  /** The dev chain mines a block this often (0: only when a transaction arrives). */
  DEV_CHAIN_BLOCK_SECONDS: z.coerce.number().min(0).max(3600).default(2),
  /**
   * Hosts (EIP-4361 `domain`) a wallet sign-in message may name, comma-separated. Default: the
   * host of PUBLIC_URL (and, outside production, its localhost/127.0.0.1 twin).
   */
  SIWE_DOMAINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((domain) => domain.trim())
        .filter(Boolean),
    )
    .optional(),
  /**
   * Passkeys (WebAuthn, Step 11 §2): the relying party id, a domain that the app's host is or ends
   * with. Default: the host name of PUBLIC_URL. Browsers refuse an IP address (and so does start-up
   * in production).
   */
  WEBAUTHN_RP_ID: z.string().trim().min(1).max(253).optional(),
  /** Origins (`https://app.example.com`) a passkey's answer may come from, comma-separated. Default: PUBLIC_URL's origin. */
  WEBAUTHN_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .optional(),
});

/** One service account (OPERATOR_KEYS). */
export interface OperatorKey {
  name: string;
  roles: TOperatorRole[];
  secret: string;
}

const isOperatorRole = (role: string): role is TOperatorRole => (OPERATOR_ROLES as readonly string[]).includes(role);

export type Config = Omit<z.infer<typeof ZEnv>, 'CARD_ISSUER'> & {
  /** The card issuer adapter in use (CARD_ISSUER, or `sandbox` in development). */
  CARD_ISSUER: string;
  /** The embedded development chain runs in this process (DEV_CHAIN, or `auto` without any real chain). */
  runsDevChain: boolean;
  isMailboxEnabled: boolean;
  isFaucetEnabled: boolean;
  publicUrl: string;
  /** EIP-4361 domains a wallet message may name. */
  siweDomains: string[];
  /** Passkeys: the relying party id and the origins an answer may come from. */
  webauthn: WebAuthnSettings;
  /** The per-chain settings (`CHAIN_<id>_*`), by chain id. */
  chains: ChainSettings[];
};

/** `localhost:8080` and `127.0.0.1:8080` are the same server to a developer. */
function defaultSiweDomains(publicUrl: string, production: boolean): string[] {
  const url = new URL(publicUrl);
  const twins: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };
  const twin = twins[url.hostname];
  return production || !twin ? [url.host] : [url.host, `${twin}${url.port ? `:${url.port}` : ''}`];
}

type ParsedEnv = z.infer<typeof ZEnv>;

/**
 * Combinations that could lose or mint money, or leak codes, in a real deployment; start-up
 * refuses them (docs/operations.md "Refused at start-up"). A forgotten `NODE_ENV=production` is covered too:
 * test funds and the mailbox follow the embedded chain, not NODE_ENV, and never sit beside a real
 * chain.
 */
function unsafeSettings(parsed: ParsedEnv, chains: ChainSettings[]): string[] {
  const issues: string[] = [];
  const production = parsed.NODE_ENV === 'production';
  if (production && !parsed.SMTP_URL) {
    issues.push('  SMTP_URL: required in production (verification codes are mailed, never logged)');
  }
  if (production && parsed.DEV_CHAIN === 'on')
    issues.push('  DEV_CHAIN: the development chain never runs in production');
  const real = chains.flatMap((chain) => [
    ...(chain.rpcUrl ? [`CHAIN_${chain.chainId}_RPC_URL`] : []),
    ...(chain.hotWalletKey ? [`CHAIN_${chain.chainId}_HOT_WALLET_KEY`] : []),
  ]);
  // Secrets keyed by a value kept in the same database are no secrets where the money is real.
  if (!parsed.APP_SECRET && (production || real.length > 0)) {
    issues.push(
      `  APP_SECRET: required ${production ? 'in production' : `beside a real chain (${real.join(', ')})`}: it keys card numbers, activation codes, KYC details and codes, and must not live in the database`,
    );
  }
  if (parsed.CARD_ISSUER === undefined && (production || real.length > 0)) {
    issues.push(
      `  CARD_ISSUER: required ${production ? 'in production' : 'beside a real chain'}: name the issuer's adapter, or none to offer no cards`,
    );
  }
  if (parsed.CARD_ISSUER !== undefined && DEVELOPMENT_CARD_ISSUERS.has(parsed.CARD_ISSUER)) {
    const where = production ? 'in production' : real.length > 0 ? `beside a real chain (${real.join(', ')})` : null;
    if (where) {
      issues.push(
        `  CARD_ISSUER: ${parsed.CARD_ISSUER} never ${where}: it only pretends to hold cards, so members' real USDT would load cards that do not exist`,
      );
    }
  }
  const switches = [
    ['DEV_FAUCET', parsed.DEV_FAUCET, 'mints test funds'],
    ['DEV_MAILBOX', parsed.DEV_MAILBOX, 'shows every verification code to anyone'],
  ] as const;
  for (const [name, isOn, danger] of switches) {
    if (!isOn) continue;
    if (production) issues.push(`  ${name}: never in production (it ${danger})`);
    else if (real.length > 0) {
      issues.push(`  ${name}: never together with a real chain (${real.join(', ')}): it ${danger}`);
    }
  }
  issues.push(...webauthnIssues(parsed));
  return issues;
}

/**
 * Parses the environment. A bad value, or an unsafe combination, throws an error whose message
 * names every offending variable, so start-up stops with something a person can act on.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZEnv.safeParse(cleaned);
  const { chains, issues: chainIssues } = parseChainSettings(cleaned);
  const parseIssues = (result.error?.issues ?? []).map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  const issues = [...parseIssues, ...chainIssues, ...(result.success ? unsafeSettings(result.data, chains) : [])];
  if (!result.success || issues.length > 0) throw new Error(`Invalid configuration:\n${issues.join('\n')}`);
  const parsed = result.data;
  if (parsed.SESSION_IDLE_SECONDS > parsed.SESSION_MAX_AGE_SECONDS) {
    throw new Error('Invalid configuration:\n  SESSION_IDLE_SECONDS: must not exceed SESSION_MAX_AGE_SECONDS');
  }
  // Each release worker holds a connection for its whole sweep: members' requests need the rest.
  if (parsed.DATABASE_URL && parsed.PLAN_RELEASE_WORKERS >= parsed.DATABASE_POOL_SIZE) {
    throw new Error(
      'Invalid configuration:\n  PLAN_RELEASE_WORKERS: must be below DATABASE_POOL_SIZE (the release engine would hold every connection)',
    );
  }
  const publicUrl = parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`;
  const hasRealChain = chains.some((chain) => chain.rpcUrl || chain.hotWalletKey);
  const runsDevChain =
    parsed.DEV_CHAIN === 'auto' ? parsed.NODE_ENV !== 'production' && !hasRealChain : parsed.DEV_CHAIN === 'on';
  // Test funds and the mailbox exist for the embedded chain alone.
  const isDevelopmentOnly = runsDevChain && !hasRealChain;
  return {
    ...parsed,
    // Only reached in development without a real chain: elsewhere an unset CARD_ISSUER was refused above.
    CARD_ISSUER: parsed.CARD_ISSUER ?? 'sandbox',
    runsDevChain,
    isMailboxEnabled: parsed.DEV_MAILBOX ?? (isDevelopmentOnly && !parsed.SMTP_URL),
    isFaucetEnabled: parsed.DEV_FAUCET ?? isDevelopmentOnly,
    publicUrl,
    siweDomains: parsed.SIWE_DOMAINS ?? defaultSiweDomains(publicUrl, parsed.NODE_ENV === 'production'),
    webauthn: webauthnSettings(parsed),
    chains,
  };
}
