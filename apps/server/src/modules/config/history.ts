import { AppError } from '@kpc/shared';
import type { TConfigChange, TConfigDomain } from '@kpc/shared/operator';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { configChanges } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from '../audit/service.ts';

/**
 * The versions of configuration (Step 8b §2), owned here: every module that keeps terms calls
 * `recordConfigChange` in the transaction that changes them, and reads terms that have no table of
 * their own with `currentConfig`. A change is also an audit entry (`config.<domain>`).
 */

export interface ConfigChangeInput {
  domain: TConfigDomain;
  /** What within the domain: `terms`, a pair `KPC-USDT`, a product's id. */
  subject: string;
  /** The terms before (null: a new subject) and after, as JSON (decimal strings, never numbers for money). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  reason: string;
  /** From when new orders get these terms; orders made before keep theirs. */
  effectiveFrom: Date;
  /** The audit entry's name and target when the change has its own (`channel.set`); default `config.<domain>`. */
  audit?: { action: string; targetType: string; targetId: string };
}

/**
 * Writes the next version of `domain`/`subject`. Two operators saving the same subject at once:
 * one wins the version number, the other's transaction fails on the unique key and is answered
 * CONFIG_CONFLICT (reload and try again), never a silent overwrite.
 */
export async function recordConfigChange(tx: Executor, actor: Actor, input: ConfigChangeInput): Promise<number> {
  const [last] = await tx
    .select({ version: configChanges.version })
    .from(configChanges)
    .where(and(eq(configChanges.domain, input.domain), eq(configChanges.subject, input.subject)))
    .orderBy(desc(configChanges.version))
    .limit(1);
  const version = (last?.version ?? 0) + 1;
  const inserted = await tx
    .insert(configChanges)
    .values({
      domain: input.domain,
      subject: input.subject,
      version,
      before: input.before,
      after: input.after,
      reason: input.reason,
      effectiveFrom: input.effectiveFrom,
      actorType: actor.type,
      actorId: actor.id,
      actorName: actor.name,
      role: actor.role,
      createdAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning({ id: configChanges.id });
  if (inserted.length === 0) throw new AppError('CONFIG_CONFLICT');
  await recordAudit(tx, actor, {
    action: input.audit?.action ?? `config.${input.domain}`,
    targetType: input.audit?.targetType ?? 'config',
    targetId: input.audit?.targetId ?? `${input.domain}/${input.subject}`,
    before: input.before,
    after: { ...input.after, version, effectiveFrom: input.effectiveFrom.toISOString() },
    reason: input.reason,
  });
  return version;
}

/** The terms of `domain`/`subject` in effect at `at`, or null when none was ever saved (use the defaults). */
export async function currentConfig(
  db: Executor,
  domain: TConfigDomain,
  subject: string,
  at: Date,
): Promise<{ value: Record<string, unknown>; version: number } | null> {
  const [row] = await db
    .select({ after: configChanges.after, version: configChanges.version })
    .from(configChanges)
    .where(
      and(eq(configChanges.domain, domain), eq(configChanges.subject, subject), lte(configChanges.effectiveFrom, at)),
    )
    .orderBy(desc(configChanges.effectiveFrom), desc(configChanges.version))
    .limit(1);
  return row ? { value: row.after as Record<string, unknown>, version: row.version } : null;
}

/** A domain's versions, newest first (the history drawer of a configuration page). */
export async function listConfigChanges(
  db: Executor,
  domain: TConfigDomain,
  subject?: string,
  limit = 50,
): Promise<TConfigChange[]> {
  const rows = await db
    .select()
    .from(configChanges)
    .where(and(eq(configChanges.domain, domain), subject ? eq(configChanges.subject, subject) : undefined))
    .orderBy(desc(configChanges.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id.toString(),
    domain: row.domain as TConfigDomain,
    subject: row.subject,
    version: row.version,
    before: row.before as Record<string, unknown> | null,
    after: row.after as Record<string, unknown>,
    reason: row.reason,
    effectiveFrom: row.effectiveFrom.toISOString(),
    actorName: row.actorName,
    role: row.role,
    at: row.createdAt.toISOString(),
  }));
}
