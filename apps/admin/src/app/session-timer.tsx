import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Tag, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, formatDateTime } from '@/lib/format.ts';
import { signOut } from '@/lib/request.ts';
import { useSession, getSession, SESSION_QUERY_KEY } from '@/lib/session.ts';
import { markInteraction, useSessionState } from '@/lib/session-state.ts';
import { queryClient } from '@/lib/query-client.ts';

/** The warning shows this long before the idle timeout ends the session. */
const WARN_SECONDS = 60;
/**
 * The server touches a session at most every 15 s, so its idle end can come that much before ours:
 * the console ends it this much early rather than let a click meet a 401.
 */
const SERVER_TOUCH_MARGIN_MS = 15_000;
/** While the operator works, the server hears of it at least this often (a page read for long sends no calls). */
const KEEP_ALIVE_MS = 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;

/**
 * The session's clock in the header: the time left before the idle timeout (counted from the
 * operator's last click, key or scroll, not from background refreshes) or the absolute end,
 * whichever comes first. A minute before, a warning; at the end, the console signs out.
 */
export function SessionTimer() {
  const { t } = useTranslation();
  const session = useSession();
  const { lastInteractionAt } = useSessionState();
  const [now, setNow] = useState(() => Date.now());
  // The first click after opening a screen tells the server at once; later ones at most once a minute.
  const lastKeepAlive = useRef(0);
  const ended = useRef(false);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const onActivity = () => {
      const at = Date.now();
      markInteraction(at);
      if (at - lastKeepAlive.current >= KEEP_ALIVE_MS) {
        lastKeepAlive.current = at;
        void queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: getSession }).catch(() => undefined);
      }
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, []);

  const idleEndsAt = lastInteractionAt + session.idleSeconds * 1000 - SERVER_TOUCH_MARGIN_MS;
  const absoluteEndsAt = new Date(session.expiresAt).getTime();
  const endsAt = Math.min(idleEndsAt, absoluteEndsAt);
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const isIdleEnd = idleEndsAt <= absoluteEndsAt;

  useEffect(() => {
    if (secondsLeft > 0 || ended.current) return;
    ended.current = true;
    void signOut(isIdleEnd ? 'idle' : undefined);
  }, [secondsLeft, isIdleEnd]);

  const warning = secondsLeft <= WARN_SECONDS;
  return (
    <>
      <Tooltip title={t('session.endsAt', { time: formatDateTime(new Date(endsAt).toISOString()) })}>
        <Tag icon={<ClockCircleOutlined />} color={warning ? 'red' : 'default'} data-testid="session-timer">
          {t('session.timeLeft', { time: formatCountdown(secondsLeft) })}
        </Tag>
      </Tooltip>
      <Modal
        open={warning && secondsLeft > 0}
        title={isIdleEnd ? t('session.idleWarningTitle') : t('session.absoluteWarningTitle')}
        closable={false}
        mask={{ closable: false }}
        footer={
          <Space>
            <Button onClick={() => void signOut()}>{t('header.signOut')}</Button>
            {isIdleEnd && (
              <Button type="primary" onClick={() => markInteraction()}>
                {t('session.stay')}
              </Button>
            )}
          </Space>
        }
      >
        {isIdleEnd
          ? t('session.idleWarning', { time: formatCountdown(secondsLeft) })
          : t('session.absoluteWarning', { time: formatCountdown(secondsLeft) })}
      </Modal>
    </>
  );
}
