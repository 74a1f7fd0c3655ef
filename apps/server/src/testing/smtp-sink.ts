import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  mails: ParsedMail[];
  /** Resolves with the first mail to `to` (after `since` mails) that matches, or fails after `timeoutMs`. */
  waitForMail(to: string, options?: { subject?: RegExp; since?: number; timeoutMs?: number }): Promise<ParsedMail>;
  /** The 6-digit code of the newest matching mail to `to`. */
  waitForCode(to: string, options?: { subject?: RegExp; since?: number; timeoutMs?: number }): Promise<string>;
  close(): Promise<void>;
}

function recipients(mail: ParsedMail): string[] {
  const to = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]) : [];
  return to.flatMap((group) => group.value.map((address) => (address.address ?? '').toLowerCase()));
}

/**
 * A real SMTP server on a free local port that parses every mail it receives (smtp-server +
 * mailparser), so tests read codes exactly as a member's inbox would get them.
 */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          for (const listener of listeners) listener();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function waitForMail(
    to: string,
    options: { subject?: RegExp; since?: number; timeoutMs?: number } = {},
  ): Promise<ParsedMail> {
    const wanted = to.toLowerCase();
    const find = () =>
      mails
        .slice(options.since ?? 0)
        .reverse()
        .find(
          (mail) => recipients(mail).includes(wanted) && (!options.subject || options.subject.test(mail.subject ?? '')),
        );
    return new Promise((resolve, reject) => {
      const check = () => {
        const mail = find();
        if (!mail) return;
        cleanup();
        resolve(mail);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no mail to ${to} within ${options.timeoutMs ?? 5000} ms`));
      }, options.timeoutMs ?? 5000);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    async waitForCode(to, options) {
      const mail = await waitForMail(to, options);
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      if (!code) throw new Error(`mail to ${to} carries no code: ${mail.subject ?? ''}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
