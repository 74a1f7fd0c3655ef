import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { createOutboxMailer, createSmtpMailer, createUndeliveredMailer, type Mailer } from '../mail/mailer.ts';

/**
 * How mail leaves, closed with the app: SMTP when SMTP_URL is set; otherwise the outbox the
 * development mailbox shows, where that is enabled; otherwise nowhere (logged as undelivered).
 */
export function createConfiguredMailer(
  app: FastifyInstance,
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_PAUSE_SECONDS' | 'isMailboxEnabled'>,
  db: Database,
): Mailer {
  const mailer = config.SMTP_URL
    ? createSmtpMailer({
        url: config.SMTP_URL,
        from: config.MAIL_FROM,
        logger: app.log,
        pauseSeconds: config.MAIL_PAUSE_SECONDS,
      })
    : config.isMailboxEnabled
      ? createOutboxMailer({ db, logger: app.log })
      : createUndeliveredMailer({ logger: app.log });
  app.addHook('onClose', async () => mailer.close());
  return mailer;
}
