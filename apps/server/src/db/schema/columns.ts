import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

/** When the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** NUMERIC(38,18): every amount, rate and price (ARCHITECTURE "Money"); strings in TypeScript. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
export const serialId = () => bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();
