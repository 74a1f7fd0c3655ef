import type { TMemberSession } from '@kpc/shared';
import { Desktop, DeviceMobile } from '@phosphor-icons/react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';

/** A time that never breaks inside (non-breaking hyphens and space): it wraps after its label as a whole. */
export const unbrokenTime = (iso: string) => formatDateTime(iso).replaceAll('-', '\u2011').replace(' ', '\u00a0');

/** A phone or tablet by its system's name in the device label; anything else shows as a computer. */
const MOBILE_SYSTEM = /Android|iOS/;

/**
 * One active session: device, address, when it signed in and was last used; "End" on every session
 * but this device's. Test ids `security-session` (`data-current`), `security-session-*`.
 */
export function SessionItem({
  session,
  onEnd,
  isEnding = false,
}: {
  session: TMemberSession;
  onEnd?: (session: TMemberSession) => void;
  isEnding?: boolean;
}) {
  const { t } = useTranslation();
  const Icon = session.device && MOBILE_SYSTEM.test(session.device) ? DeviceMobile : Desktop;
  return (
    <div className="security-item" data-testid="security-session" data-id={session.id} data-current={session.current}>
      <span className="security-item__icon" aria-hidden="true">
        <Icon size={22} />
      </span>
      <div className="security-item__main">
        <p className="security-item__title">
          <span translate="no" data-testid="security-session-device">
            {session.device ?? t('securityActivity.unknownDevice')}
          </span>
          {session.current && (
            <span className="record__tag security-item__tag">{t('securityActivity.thisDevice')}</span>
          )}
        </p>
        <p className="security-item__address" translate="no" data-testid="security-session-ip">
          {session.ip ?? t('securityActivity.unknownAddress')}
        </p>
        <p className="security-item__meta">
          <span data-testid="security-session-created">
            {t('securityActivity.signedInAt', { time: unbrokenTime(session.createdAt) })}
          </span>
          <span data-testid="security-session-last-seen">
            {t('securityActivity.lastSeenAt', { time: unbrokenTime(session.lastSeenAt) })}
          </span>
        </p>
      </div>
      {onEnd && !session.current && (
        <Button
          className="security-item__end"
          size="small"
          fill="outline"
          color="danger"
          loading={isEnding}
          onClick={() => onEnd(session)}
          data-testid="security-session-end"
        >
          {t('securityActivity.end')}
        </Button>
      )}
    </div>
  );
}
