export * from './constants.ts';
export * from './locales.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './format.ts';
export * from './schemas/common.ts';
export * from './schemas/acc.ts';
