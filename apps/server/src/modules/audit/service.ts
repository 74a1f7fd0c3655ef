import { DEFAULT_PAGE_SIZE } from '@kpc/shared';
import { ActorType, type TActorType, type TAuditEntry, type TAuditListRequest } from '@kpc/shared/operator';
import { and, desc, eq, gte, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { toPage } from '../../lib/paging.ts';

/**
 * The audit log (Step 8a §3): who changed what, written by `recordAudit` in the transaction of the
 * change itself, so an entry exists exactly when its change does. The table refuses UPDATE, DELETE
 * and TRUNCATE (migration 0019). Values that are secrets (password and TOTP material, sealed KYC,
 * card numbers) never enter it: `changedFields` drops them.
 */

/** Who acts: an operator, a service account (OPERATOR_KEYS) or the programme itself. */
export interface Actor {
  type: TActorType;
  /** The operator's id, the service account's name; null for the system. */
  id: string | null;
  name: string;
  /** The role that allows the action (null: signing in, or the system). */
  role: string | null;
  ip: string | null;
}

export const SYSTEM_ACTOR: Actor = { type: ActorType.SYSTEM, id: null, name: 'system', role: null, ip: null };

export interface AuditInput {
  /** `<domain>.<verb>`: `withdrawal.approve`, `operator.sign_in_failed`. */
  action: string;
  targetType?: string;
  targetId?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/** Field names whose values never enter the audit log. */
const SECRET_FIELDS =
  /password|totp|secret|token|sealed|hash|recovery|cardnumber|^number$|cvv|cvc|document_?number|date_?of_?birth/i;

/** JSON-safe (bigint and Date as text), secrets dropped. */
function clean(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (SECRET_FIELDS.test(key)) continue;
    out[key] = typeof value === 'bigint' ? value.toString() : value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** Of two views of a record, only the fields that differ (the diff an entry keeps). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = clean({ [key]: before[key] })?.[key];
    const b = clean({ [key]: after[key] })?.[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      was[key] = a ?? null;
      now[key] = b ?? null;
    }
  }
  return { before: was, after: now };
}

/** Writes one entry in `executor`: call it in the transaction of the change it records. */
export async function recordAudit(executor: Executor, actor: Actor, input: AuditInput): Promise<void> {
  await executor.insert(auditLog).values({
    at: sql`now()`,
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    role: actor.role,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    before: clean(input.before),
    after: clean(input.after),
    reason: input.reason ?? null,
    ip: actor.ip,
  });
}

type AuditRow = typeof auditLog.$inferSelect;

export function toAuditEntry(row: AuditRow): TAuditEntry {
  return {
    id: row.id.toString(),
    at: row.at.toISOString(),
    actorType: row.actorType as TAuditEntry['actorType'],
    actorId: row.actorId,
    actorName: row.actorName,
    role: row.role,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before as TAuditEntry['before'],
    after: row.after as TAuditEntry['after'],
    reason: row.reason,
    ip: row.ip,
  };
}

/** The filter of the list and of the export, as one WHERE. */
export function auditWhere(filter: Omit<TAuditListRequest, 'limit'>): SQL | undefined {
  const action = filter.action;
  return and(
    filter.actor ? or(eq(auditLog.actorId, filter.actor), eq(auditLog.actorName, filter.actor)) : undefined,
    action
      ? action.endsWith('.')
        ? like(auditLog.action, `${action.replace(/[%_\\]/g, '\\$&')}%`)
        : eq(auditLog.action, action)
      : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.from ? gte(auditLog.at, new Date(filter.from)) : undefined,
    filter.to ? lte(auditLog.at, new Date(filter.to)) : undefined,
    filter.cursor ? lt(auditLog.id, BigInt(filter.cursor)) : undefined,
  );
}

/** `/api/operator/audit/list`: newest first, paged by id. */
export async function listAudit(db: Executor, request: TAuditListRequest) {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await db
    .select()
    .from(auditLog)
    .where(auditWhere(request))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  return toPage(rows, limit, toAuditEntry);
}
