import { VERIFICATION_CODE_TTL_SECONDS, type LocaleCode, type TCodePurpose } from '@kpc/shared';
import { translate } from '../lib/i18n.ts';
import type { OutgoingMail } from './mailer.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One readable layout for every mail (notifications too): a dark header, short paragraphs, an optional big code. */
export function layout(
  locale: LocaleCode,
  parts: { before: string[]; code?: string; after?: string[]; link?: { href: string; label: string } },
): string {
  const paragraphs = (lines: string[] = []) =>
    lines.map((line) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(line)}</p>`).join('');
  const code = parts.code
    ? `<p style="margin:8px 0 24px;font-size:32px;letter-spacing:8px;font-weight:700;color:#415FFF">${escapeHtml(parts.code)}</p>`
    : '';
  const link = parts.link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(parts.link.href)}" style="color:#415FFF">${escapeHtml(parts.link.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#191921">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#191921;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:700">KPC</td></tr>
<tr><td style="padding:24px">${paragraphs(parts.before)}${code}${paragraphs(parts.after)}${link}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#8c8c99;border-top:1px solid #eee">${escapeHtml(translate(locale, 'mail.footer'))}</td></tr>
</table></td></tr></table></body></html>`;
}

/** The mail carrying a verification code, in the member's language. */
export function renderCodeMail(locale: LocaleCode, to: string, purpose: TCodePurpose, code: string): OutgoingMail {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(locale, key, params);
  const minutes = VERIFICATION_CODE_TTL_SECONDS / 60;
  const head = [t('mail.greeting'), t(`mail.codeIntro.${purpose}`)];
  const tail = [t('mail.codeExpiry', { minutes }), t('mail.codeWarning')];
  return {
    to,
    template: `code:${purpose}`,
    subject: t(`mail.codeSubject.${purpose}`, { code }),
    text: [...head, '', code, '', ...tail, '', t('mail.footer')].join('\n'),
    html: layout(locale, { before: head, code, after: tail }),
  };
}

/** Sent instead of a code when someone asks to register an address that already has an account. */
export function renderAccountExistsMail(locale: LocaleCode, to: string, appUrl: string): OutgoingMail {
  const t = (key: string) => translate(locale, key);
  const paragraphs = [t('mail.greeting'), t('mail.accountExistsBody'), t('mail.accountExistsWarning')];
  return {
    to,
    template: 'account-exists',
    subject: t('mail.accountExistsSubject'),
    text: [...paragraphs, '', `${t('mail.openApp')}: ${appUrl}`, '', t('mail.footer')].join('\n'),
    html: layout(locale, { before: paragraphs, link: { href: appUrl, label: t('mail.openApp') } }),
  };
}

/** Tells the owner that the password changed and other sessions ended. */
export function renderPasswordChangedMail(locale: LocaleCode, to: string): OutgoingMail {
  const t = (key: string) => translate(locale, key);
  const paragraphs = [t('mail.greeting'), t('mail.passwordChangedBody'), t('mail.passwordChangedWarning')];
  return {
    to,
    template: 'password-changed',
    subject: t('mail.passwordChangedSubject'),
    text: [...paragraphs, '', t('mail.footer')].join('\n'),
    html: layout(locale, { before: paragraphs }),
  };
}
