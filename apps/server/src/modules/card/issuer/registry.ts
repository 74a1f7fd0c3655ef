import type { Clock } from '../../../lib/clock.ts';
import type { CardIssuer } from './issuer.ts';
import { SANDBOX_DEVELOPMENT_RULES, SANDBOX_MANUAL_RULES, SandboxCardIssuer } from './sandbox-issuer.ts';
import type { SandboxIssuerStore } from './sandbox-store.ts';
import { timerScheduler } from './scheduler.ts';

/** What the server hands every adapter: its clock, its log and a key-value store (the sandbox's state). */
export interface CardIssuerDependencies {
  clock: Clock;
  /** Database-backed in the server (see `sandbox-store.ts`); an adapter may keep its own state in it. */
  store: SandboxIssuerStore;
  /** Production refuses the sandbox's automatic approvals: an operator decides there. */
  isProduction: boolean;
  onError: (error: unknown, context: string) => void;
}

export type CardIssuerFactory = (dependencies: CardIssuerDependencies) => CardIssuer;

/**
 * The adapters `CARD_ISSUER` can name. A new issuer adds one line here (and its settings to the
 * config module); nothing else in the card module changes.
 */
export const cardIssuerFactories: Readonly<Record<string, CardIssuerFactory>> = {
  sandbox: ({ clock, store, isProduction, onError }) =>
    new SandboxCardIssuer({
      clock,
      store,
      scheduler: timerScheduler(clock, (error) => onError(error, 'sandbox timer')),
      rules: isProduction ? SANDBOX_MANUAL_RULES : SANDBOX_DEVELOPMENT_RULES,
      onError,
    }),
};

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
