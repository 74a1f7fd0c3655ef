/**
 * `@kpc/shared/operator`: the schemas only operators use (the console of Step 8, operator scripts).
 * A separate entry point so operator code never lands in the member app's bundle; eslint forbids
 * apps/web to import it. Shared building blocks come from `@kpc/shared`.
 */
export * from './channels.ts';
export * from './withdraw.ts';
export * from './node.ts';
export * from './notice.ts';
export * from './roles.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './members.ts';
export * from './payments.ts';
export * from './dashboard.ts';
export * from './config.ts';
export * from './adjustments.ts';
export * from './cards.ts';
export * from './codes.ts';
export * from './exports.ts';
export * from './config-terms.ts';
export * from './config-products.ts';
export * from './proof.ts';
