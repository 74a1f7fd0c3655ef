import { ActivationCodeStatus, type TActivationCode, type TActivationCodeStatus } from '@kpc/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorList } from '@/components/cursor-list.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ROUTES } from '@/config/routes.ts';
import { getNextCursor } from '@/lib/cursor-list.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { activationCodesSource } from '@/features/activation-code/api/get-activation-codes.ts';
import { ActivationCodeItem } from '@/features/activation-code/components/activation-code-item.tsx';
import { GiveCodeSheet } from '@/features/activation-code/components/give-code-sheet.tsx';
import '@/features/activation-code/activation-code.css';

/**
 * /pages/card/sdk (login required; SPEC §2 "activation codes", §4 "unused or used") — the member's
 * codes by status, paginated: unused ones in full to copy or give to another member, used ones
 * with when and what for. The tab titles count all the member's codes.
 */
export function ActivationCodesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useUserStore((state) => state.token);
  const [status, setStatus] = useState<TActivationCodeStatus>(ActivationCodeStatus.UNUSED);
  const [giving, setGiving] = useState<TActivationCode | null>(null);
  const source = useMemo(() => activationCodesSource(queryClient, token, status), [queryClient, token, status]);
  // The same query the list shows: its first page carries the counts over all codes.
  const counts = useInfiniteQuery({
    queryKey: source.queryKey,
    queryFn: ({ pageParam }) => source.fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: getNextCursor,
  }).data?.pages[0];
  const title = (label: string, count: number | undefined) => (count === undefined ? label : `${label} · ${count}`);

  return (
    <div className="page" data-testid="activation-codes-page">
      <PageNavBar title={t('codes.title')} />
      <Tabs
        className="codes-tabs"
        activeKey={status}
        onChange={(key) =>
          setStatus(key === ActivationCodeStatus.USED ? ActivationCodeStatus.USED : ActivationCodeStatus.UNUSED)
        }
      >
        <Tabs.Tab
          key={ActivationCodeStatus.UNUSED}
          title={<span data-testid="codes-tab-unused">{title(t('codes.unused'), counts?.unused)}</span>}
        />
        <Tabs.Tab
          key={ActivationCodeStatus.USED}
          title={<span data-testid="codes-tab-used">{title(t('codes.used'), counts?.used)}</span>}
        />
      </Tabs>
      <div className="codes-more">
        <PageLink to={ROUTES.klk} testId="codes-klk-link">
          {t('codes.getMore')}
        </PageLink>
      </div>
      <CursorList
        key={status}
        source={source}
        renderItem={(code) => <ActivationCodeItem code={code} onGive={setGiving} />}
        emptyText={status === ActivationCodeStatus.UNUSED ? t('codes.emptyUnused') : t('codes.emptyUsed')}
        testId="codes-list"
      />
      <GiveCodeSheet code={giving} onClose={() => setGiving(null)} />
    </div>
  );
}
