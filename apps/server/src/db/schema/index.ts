/**
 * Every table, one file per domain: what Drizzle's client needs to know the whole schema.
 * drizzle-kit reads this folder (drizzle.config.ts).
 */
export * from './account.ts';
export * from './adjustments.ts';
export * from './card.ts';
export * from './channels.ts';
export * from './config.ts';
export * from './exchange.ts';
export * from './klk.ts';
export * from './ledger.ts';
export * from './mail.ts';
export * from './node.ts';
export * from './notice.ts';
export * from './operators.ts';
export * from './plan.ts';
export * from './recharge.ts';
export * from './settings.ts';
export * from './team.ts';
export * from './withdraw.ts';
export * from './proof.ts';
export * from './two-step.ts';
export * from './notifications.ts';
export * from './address-book.ts';
export * from './passkeys.ts';
