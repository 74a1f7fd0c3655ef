import type { TNoticeState, TNoticeVersionAction } from '@kpc/shared/operator';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<TNoticeState, string> = {
  draft: 'default',
  scheduled: 'gold',
  published: 'green',
  unpublished: 'red',
};

/** An announcement's state: draft, scheduled (published, its time still to come), published, unpublished. */
export function NoticeStateTag({ state }: { state: TNoticeState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-testid="notice-state" data-state={state}>
      {t(`notices.state.${state}`)}
    </Tag>
  );
}

const ACTION_COLORS: Record<TNoticeVersionAction, string> = {
  created: 'default',
  edited: 'blue',
  scheduled: 'gold',
  published: 'green',
  unpublished: 'red',
};

/** What a save did: created, edited, scheduled, published, unpublished. */
export function NoticeActionTag({ action }: { action: TNoticeVersionAction }) {
  const { t } = useTranslation();
  return <Tag color={ACTION_COLORS[action]}>{t(`notices.action.${action}`)}</Tag>;
}
