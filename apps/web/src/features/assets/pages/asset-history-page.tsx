import { HistoryExportSource } from '@kpc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CursorList } from '@/components/cursor-list.tsx';
import { FilterBar } from '@/components/filter-bar.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { HISTORY_KIND_PARAM } from '@/config/routes.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { assetHistorySource, useRefreshWhileWithdrawalsInFlight } from '@/features/assets/api/get-asset-history.ts';
import { HistoryExportButton } from '@/features/assets/components/history-export-button.tsx';
import { HistoryExportSheet } from '@/features/assets/components/history-export-sheet.tsx';
import { HistoryItem } from '@/features/assets/components/history-item.tsx';
import { getRecordKindKey, RECORD_KINDS } from '@/features/assets/utils/labels.ts';
import '@/features/assets/assets.css';

/**
 * /pages/asset/history (login required): financial records — deposits, withdrawals, exchanges and
 * transfers. `?kind=withdraw` opens it on one kind; the filter keeps the parameter in step, so a
 * reload shows the same list. While a withdrawal on screen is in flight the list refreshes on its
 * own; a withdrawal opens its detail page.
 */
export function AssetHistoryPage() {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = RECORD_KINDS.find((known) => known === searchParams.get(HISTORY_KIND_PARAM)) ?? '';
  const source = assetHistorySource(token, kind);
  const [isExporting, setIsExporting] = useState(false);
  useRefreshWhileWithdrawalsInFlight(source.queryKey);

  function setKind(next: string) {
    const params = new URLSearchParams(searchParams);
    if (next) params.set(HISTORY_KIND_PARAM, next);
    else params.delete(HISTORY_KIND_PARAM);
    setSearchParams(params, { replace: true });
  }

  return (
    <div className="page" data-testid="asset-history-page">
      <PageNavBar
        title={t('history.title')}
        right={<HistoryExportButton onClick={() => setIsExporting(true)} testId="history-export" />}
      />
      <div className="list-toolbar">
        <FilterBar
          testId="history-filter"
          filters={[
            {
              key: 'kind',
              value: kind,
              options: [
                { value: '', label: t('history.allKinds') },
                ...RECORD_KINDS.map((value) => ({ value, label: t(getRecordKindKey(value)) })),
              ],
              onChange: setKind,
            },
          ]}
        />
      </div>
      <CursorList
        source={source}
        renderItem={(record) => <HistoryItem record={record} />}
        emptyText={t('history.empty')}
        testId="history-list"
      />
      <HistoryExportSheet
        isOpen={isExporting}
        onClose={() => setIsExporting(false)}
        source={HistoryExportSource.FINANCIAL_RECORDS}
        asset=""
      />
    </div>
  );
}
