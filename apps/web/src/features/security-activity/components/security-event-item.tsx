import { maskAddress, SecurityEventKind, SignInMethod, type TSecurityEvent } from '@kpc/shared';
import {
  AddressBook,
  DeviceMobileSlash,
  Devices,
  Key,
  ListChecks,
  Password,
  ShieldCheck,
  SignIn,
  SignOut,
  Trash,
  Wallet,
  type Icon,
} from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';

const ICONS: Record<string, Icon> = {
  [SecurityEventKind.SIGN_IN]: SignIn,
  [SecurityEventKind.SIGN_OUT]: SignOut,
  [SecurityEventKind.PASSWORD_CHANGED]: Password,
  [SecurityEventKind.PASSWORD_RESET]: Key,
  [SecurityEventKind.WALLET_BOUND]: Wallet,
  [SecurityEventKind.SESSION_ENDED]: DeviceMobileSlash,
  [SecurityEventKind.OTHER_SESSIONS_ENDED]: Devices,
  [SecurityEventKind.ADDRESS_ADDED]: AddressBook,
  [SecurityEventKind.ADDRESS_REMOVED]: Trash,
  [SecurityEventKind.ADDRESS_BOOK_ONLY_ON]: ListChecks,
  [SecurityEventKind.ADDRESS_BOOK_ONLY_OFF]: ListChecks,
};
const KINDS = Object.values(SecurityEventKind) as string[];
const METHODS = Object.values(SignInMethod) as string[];
const ADDRESS_KINDS: string[] = [SecurityEventKind.ADDRESS_ADDED, SecurityEventKind.ADDRESS_REMOVED];

/**
 * One security event: an icon and a title per kind (a kind this app does not know yet shows as a
 * security change), how (the sign-in method, the wallet, how many sessions), the device, the
 * address and the time. Test ids `security-event` (`data-kind`), `security-event-*`.
 */
export function SecurityEventItem({ event }: { event: TSecurityEvent }) {
  const { t } = useTranslation();
  const Icon = ICONS[event.kind] ?? ShieldCheck;
  const title = KINDS.includes(event.kind)
    ? t(`securityActivity.kind.${event.kind}`)
    : t('securityActivity.kind.unknown');
  let detail: string | null = null;
  if (event.kind === SecurityEventKind.SIGN_IN && event.detail && METHODS.includes(event.detail)) {
    detail = t(`securityActivity.method.${event.detail as (typeof SignInMethod)[keyof typeof SignInMethod]}`);
  } else if (event.kind === SecurityEventKind.OTHER_SESSIONS_ENDED && event.detail) {
    detail = t('securityActivity.sessionsEnded', { number: event.detail });
  } else if (event.kind === SecurityEventKind.WALLET_BOUND && event.detail) {
    detail = event.detail;
  } else if (ADDRESS_KINDS.includes(event.kind) && event.detail) {
    // `<chainId>:<address>`: the address, shortened as lists show it.
    detail = maskAddress(event.detail.slice(event.detail.indexOf(':') + 1));
  }

  return (
    <div className="security-item" data-testid="security-event" data-id={event.id} data-kind={event.kind}>
      <span className="security-item__icon" aria-hidden="true">
        <Icon size={22} />
      </span>
      <div className="security-item__main">
        <p className="security-item__title">
          <span data-testid="security-event-title">{title}</span>
          {event.current && <span className="record__tag security-item__tag">{t('securityActivity.thisDevice')}</span>}
        </p>
        {detail && (
          <p className="security-item__detail" data-testid="security-event-detail">
            {detail}
          </p>
        )}
        <p className="security-item__meta">
          <span translate="no" data-testid="security-event-device">
            {event.device ?? t('securityActivity.unknownDevice')}
          </span>
          <span className="security-item__address" translate="no" data-testid="security-event-ip">
            {event.ip ?? t('securityActivity.unknownAddress')}
          </span>
        </p>
        <p className="security-item__meta" data-testid="security-event-time">
          {formatDateTime(event.createdAt)}
        </p>
      </div>
    </div>
  );
}
