import { z } from 'zod';
import { ZCursor, ZLimit } from '../schemas/common.ts';

/**
 * The audit log (Step 8a §3): every change an operator or a service account makes, and every
 * sign-in, failure, enrolment and lock-out, written in the transaction of the change and never
 * updated or deleted (the database refuses it).
 */
export const ActorType = { OPERATOR: 'operator', SERVICE: 'service', SYSTEM: 'system' } as const;
export type TActorType = (typeof ActorType)[keyof typeof ActorType];

export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorType: z.enum([ActorType.OPERATOR, ActorType.SERVICE, ActorType.SYSTEM]),
  /** The operator's id, the service account's name, or null for the system. */
  actorId: z.string().nullable(),
  actorName: z.string(),
  /** The role that allowed it (null: signing in, or the system). */
  role: z.string().nullable(),
  /** `<domain>.<verb>`, e.g. `withdrawal.approve`, `operator.sign_in_failed`. */
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The changed fields before and after (never secrets or card data). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const ZFilterText = z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.invalid').max(100);
const ZTime = z.iso.datetime({ offset: true, error: 'validation.invalid' });

/** POST /api/operator/audit/list and /api/operator/audit/export: newest first. */
export const ZAuditFilter = z.object({
  /** An operator's id or a service account's name. */
  actor: ZFilterText.optional(),
  /** An action, or a prefix ending in `.` (`withdrawal.`). */
  action: ZFilterText.optional(),
  targetType: ZFilterText.optional(),
  targetId: ZFilterText.optional(),
  from: ZTime.optional(),
  to: ZTime.optional(),
});
export const ZAuditListRequest = ZAuditFilter.extend({ cursor: ZCursor.optional(), limit: ZLimit.optional() });
export type TAuditListRequest = z.input<typeof ZAuditListRequest>;
export const ZAuditListResponse = z.object({ list: z.array(ZAuditEntry), nextCursor: z.string().nullable() });
export type TAuditListResponse = z.infer<typeof ZAuditListResponse>;
