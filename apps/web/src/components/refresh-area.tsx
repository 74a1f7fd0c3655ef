import { PULL_TO_REFRESH_THRESHOLD } from '@kpc/shared';
import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Pull to refresh with SPEC §9's threshold of 45 and texts in the interface language. */
export function RefreshArea({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      threshold={PULL_TO_REFRESH_THRESHOLD}
      onRefresh={onRefresh}
      pullingText={t('list.pullToRefresh')}
      canReleaseText={t('list.releaseToRefresh')}
      refreshingText={t('list.loading')}
      completeText={t('list.refreshed')}
    >
      {children}
    </PullToRefresh>
  );
}
