import { HistoryExportSource } from '@kpc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorList } from '@/components/cursor-list.tsx';
import { FilterBar } from '@/components/filter-bar.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { assetLogSource, type AssetLogFilters } from '@/features/assets/api/get-asset-log.ts';
import { AssetLogItem } from '@/features/assets/components/asset-log-item.tsx';
import { HistoryExportButton } from '@/features/assets/components/history-export-button.tsx';
import { HistoryExportSheet } from '@/features/assets/components/history-export-sheet.tsx';
import { ENTRY_TYPES, getEntryTypeKey } from '@/features/assets/utils/labels.ts';
import '@/features/assets/assets.css';

/** /pages/asset/log (login required): every posting to the member's balances, filtered by asset and type. */
export function AssetLogPage() {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  const assets = useAssetList();
  const [filters, setFilters] = useState<AssetLogFilters>({ asset: '', type: '' });
  const [isExporting, setIsExporting] = useState(false);

  const assetOptions = [
    { value: '', label: t('assetLog.allAssets') },
    ...(assets.data?.lst ?? []).map(({ asset }) => ({ value: asset, label: asset })),
  ];
  const typeOptions = [
    { value: '', label: t('assetLog.allTypes') },
    ...ENTRY_TYPES.map((type) => ({ value: type, label: t(getEntryTypeKey(type)) })),
  ];

  return (
    <div className="page" data-testid="asset-log-page">
      <PageNavBar
        title={t('assetLog.title')}
        right={<HistoryExportButton onClick={() => setIsExporting(true)} testId="asset-log-export" />}
      />
      <div className="list-toolbar">
        <FilterBar
          testId="asset-log-filter"
          filters={[
            {
              key: 'asset',
              value: filters.asset,
              options: assetOptions,
              onChange: (asset) => setFilters((current) => ({ ...current, asset })),
            },
            {
              key: 'type',
              value: filters.type,
              options: typeOptions,
              onChange: (type) =>
                setFilters((current) => ({ ...current, type: ENTRY_TYPES.find((known) => known === type) ?? '' })),
            },
          ]}
        />
      </div>
      <CursorList
        source={assetLogSource(token, filters)}
        renderItem={(entry) => <AssetLogItem entry={entry} />}
        emptyText={t('assetLog.empty')}
        testId="asset-log-list"
      />
      <HistoryExportSheet
        isOpen={isExporting}
        onClose={() => setIsExporting(false)}
        source={HistoryExportSource.ASSET_FLOW}
        asset={filters.asset}
      />
    </div>
  );
}
