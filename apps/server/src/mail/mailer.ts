import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' delivers through SMTP_URL; 'outbox' keeps the mail in the database and the log. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Real SMTP delivery (nodemailer). Only the recipient and subject reach the log, never the body. */
export function createSmtpMailer(options: { url: string; from: string; logger: FastifyBaseLogger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
      options.logger.info({ mailTo: mail.to, subject: mail.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/**
 * Development delivery without a mail server: each mail is stored in `mail_outbox` (read on the
 * /dev/mailbox page) and written to the log, so a newcomer can read their code.
 */
export function createOutboxMailer(options: { db: Database; logger: FastifyBaseLogger }): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await options.db
        .insert(mailOutbox)
        .values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      options.logger.info(
        { outboxMail: { to: mail.to, subject: mail.subject, text: mail.text } },
        'mail kept in outbox (no SMTP_URL)',
      );
    },
    close: () => undefined,
  };
}
