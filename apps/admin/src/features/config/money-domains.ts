import type { TConfigDomain } from '@kpc/shared/operator';

/** Domains whose terms are money (fees, rates, prices, limits): saving them needs finance too. */
export const MONEY_DOMAINS: ReadonlySet<TConfigDomain> = new Set([
  'withdrawal',
  'exchange',
  'assets',
  'plan',
  'esop',
  'pledge',
  'klk',
  'card',
  'airdrop',
]);
