import { ZEnvelope } from '@kpc/shared';
import { Permission, ZAuditFilter, ZAuditListRequest, ZAuditListResponse } from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { sendCsvExport } from '../../lib/csv-export.ts';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import { listAudit, type toAuditEntry } from './service.ts';

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
        schema: { tags, summary: 'The audit log as CSV, filtered as the list, streamed (audited)', body: ZAuditFilter },
      },
      async (request, reply) =>
        sendCsvExport(
          reply,
          { db, actor: operatorOf(request).actor, filter: request.body },
          {
            name: 'audit',
            columns: COLUMNS,
            page: (cursor, limit) => listAudit(db, { ...request.body, cursor, limit }),
          },
        ),
    );
  };
