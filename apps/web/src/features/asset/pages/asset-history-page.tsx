import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorList } from '../../../components/cursor-list.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { PageNavBar } from '../../../components/page-nav-bar.tsx';
import { useUserStore } from '../../../lib/user-store.ts';
import { assetHistorySource } from '../api/get-asset-history.ts';
import { HistoryItem } from '../components/history-item.tsx';
import { getRecordKindKey, RECORD_KINDS } from '../utils/labels.ts';

/** /pages/asset/history (login required): financial records — exchanges and transfers, and from Step 4 deposits and withdrawals. */
export function AssetHistoryPage() {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  const [kind, setKind] = useState<(typeof RECORD_KINDS)[number] | ''>('');

  return (
    <div className="page" data-testid="asset-history-page">
      <PageNavBar title={t('history.title')} />
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
              onChange: (value) => setKind(RECORD_KINDS.find((known) => known === value) ?? ''),
            },
          ]}
        />
      </div>
      <CursorList
        source={assetHistorySource(token, kind)}
        renderItem={(record) => <HistoryItem record={record} />}
        emptyText={t('history.empty')}
        testId="history-list"
      />
    </div>
  );
}
