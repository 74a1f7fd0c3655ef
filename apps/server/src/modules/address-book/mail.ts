import type { LocaleCode } from '@kpc/shared';
import { translate } from '../../lib/i18n.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { layout } from '../../mail/templates.ts';

/** A time as mails and messages show it to every member alike: `2026-11-28 06:00 UTC`. */
export function formatUtc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Tells the member a withdrawal address was saved, when it becomes usable, and how to cancel it
 * (the link's token is the only copy: the database keeps its hash).
 */
export function renderAddressAddedMail(
  locale: LocaleCode,
  to: string,
  saved: { label: string; network: string; address: string; usableAt: Date; link: string },
): OutgoingMail {
  const t = (key: string, params: Record<string, string> = {}) => translate(locale, key, params);
  const paragraphs = [
    t('mail.greeting'),
    t('mail.addressAddedBody'),
    `${saved.label} · ${saved.network}`,
    saved.address,
    t('mail.addressAddedUsable', { time: formatUtc(saved.usableAt) }),
    t('mail.addressAddedWarning'),
  ];
  const cancel = t('mail.addressAddedCancel');
  return {
    to,
    template: 'address-added',
    subject: t('mail.addressAddedSubject'),
    text: [...paragraphs, '', `${cancel}: ${saved.link}`, '', t('mail.footer')].join('\n'),
    html: layout(locale, { before: paragraphs, link: { href: saved.link, label: cancel } }),
  };
}
