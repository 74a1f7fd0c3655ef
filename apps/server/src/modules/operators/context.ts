import type { TOperator, TOperatorRole } from '@kpc/shared/operator';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { type operators } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecondFactorKeys } from './second-factor.ts';

/**
 * Operators of the console (Step 8a §2): accounts (`accounts.ts`), sign-in and sessions
 * (`sessions.ts`), the second factor (`second-factor.ts`), routes (`routes.ts`) and the command
 * that creates the first administrator (`cli.ts`).
 */
export interface OperatorPolicy {
  idleSeconds: number;
  maxAgeSeconds: number;
  stepUpSeconds: number;
  lockoutAttempts: number;
  lockoutSeconds: number;
  enrolmentHours: number;
}

/** The OPERATOR_* settings, as the sessions and links use them. */
export function operatorPolicyOf(config: Config): OperatorPolicy {
  return {
    idleSeconds: config.OPERATOR_SESSION_IDLE_SECONDS,
    maxAgeSeconds: config.OPERATOR_SESSION_MAX_AGE_SECONDS,
    stepUpSeconds: config.OPERATOR_STEP_UP_SECONDS,
    lockoutAttempts: config.OPERATOR_LOCKOUT_ATTEMPTS,
    lockoutSeconds: config.OPERATOR_LOCKOUT_SECONDS,
    enrolmentHours: config.OPERATOR_ENROLMENT_HOURS,
  };
}

export interface OperatorContext {
  db: Database;
  clock: Clock;
  keys: SecondFactorKeys;
  /** Where the console is: enrolment links point there. */
  publicUrl: string;
  policy: OperatorPolicy;
}

export type OperatorRow = typeof operators.$inferSelect;

export function toOperator(row: OperatorRow): TOperator {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles as TOperatorRole[],
    status: row.status as TOperator['status'],
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/** The console's enrolment page for a token (in the fragment: never in a server's access log). */
export function enrolmentUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/admin/#/enrol?token=${token}`;
}
