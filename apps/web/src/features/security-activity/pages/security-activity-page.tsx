import type { TMemberSession } from '@kpc/shared';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CursorList } from '@/components/cursor-list.tsx';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { SkeletonRows } from '@/components/skeleton-rows.tsx';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { useEndOtherSession } from '@/features/security-activity/api/end-other-session.ts';
import { useEndOtherSessions } from '@/features/security-activity/api/end-other-sessions.ts';
import { useMemberSessions } from '@/features/security-activity/api/get-member-sessions.ts';
import { securityEventsSource } from '@/features/security-activity/api/get-security-events.ts';
import { SecurityEventItem } from '@/features/security-activity/components/security-event-item.tsx';
import { SessionItem } from '@/features/security-activity/components/session-item.tsx';
import '@/components/record.css';
import '@/features/security-activity/security-activity.css';

/**
 * /pages/security/activity (login required; Step 11 §2). This device's session and the member's
 * other active sessions, each of which it can end ("End", or "End all other sessions" after a
 * confirmation: their tokens stop working at once); then the account's recent security events
 * (sign-ins, password changes, a wallet bound, sessions ended) with device, address and time.
 */
export function SecurityActivityPage() {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  const sessions = useMemberSessions();
  const endOne = useEndOtherSession();
  const endAll = useEndOtherSessions();

  async function end(session: TMemberSession) {
    try {
      await endOne.mutateAsync(session.id);
    } catch {
      // Toasted by the request client; the list is read again either way.
      return;
    }
    showToast(t('securityActivity.ended'));
  }

  function confirmEndAll() {
    void Dialog.confirm({
      title: t('securityActivity.endAllConfirmTitle'),
      content: t('securityActivity.endAllConfirm'),
      confirmText: <span data-testid="security-end-all-confirm">{t('securityActivity.endAllAction')}</span>,
      cancelText: <span data-testid="security-end-all-cancel">{t('common.cancel')}</span>,
      onConfirm: async () => {
        try {
          await endAll.mutateAsync();
        } catch {
          return;
        }
        showToast(t('securityActivity.endedAll'));
      },
    });
  }

  const list = sessions.data?.list;
  const current = list?.filter((session) => session.current) ?? [];
  const others = list?.filter((session) => !session.current) ?? [];
  let sessionsBody;
  if (sessions.isPending) {
    sessionsBody = <SkeletonRows count={2} testId="security-sessions-loading" />;
  } else if (sessions.isError) {
    sessionsBody = <LoadFailed onRetry={() => void sessions.refetch()} />;
  } else {
    sessionsBody = (
      <>
        <h2 className="security-section__title">{t('securityActivity.thisDevice')}</h2>
        <ul className="record-list" data-testid="security-current-session">
          {current.map((session) => (
            <li key={session.id} className="record-list__item">
              <SessionItem session={session} />
            </li>
          ))}
        </ul>
        <h2 className="security-section__title">{t('securityActivity.otherSessions')}</h2>
        {others.length === 0 ? (
          <p className="security-section__empty" data-testid="security-other-sessions-empty">
            {t('securityActivity.noOtherSessions')}
          </p>
        ) : (
          <>
            <ul className="record-list" data-testid="security-other-sessions">
              {others.map((session) => (
                <li key={session.id} className="record-list__item">
                  <SessionItem
                    session={session}
                    onEnd={(chosen) => void end(chosen)}
                    isEnding={endOne.isPending && endOne.variables === session.id}
                  />
                </li>
              ))}
            </ul>
            <div className="security-section__actions">
              <Button
                block
                fill="outline"
                color="danger"
                loading={endAll.isPending}
                onClick={confirmEndAll}
                data-testid="security-end-all"
              >
                {t('securityActivity.endAll')}
              </Button>
            </div>
          </>
        )}
        <p className="security-section__note">{t('securityActivity.note')}</p>
      </>
    );
  }

  return (
    <div className="page security-activity-page" data-testid="security-activity-page">
      <PageNavBar title={t('securityActivity.title')} />
      <CursorList
        source={securityEventsSource(token)}
        header={
          <>
            <section className="security-section" data-testid="security-sessions">
              {sessionsBody}
            </section>
            <h2 className="security-section__title security-section__title--events">
              {t('securityActivity.recentActivity')}
            </h2>
          </>
        }
        onRefresh={() => sessions.refetch()}
        renderItem={(event) => <SecurityEventItem event={event} />}
        emptyText={t('securityActivity.noEvents')}
        testId="security-events"
      />
    </div>
  );
}
