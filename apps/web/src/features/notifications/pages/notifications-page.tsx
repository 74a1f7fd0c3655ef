import type { TNotificationKind } from '@kpc/shared';
import { EnvelopeSimple, Info } from '@phosphor-icons/react';
import { List, Skeleton, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { showToast } from '@/lib/toast.ts';
import { useNotificationPrefs, useSetNotificationPref } from '@/features/notifications/api/notification-prefs.ts';
import '@/features/notifications/notifications.css';

/**
 * /pages/security/notifications (login required; Step 11 §2) — which emails the member receives:
 * a switch per kind, saved at once. The security mails (a sign-in from a new device, a security
 * change) are always on: their switches show on and cannot be moved, with the reason written.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const prefs = useNotificationPrefs();
  const setPref = useSetNotificationPref();
  const [saving, setSaving] = useState<TNotificationKind | null>(null);

  function change(kind: TNotificationKind, enabled: boolean) {
    setSaving(kind);
    setPref
      .mutateAsync({ kind, enabled })
      .then(
        () => showToast(t('notifications.saved')),
        () => undefined, // the request toasts its own failure
      )
      .finally(() => setSaving(null));
  }

  let body;
  if (prefs.data) {
    body = (
      <>
        {!prefs.data.hasEmail && (
          <p className="notifications-note notifications-note--warning" data-testid="notifications-no-email">
            <Info size={18} aria-hidden="true" />
            <span>{t('notifications.noEmail')}</span>
          </p>
        )}
        <List mode="card" className="dark-list notifications-list">
          {prefs.data.prefs.map((pref) => (
            <List.Item
              key={pref.kind}
              description={
                <>
                  <span>{t(`notifications.kinds.${pref.kind}.text`)}</span>
                  {pref.mandatory && (
                    <span className="notifications-mandatory" data-testid={`notify-mandatory-${pref.kind}`}>
                      {t('notifications.mandatory')}
                    </span>
                  )}
                </>
              }
              extra={
                <Switch
                  // 51x31 px drawn; the hit area makes it a 44 px tap target.
                  className="hit-area"
                  checked={pref.enabled}
                  disabled={pref.mandatory || (saving !== null && saving !== pref.kind)}
                  loading={saving === pref.kind}
                  onChange={(enabled) => change(pref.kind, enabled)}
                  aria-label={t(`notifications.kinds.${pref.kind}.title`)}
                  data-testid={`notify-switch-${pref.kind}`}
                />
              }
              data-testid={`notify-row-${pref.kind}`}
            >
              {t(`notifications.kinds.${pref.kind}.title`)}
            </List.Item>
          ))}
        </List>
        <p className="notifications-note">{t('notifications.mandatoryWhy')}</p>
      </>
    );
  } else if (prefs.isError) {
    body = <LoadFailed onRetry={() => void prefs.refetch()} />;
  } else {
    body = (
      <section className="notifications-loading" data-testid="notifications-loading">
        <Skeleton.Paragraph animated lineCount={6} />
      </section>
    );
  }

  return (
    <div className="page" data-testid="notifications-page">
      <PageNavBar title={t('notifications.title')} />
      <p className="notifications-intro">
        <EnvelopeSimple size={20} aria-hidden="true" />
        <span>{t('notifications.intro')}</span>
      </p>
      {body}
    </div>
  );
}
