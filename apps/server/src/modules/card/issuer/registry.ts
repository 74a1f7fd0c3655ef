import type { Clock } from '../../../lib/clock.ts';
import { DisabledCardIssuer } from './disabled-issuer.ts';
import type { CardIssuer } from './issuer.ts';
import { SandboxCardIssuer } from './sandbox-issuer.ts';
import { SANDBOX_DEVELOPMENT_RULES } from './sandbox-rules.ts';
import type { SandboxIssuerStore } from './sandbox-store.ts';
import { timerScheduler } from './scheduler.ts';

/** What the server hands every adapter: its clock, its log and a key-value store (the sandbox's state). */
export interface CardIssuerDependencies {
  clock: Clock;
  /** Database-backed and sealed in the server (`sandbox-db-store.ts`); an adapter may keep its own state in it. */
  store: SandboxIssuerStore;
  /** A keyed digest (APP_SECRET's) that names a card number without keeping it. */
  numberDigest: (number: string) => string;
  onError: (error: unknown, context: string) => void;
}

export type CardIssuerFactory = (dependencies: CardIssuerDependencies) => CardIssuer;

/**
 * The adapters `CARD_ISSUER` can name. A new issuer adds one line here (and its settings to the
 * config module); nothing else in the card module changes. Adapters that pretend (the sandbox)
 * are listed in `DEVELOPMENT_CARD_ISSUERS`: production refuses them (config/env.ts).
 */
export const cardIssuerFactories: Readonly<Record<string, CardIssuerFactory>> = {
  sandbox: ({ clock, store, numberDigest, onError }) =>
    new SandboxCardIssuer({
      clock,
      store,
      numberDigest,
      scheduler: timerScheduler(clock, (error) => onError(error, 'sandbox timer')),
      rules: SANDBOX_DEVELOPMENT_RULES,
      onError,
    }),
  none: () => new DisabledCardIssuer(),
};

/** Issuers that only pretend: never where the money is real. */
export const DEVELOPMENT_CARD_ISSUERS: ReadonlySet<string> = new Set(['sandbox']);

/** The adapter `CARD_ISSUER` names; an unknown name stops start-up with the choices. */
export function createCardIssuer(name: string, dependencies: CardIssuerDependencies): CardIssuer {
  const factory = Object.hasOwn(cardIssuerFactories, name) ? cardIssuerFactories[name] : undefined;
  if (!factory) {
    throw new Error(
      `CARD_ISSUER=${name} is not a card issuer; choose one of: ${Object.keys(cardIssuerFactories).join(', ')}`,
    );
  }
  return factory(dependencies);
}
