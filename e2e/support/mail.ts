import { expect } from '@playwright/test';

const mailUrl = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 2526}/mails`;

interface SinkMail {
  subject: string;
  text: string;
}

/** Waits for the newest mail to `to` whose subject matches, and returns its 6-digit code. */
export async function readCodeFromMail(to: string, subject: RegExp): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailUrl}?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as SinkMail[];
        const mail = mails.reverse().find((m) => subject.test(m.subject));
        code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 10_000, message: `a mail to ${to} with a code` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
