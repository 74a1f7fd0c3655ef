import { NotificationKind, type LocaleCode, type TNotificationKind } from '@kpc/shared';
import { translate } from '../../lib/i18n.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { layout } from '../../mail/templates.ts';
import type { NotificationPayload } from './queue.ts';

/**
 * The notification mails (Step 11 §2), one per kind, in the member's language: a subject, a few
 * lines of facts (amounts as the decimal strings stored, the network's name, a short hash, times
 * in UTC with the zone written), and where to turn the kind off. Every value is escaped by the
 * shared layout.
 */

export interface RenderContext {
  /** A chain's display name ("Polygon") from its id. */
  networkName: (chainId: number) => string;
}

/** `0x1234…abcd`: enough of a hash to find it in an explorer, short enough to read. */
export function shortHash(hash: string | null | undefined): string {
  if (!hash) return '—';
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}

/** `2026-11-28 04:50 UTC`: the same in every language, the zone written. */
export function utcTime(iso: string | number | null | undefined): string {
  const date = new Date(typeof iso === 'string' || typeof iso === 'number' ? iso : Date.now());
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

export function renderNotificationMail(
  locale: LocaleCode,
  to: string,
  kind: TNotificationKind,
  payload: NotificationPayload,
  context: RenderContext,
): OutgoingMail {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(locale, key, params);
  const amount = text(payload.amount);
  const asset = text(payload.asset);
  const network = typeof payload.chainId === 'number' ? context.networkName(payload.chainId) : '';
  const device = text(payload.device) || t('notify.unknownDevice');
  const at = utcTime(payload.at ?? null);
  const params = { amount, asset, network, device, ip: text(payload.ip) || '—', time: at, day: text(payload.day) };

  let facts: string[] = [];
  let warning: string[] = [];
  let body = t(`notify.${kind}.body`, params);
  switch (kind) {
    case NotificationKind.DEPOSIT_CREDITED:
      facts = [
        `${t('notify.label.network')}: ${network}`,
        `${t('notify.label.transaction')}: ${shortHash(text(payload.txHash))}`,
      ];
      break;
    case NotificationKind.WITHDRAWAL_SENT:
    case NotificationKind.WITHDRAWAL_COMPLETED:
      facts = [
        `${t('notify.label.address')}: ${text(payload.toAddress)}`,
        `${t('notify.label.network')}: ${network}`,
        `${t('notify.label.fee')}: ${text(payload.fee)} ${asset}`,
        `${t('notify.label.transaction')}: ${shortHash(text(payload.txHash))}`,
      ];
      break;
    case NotificationKind.NEW_DEVICE_SIGN_IN:
      facts = [
        `${t('notify.label.device')}: ${device}`,
        `${t('notify.label.ip')}: ${params.ip}`,
        `${t('notify.label.time')}: ${at}`,
      ];
      warning = [t('notify.notYou')];
      break;
    case NotificationKind.SECURITY_CHANGE: {
      const change = text(payload.change);
      const label = translate(locale, `notify.change.${change}`);
      body = t('notify.security_change.body', { change: label === `notify.change.${change}` ? change : label });
      facts = [
        `${t('notify.label.device')}: ${device}`,
        `${t('notify.label.ip')}: ${params.ip}`,
        `${t('notify.label.time')}: ${at}`,
      ];
      warning = [t('notify.notYou')];
      break;
    }
    case NotificationKind.RELEASE_SUMMARY:
      facts = text(payload.totals)
        .split(';')
        .filter(Boolean)
        .map((pair) => {
          const [releasedAsset = '', releasedAmount = ''] = pair.split('=');
          return `${releasedAmount} ${releasedAsset}`;
        });
      break;
  }
  const before = [t('mail.greeting'), body];
  const after = [...warning, t('notify.optOut')];
  return {
    to,
    template: `notify:${kind}`,
    subject: t(`notify.${kind}.subject`, params),
    text: [...before, '', ...facts, '', ...after, '', t('mail.footer')].join('\n'),
    html: layout(locale, { before: [...before, ...facts], after }),
  };
}
