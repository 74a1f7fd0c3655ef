import { ZEnvelope } from '@kpc/shared';
import { Permission, ZAuditFilter, ZAuditListRequest, ZAuditListResponse } from '@kpc/shared/operator';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { csvStream, type CsvColumn } from '../../lib/csv.ts';
import { ok } from '../../plugins/wire.ts';
import { auditWhere, listAudit, toAuditEntry } from './service.ts';

const EXPORT_PAGE = 1000;

type Entry = ReturnType<typeof toAuditEntry>;
const COLUMNS: ReadonlyArray<CsvColumn<Entry>> = [
  { header: 'id', value: (e) => e.id },
  { header: 'at', value: (e) => e.at },
  { header: 'actor_type', value: (e) => e.actorType },
  { header: 'actor_id', value: (e) => e.actorId },
  { header: 'actor_name', value: (e) => e.actorName },
  { header: 'role', value: (e) => e.role },
  { header: 'action', value: (e) => e.action },
  { header: 'target_type', value: (e) => e.targetType },
  { header: 'target_id', value: (e) => e.targetId },
  { header: 'before', value: (e) => (e.before ? JSON.stringify(e.before) : null) },
  { header: 'after', value: (e) => (e.after ? JSON.stringify(e.after) : null) },
  { header: 'reason', value: (e) => e.reason },
  { header: 'ip', value: (e) => e.ip },
];

/** The audit log for operators (Step 8a §3): searched and paged, or exported as CSV as filtered. */
export const auditRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const access = { permission: Permission.AUDIT_READ };
    app.post(
      '/api/operator/audit/list',
      {
        config: { operator: access },
        schema: {
          tags,
          summary: 'The audit log, newest first, by operator, action, target and time',
          body: ZAuditListRequest,
          response: { 200: ZEnvelope(ZAuditListResponse) },
        },
      },
      async (request) => ok(await listAudit(db, request.body)),
    );
    app.post(
      '/api/operator/audit/export',
      {
        config: { operator: access },
        schema: { tags, summary: 'The audit log as CSV, filtered as the list, streamed', body: ZAuditFilter },
      },
      async (request, reply) => {
        let cursor: bigint | null = null;
        const stream = csvStream(COLUMNS, async () => {
          const rows = await db
            .select()
            .from(auditLog)
            .where(auditWhere({ ...request.body, ...(cursor === null ? {} : { cursor: cursor.toString() }) }))
            .orderBy(desc(auditLog.id))
            .limit(EXPORT_PAGE);
          cursor = rows.at(-1)?.id ?? cursor;
          return rows.map(toAuditEntry);
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`)
          .send(stream);
      },
    );
  };
