import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Development-only mailbox: lists the mails the outbox kept (newest first) so a newcomer running
 * `npm start` without SMTP can read their verification code. Never registered in production.
 */
export const devMailboxRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    const items = mails
      .map(
        (mail) =>
          `<article><header><strong>${escapeHtml(mail.subject)}</strong><br><small>to ${escapeHtml(mail.recipient)} · ${mail.createdAt.toISOString()}</small></header><pre>${escapeHtml(mail.text)}</pre></article>`,
      )
      .join('');
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="10"><title>KPC development mailbox</title>
<style>body{margin:0;padding:16px;background:#0f0f17;color:#e6e6ef;font-family:system-ui,sans-serif}h1{font-size:20px}p{color:#8c8c99}
article{background:#191921;border-radius:12px;padding:16px;margin:0 0 12px}pre{white-space:pre-wrap;font-size:14px;line-height:1.5}small{color:#8c8c99}</style></head>
<body><h1>Development mailbox</h1><p>Mails kept because no SMTP_URL is set. Newest first; the page refreshes every 10 s.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(body);
  });
};
