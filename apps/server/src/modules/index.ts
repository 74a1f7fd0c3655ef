import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import type { ChainNodes } from '../chain/nodes.ts';
import type { ChainRuntime } from '../chain/runtime.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { ReferenceData } from '../ledger/reference-data.ts';
import { planClockOf, type Clock } from '../lib/clock.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { createAuthHooks } from '../plugins/auth.ts';
import { metricsRoute, type Metrics } from '../plugins/metrics.ts';
import { operatorApi } from '../plugins/operator.ts';
import { memberOperatorRoutes } from './account/operator-routes.ts';
import { twoStepOperatorRoutes } from './two-step/operator-routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { chainOperatorRoutes } from './chains/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { membersReadRoutes } from './members/routes.ts';
import type { OperatorContext } from './operators/context.ts';
import { operatorAccountRoutes } from './operators/routes.ts';
import { configHistoryRoutes } from './config/routes.ts';
import { configTermsRoutes } from './config/terms-routes.ts';
import { productConfigRoutes } from './config/product-domains.ts';
import { accountRoutes } from './account/routes.ts';
import { adjustmentContextOf } from './adjustments/context.ts';
import { adjustmentOperatorRoutes } from './adjustments/routes.ts';
import { codeOperatorRoutes } from './activation-code/operator-routes.ts';
import { activationCodeRoutes } from './activation-code/routes.ts';
import type { SessionPolicy } from './account/sessions.ts';
import { appRoutes } from './app/routes.ts';
import { assetRoutes } from './assets/routes.ts';
import type { CardContext } from './card/context.ts';
import { cardOperatorRoutes, cardRoutes } from './card/routes.ts';
import { SandboxCardIssuer } from './card/issuer/sandbox-issuer.ts';
import { devCardDeliveryRoutes } from './dev/card-delivery.ts';
import { devClockRoutes } from './dev/clock.ts';
import { devFaucetRoutes } from './dev/faucet.ts';
import { devLiabilitySnapshotRoutes } from './dev/liability-snapshot.ts';
import { devMailboxRoutes } from './dev/mailbox.ts';
import { devOperatorEnrolmentRoutes } from './dev/operator-enrolment.ts';
import { exchangeRoutes } from './exchange/routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { klkRoutes } from './klk/routes.ts';
import { nodeOperatorRoutes, nodeRoutes } from './node/routes.ts';
import { devNoticeSeed } from './notice/dev-seed.ts';
import { noticeOperatorRoutes, noticeRoutes } from './notice/routes.ts';
import type { DepositWatcher } from './recharge/deposit-watcher.ts';
import { planRoutes } from './plan/routes.ts';
import { proofOperatorRoutes } from './proof/operator-routes.ts';
import { proofRoutes } from './proof/routes.ts';
import { rechargeOperatorRoutes } from './recharge/operator-routes.ts';
import { rechargeRoutes } from './recharge/routes.ts';
import { stockholderOperatorRoutes, stockholderRoutes } from './stockholder/routes.ts';
import { teamRoutes } from './team/routes.ts';
import type { WithdrawalSender } from './withdraw/withdrawal-sender.ts';
import { withdrawOperatorRoutes } from './withdraw/operator-routes.ts';
import { twoStepRoutes } from './two-step/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { chainName } from '../chain/runtime.ts';
import { addressBookRoutes } from './address-book/routes.ts';
import { withdrawRoutes } from './withdraw/routes.ts';

/** What the modules and the background jobs share, built once by app.ts. */
export interface ServerContext {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Hashes emailed codes and signs quotes (db/seed.ts keeps it). */
  secret: string;
  chains: ChainRuntime;
  /** The nodes' clients and whether each answers (chain/nodes.ts). */
  nodes: ChainNodes;
  sessionPolicy: SessionPolicy;
  auth: ReturnType<typeof createAuthHooks>;
  /** Assets, prices and pairs from memory (ledger/reference-data.ts). */
  referenceData: ReferenceData;
  /** One per chain with something to watch; accelerate uses them too. */
  depositWatchers: Map<number, DepositWatcher>;
  /** One per chain with a hot wallet. */
  withdrawalSenders: Map<number, WithdrawalSender>;
  /** The card issuer (CARD_ISSUER) and what the card module needs, built once per process. */
  cards: CardContext;
  /** Operators of the console (Step 8a): accounts, sessions, the second factor. */
  operators: OperatorContext;
  /** This process's Prometheus metrics (plugins/metrics.ts), served to operators. */
  metrics: Metrics;
}

/** A module: registers its routes (SPEC's `/api/<module>/<action>`) from the shared context. */
type ServerModule = (app: FastifyInstance, context: ServerContext) => Promise<void>;

/** A module made of one routes plugin, its options taken from the context; `when` leaves it out. */
function routes<Options extends FastifyPluginOptions, Provider extends FastifyTypeProvider>(
  plugin: FastifyPluginAsync<Options, RawServerDefault, Provider>,
  optionsFrom: (context: ServerContext) => Options,
  { when = () => true }: { when?: (context: ServerContext) => boolean } = {},
): ServerModule {
  return async (app, context) => {
    if (when(context)) await app.register(plugin, optionsFrom(context));
  };
}

/** Per client address and window, for calls that mail a code or ask a node. */
const codeLimit = ({ config }: ServerContext) => ({
  max: config.RATE_LIMIT_CODE_MAX,
  timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
});

/** The withdrawal terms until an operator saves others (Step 8b §2: the env values are the defaults). */
const withdrawDefaultsOf = ({ config }: ServerContext) => ({
  feeRate: config.WITHDRAW_FEE_RATE,
  minFee: config.WITHDRAW_MIN_FEE,
  autoApproveDaily: config.WITHDRAW_AUTO_APPROVE_DAILY,
});

/** The hot wallet address of each chain with a withdrawal sender. */
const hotWalletsOf = ({ withdrawalSenders }: ServerContext) =>
  new Map([...withdrawalSenders].map(([chainId, sender]) => [chainId, sender.hotAddress as string]));

/** What the proof-of-liabilities snapshots need: the members' balances, and the chains for the reserves. */
export const snapshotJobContextOf = (c: ServerContext) => ({
  db: c.db,
  clock: c.clock,
  secret: c.secret,
  nodes: c.nodes,
  hotWallets: hotWalletsOf(c),
  treesKept: c.config.LIABILITY_TREES_KEPT,
});

/** What the notification sender needs (modules/notifications/sender.ts). */
export const notificationContextOf = (c: ServerContext) => ({
  db: c.db,
  clock: c.clock,
  planClock: planClockOf(c.clock),
  mailer: c.mailer,
  logger: c.logger,
  networkName: (chainId: number) => chainName(c.chains, chainId),
});

/** Every module of the server, in registration order. A new module is one entry here. */
const serverModules: ServerModule[] = [
  routes(accountRoutes, (c) => ({
    context: {
      db: c.db,
      clock: c.clock,
      mailer: c.mailer,
      logger: c.logger,
      secret: c.secret,
      sessionPolicy: c.sessionPolicy,
      publicUrl: c.config.publicUrl,
      webauthn: c.config.webauthn,
    },
    wallet: {
      db: c.db,
      clock: c.clock,
      sessionPolicy: c.sessionPolicy,
      domains: c.config.siweDomains,
      allowedChainIds: c.chains.allowedChainIds,
    },
    auth: c.auth,
    limits: {
      login: c.config.RATE_LIMIT_LOGIN_MAX,
      account: c.config.RATE_LIMIT_ACCOUNT_MAX,
      code: c.config.RATE_LIMIT_CODE_MAX,
      windowMs: c.config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
  })),
  routes(appRoutes, (c) => ({ chains: c.chains, devClock: c.config.isFaucetEnabled })),
  routes(cardRoutes, (c) => ({ referenceData: c.referenceData, clock: c.clock, context: c.cards, auth: c.auth })),
  routes(assetRoutes, (c) => ({
    db: c.db,
    clock: c.clock,
    referenceData: c.referenceData,
    auth: c.auth,
    chains: c.chains,
    exportLimit: { max: c.config.RATE_LIMIT_ACCOUNT_MAX, timeWindow: c.config.RATE_LIMIT_WINDOW_SECONDS * 1000 },
  })),
  routes(exchangeRoutes, (c) => ({
    context: { db: c.db, clock: c.clock, secret: c.secret, quoteSeconds: c.config.EXCHANGE_QUOTE_SECONDS },
    auth: c.auth,
  })),
  routes(devFaucetRoutes, (c) => ({ db: c.db, auth: c.auth }), { when: (c) => c.config.isFaucetEnabled }),
  routes(devLiabilitySnapshotRoutes, (c) => ({ context: snapshotJobContextOf(c) }), {
    when: (c) => c.config.isFaucetEnabled,
  }),
  // The sandbox's stand-in for a card arriving in the post: development, and the sandbox issuer, only.
  routes(devCardDeliveryRoutes, (c) => ({ context: c.cards, auth: c.auth }), {
    when: (c) => c.config.isFaucetEnabled && c.cards.issuer instanceof SandboxCardIssuer,
  }),
  routes(planRoutes, (c) => ({
    context: { db: c.db, clock: planClockOf(c.clock), referenceData: c.referenceData },
    auth: c.auth,
  })),
  // The plans' development clock follows the faucet's switch: never in production or beside a real chain.
  routes(devClockRoutes, (c) => ({ db: c.db, planClock: planClockOf(c.clock), cards: c.cards }), {
    when: (c) => c.config.isFaucetEnabled,
  }),
  routes(rechargeRoutes, (c) => ({
    context: { db: c.db, chains: c.chains, watchers: c.depositWatchers, network: c.nodes.monitor },
    auth: c.auth,
    accelerateLimit: codeLimit(c),
  })),
  routes(withdrawRoutes, (c) => ({
    context: {
      db: c.db,
      clock: c.clock,
      mailer: c.mailer,
      logger: c.logger,
      secret: c.secret,
      webauthn: c.config.webauthn,
      chains: c.chains,
      network: c.nodes.monitor,
      confirmations: c.config.WITHDRAW_CONFIRMATIONS,
      terms: withdrawDefaultsOf(c),
    },
    auth: c.auth,
    codeLimit: codeLimit(c),
  })),
  // Step 11 §2: the member's authenticator app, asked for by withdrawals and security changes.
  routes(twoStepRoutes, (c) => ({
    context: {
      db: c.db,
      clock: c.clock,
      secret: c.secret,
      mailer: c.mailer,
      logger: c.logger,
      webauthn: c.config.webauthn,
    },
    auth: c.auth,
    codeLimit: codeLimit(c),
  })),
  // Step 11 §2: the withdrawal address book, and the public cancel link its mail carries.
  routes(addressBookRoutes, (c) => ({
    context: {
      db: c.db,
      clock: c.clock,
      secret: c.secret,
      mailer: c.mailer,
      logger: c.logger,
      webauthn: c.config.webauthn,
      chains: c.chains,
      lockHours: c.config.WITHDRAW_ADDRESS_LOCK_HOURS,
      publicUrl: c.config.publicUrl,
    },
    auth: c.auth,
    codeLimit: codeLimit(c),
    linkLimit: { max: c.config.RATE_LIMIT_LOGIN_MAX, timeWindow: c.config.RATE_LIMIT_WINDOW_SECONDS * 1000 },
  })),
  // Step 11 §2: which notification mails the member receives.
  routes(notificationRoutes, (c) => ({ db: c.db, auth: c.auth })),
  // Step 6: broker packages, activation codes, the global node and shareholder applications.
  routes(klkRoutes, (c) => ({ context: { db: c.db, clock: c.clock, secret: c.secret }, auth: c.auth })),
  routes(activationCodeRoutes, (c) => ({
    context: { db: c.db, clock: c.clock, secret: c.secret },
    auth: c.auth,
    recipientLimit: { max: c.config.RATE_LIMIT_ACCOUNT_MAX, timeWindow: c.config.RATE_LIMIT_WINDOW_SECONDS * 1000 },
  })),
  routes(nodeRoutes, (c) => ({ context: { db: c.db, clock: c.clock }, auth: c.auth })),
  routes(stockholderRoutes, (c) => ({ context: { db: c.db, clock: c.clock }, auth: c.auth })),
  // Step 7: the member's team (the referral tree, modules/team/tree.ts).
  routes(teamRoutes, (c) => ({ db: c.db, auth: c.auth })),
  // Step 7: announcements, and a few for a newcomer to read in development (never in production).
  routes(noticeRoutes, (c) => ({ context: { db: c.db, clock: c.clock }, auth: c.auth })),
  // Step 11: proof of liabilities, the root public, each member's path their own.
  routes(proofRoutes, (c) => ({ context: { db: c.db, clock: c.clock, secret: c.secret }, auth: c.auth })),
  routes(devNoticeSeed, (c) => ({ db: c.db, clock: c.clock }), {
    when: (c) => c.config.isFaucetEnabled && c.config.NODE_ENV === 'development',
  }),
  // The operator API (`/api/operator/*`): an operator's session or a service account's key, never a member token.
  routes(operatorApi, (c) => ({
    keys: c.config.OPERATOR_KEYS ?? [],
    // Never in production: the faucet is refused there, and so is this key.
    generateDevelopmentKey: c.config.isFaucetEnabled && c.config.NODE_ENV !== 'production' && !c.config.OPERATOR_KEYS,
    failureLimit: { max: c.config.RATE_LIMIT_LOGIN_MAX, timeWindow: c.config.RATE_LIMIT_WINDOW_SECONDS * 1000 },
    operators: c.operators,
    routes: [
      operatorAccountRoutes({
        context: c.operators,
        limits: {
          perAddress: c.config.RATE_LIMIT_LOGIN_MAX,
          perAccount: c.config.RATE_LIMIT_ACCOUNT_MAX,
          windowMs: c.config.RATE_LIMIT_WINDOW_SECONDS * 1000,
        },
      }),
      auditRoutes(c.db),
      metricsRoute(c.metrics),
      memberOperatorRoutes({ db: c.db, clock: c.clock }),
      twoStepOperatorRoutes({ db: c.db, clock: c.clock }),
      // Step 8a: the console's daily queues and data.
      dashboardRoutes({ db: c.db, clock: c.clock, nodes: c.nodes, hotWallets: hotWalletsOf(c) }),
      membersReadRoutes({
        db: c.db,
        clock: c.clock,
        planClock: planClockOf(c.clock),
        chains: c.chains,
        cards: c.cards,
      }),
      withdrawOperatorRoutes({ db: c.db, chains: c.chains }),
      rechargeOperatorRoutes({ db: c.db, chains: c.chains, network: c.nodes.monitor }),
      chainOperatorRoutes({
        db: c.db,
        chains: c.chains,
        nodes: c.nodes,
        watchedChainIds: new Set(c.depositWatchers.keys()),
        hotWallets: hotWalletsOf(c),
      }),
      nodeOperatorRoutes({ db: c.db, clock: c.clock }),
      stockholderOperatorRoutes({ db: c.db, clock: c.clock }),
      noticeOperatorRoutes({ db: c.db, clock: c.clock }),
      cardOperatorRoutes(c.cards),
      // Step 8b: configuration, versioned.
      configHistoryRoutes(c.db),
      // Step 8b §3: two-person adjustments.
      adjustmentOperatorRoutes(adjustmentContextOf(c), c.operators),
      // Step 8b codes/applications/exports: activation codes (look up, void) and the lists' CSV exports.
      codeOperatorRoutes({ db: c.db, clock: c.clock, secret: c.secret }),
      exportRoutes({ db: c.db, chains: c.chains }),
      // Step 8b §2 config-terms: withdrawal, exchange, assets (KPC price), levels, airdrop.
      configTermsRoutes({ db: c.db, clock: c.clock, withdrawDefaults: withdrawDefaultsOf(c) }),
      // Step 8b §2 config-products: plans, ESOP, pledges, broker tiers, card products.
      productConfigRoutes(c.db),
      // Step 11 §1: proof-of-liabilities snapshots against the reserves on chain, and one taken now.
      proofOperatorRoutes(snapshotJobContextOf(c)),
    ],
  })),
  // The development administrator's enrolment link: development only, like the faucet.
  routes(devOperatorEnrolmentRoutes, (c) => ({ operators: c.operators }), {
    when: (c) => c.config.isFaucetEnabled && c.config.NODE_ENV === 'development',
  }),
  // The development mailbox shows the outbox, so only when mail goes there.
  routes(devMailboxRoutes, (c) => ({ db: c.db }), {
    when: (c) => c.config.isMailboxEnabled && c.mailer.kind === 'outbox',
  }),
];

/** Registers every module, in order. */
export async function registerModules(app: FastifyInstance, context: ServerContext): Promise<void> {
  for (const register of serverModules) await register(app, context);
}
