import { BOTTOM_REACH_DISTANCE } from '@kpc/shared';
import { Tray } from '@phosphor-icons/react';
import { DotLoading, Empty, InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CursorListSource } from '@/lib/cursor-list.ts';
import { useCursorList } from '@/lib/use-cursor-list.ts';
import { LoadFailed } from './load-failed.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';
import { RefreshArea } from './refresh-area.tsx';
import './cursor-list.css';
import './page-loading.css';
import './record.css';

interface CursorListProps<T extends { id: string }> {
  source: CursorListSource<T>;
  renderItem: (item: T) => ReactNode;
  emptyText: string;
  /** Test ids: `<testId>` on the list, `<testId>-loading`, `<testId>-empty`, `<testId>-end`. */
  testId: string;
  /** What the page shows above the list, inside the pull-to-refresh area (the team page's summary). */
  header?: ReactNode;
  /** Refreshes what `header` shows, together with the list's first page. */
  onRefresh?: () => Promise<unknown>;
  /** Under the empty text: the way to fill the list (the team page's link to the invite page). */
  emptyAction?: ReactNode;
}

/**
 * The list pattern of the record pages (SPEC §9): pull to refresh at 45 px, the next page when the
 * bottom comes within 50 px, skeleton rows until the first page arrives, an empty state, and "no
 * more" at the end.
 */
export function CursorList<T extends { id: string }>({
  source,
  renderItem,
  emptyText,
  testId,
  header,
  onRefresh,
  emptyAction,
}: CursorListProps<T>) {
  const { t } = useTranslation();
  const list = useCursorList(source);

  let body: ReactNode;
  if (list.isLoading) {
    // The shape of the first rows, never the empty text: nothing is known about the list yet.
    body = <SkeletonRows count={5} testId={`${testId}-loading`} />;
  } else if (list.isError) {
    body = <LoadFailed onRetry={() => void list.refresh()} />;
  } else if (list.items.length === 0) {
    body = (
      <Empty
        className="empty-state"
        image={<Tray size={64} weight="thin" />}
        description={
          <>
            {emptyText}
            {emptyAction && <span className="cursor-list__empty-action">{emptyAction}</span>}
          </>
        }
        data-testid={`${testId}-empty`}
      />
    );
  } else {
    body = (
      <>
        <ul className="record-list" data-testid={testId}>
          {list.items.map((item) => (
            <li key={item.id} className="record-list__item">
              {renderItem(item)}
            </li>
          ))}
        </ul>
        <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore} threshold={BOTTOM_REACH_DISTANCE}>
          {(hasMore, failed, retry) => (
            <span className="cursor-list__foot">
              {!hasMore ? (
                <span data-testid={`${testId}-end`}>{t('list.noMore')}</span>
              ) : failed ? (
                <button type="button" className="cursor-list__retry hit-area" onClick={retry}>
                  {t('list.failed')} {t('list.retry')}
                </button>
              ) : (
                <>
                  {t('list.loading')} <DotLoading />
                </>
              )}
            </span>
          )}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <RefreshArea onRefresh={onRefresh ? () => Promise.all([list.refresh(), onRefresh()]) : list.refresh}>
      {header}
      <div className="cursor-list">{body}</div>
    </RefreshArea>
  );
}
