import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export interface OutgoingMail {
  to: string;
  /** Which mail it is (`code:withdraw`, `password-changed`): what the log may say about it. */
  template: string;
  /** May carry a verification code: never logged. */
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * 'smtp' delivers through SMTP_URL; 'outbox' keeps the mail in the database and the log for the
   * development mailbox; 'none' drops it (no SMTP_URL and no mailbox, outside production).
   */
  readonly kind: 'smtp' | 'outbox' | 'none';
  send(mail: OutgoingMail): Promise<void>;
  /**
   * False for a while after a delivery failed (the mail server down or unreachable): callers that
   * would make a code refuse instead (MAIL_UNAVAILABLE). The next send after the pause tries again.
   */
  isAvailable(): boolean;
  close(): void;
}

/** Real SMTP delivery (nodemailer). Only the recipient and the template reach the log: subjects carry codes. */
export function createSmtpMailer(options: {
  url: string;
  from: string;
  logger: FastifyBaseLogger;
  /** How long after a failed delivery codes are refused before the server is tried again (MAIL_PAUSE_SECONDS). */
  pauseSeconds: number;
}): Mailer {
  const transport = nodemailer.createTransport(options.url);
  const pauseMs = options.pauseSeconds * 1000;
  let pausedUntil = 0;
  return {
    kind: 'smtp',
    async send({ template, ...mail }) {
      try {
        await transport.sendMail({ from: options.from, ...mail });
      } catch (error) {
        pausedUntil = Date.now() + pauseMs;
        throw error;
      }
      if (pausedUntil !== 0) options.logger.info('mail server answers again');
      pausedUntil = 0;
      options.logger.info({ mailTo: mail.to, template }, 'mail sent');
    },
    isAvailable: () => Date.now() >= pausedUntil,
    close: () => transport.close(),
  };
}

/**
 * Development delivery without a mail server, for the development mailbox only: each mail is
 * stored in `mail_outbox` (read on the /dev/mailbox page) and written to the log, so a newcomer
 * can read their code. The only place a code is ever logged.
 */
export function createOutboxMailer(options: { db: Database; logger: FastifyBaseLogger }): Mailer {
  return {
    kind: 'outbox',
    isAvailable: () => true,
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

/**
 * Neither SMTP nor the development mailbox (a real chain configured outside production, say): the
 * mail cannot be delivered, and its content (a code) must not land anywhere else.
 */
export function createUndeliveredMailer(options: { logger: FastifyBaseLogger }): Mailer {
  return {
    kind: 'none',
    isAvailable: () => true,
    async send(mail) {
      options.logger.warn({ mailTo: mail.to, template: mail.template }, 'mail not delivered: set SMTP_URL');
    },
    close: () => undefined,
  };
}
