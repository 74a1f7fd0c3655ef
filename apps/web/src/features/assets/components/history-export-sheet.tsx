import {
  HistoryExportSource,
  ZHistoryExportRequest,
  type THistoryExportRequest,
  type THistoryExportSource,
} from '@kpc/shared';
import { CalendarBlank } from '@phosphor-icons/react';
import { DatePicker, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelector } from '@/components/choice-selector.tsx';
import { SheetActions } from '@/components/sheet-actions.tsx';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { translateKey } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { useExportHistory } from '@/features/assets/api/export-history.ts';
import { dateOfPicked, defaultExportRange, pickerDateOf, utcDateOf } from '@/features/assets/utils/export-dates.ts';
import '@/components/sheet.css';
import './history-export-sheet.css';

interface HistoryExportSheetProps {
  isOpen: boolean;
  onClose: () => void;
  /** The records the page lists: chosen when the sheet opens. */
  source: THistoryExportSource;
  /** The asset the page is filtered by ('' for every asset): chosen when the sheet opens. */
  asset: string;
}

/**
 * Export CSV (Step 11 §2): the asset flow or the financial records of a range of UTC days (the last
 * 30 by default), optionally of one asset, saved as a file. Test ids `history-export-*`.
 */
export function HistoryExportSheet({ isOpen, onClose, source, asset }: HistoryExportSheetProps) {
  return (
    // destroyOnClose: each opening starts on the page's choice and the last 30 days.
    <Popup visible={isOpen} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <HistoryExportForm source={source} asset={asset} onDone={onClose} />
    </Popup>
  );
}

type DateField = 'fromDate' | 'toDate';

function HistoryExportForm({
  source: initialSource,
  asset: initialAsset,
  onDone,
}: Omit<HistoryExportSheetProps, 'isOpen' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const [today] = useState(() => utcDateOf(new Date()));
  const [source, setSource] = useState(initialSource);
  const [asset, setAsset] = useState(initialAsset);
  const [range, setRange] = useState(() => defaultExportRange(new Date()));
  const [picking, setPicking] = useState<DateField | null>(null);
  const [error, setError] = useState('');
  const exportMutation = useExportHistory();
  // The member's assets to choose from (the balances' list, usually cached already).
  const assets = (useAssetList().data?.lst ?? []).map((balance) => balance.asset);
  if (initialAsset && !assets.includes(initialAsset)) assets.push(initialAsset);

  const dateLabels: Record<DateField, string> = { fromDate: t('historyExport.from'), toDate: t('historyExport.to') };

  function choose(field: DateField, date: string) {
    setRange((current) => ({ ...current, [field]: date }));
    setError('');
  }

  async function handleDownload() {
    const request: THistoryExportRequest = { source, ...range, ...(asset ? { asset } : {}) };
    const checked = ZHistoryExportRequest.safeParse(request);
    if (!checked.success) {
      setError(translateKey(checked.error.issues[0]?.message ?? 'validation.invalid'));
      return;
    }
    try {
      await exportMutation.mutateAsync(checked.data);
    } catch {
      return; // Toasted by the request client.
    }
    showToast(t('historyExport.saved'));
    onDone();
  }

  return (
    <div className="sheet__content" data-testid="history-export-sheet">
      <h2 className="sheet__title">{t('historyExport.title')}</h2>
      <p className="sheet__text">{t('historyExport.hint')}</p>
      <div className="history-export__block">
        <span className="sheet__label">{t('historyExport.records')}</span>
        <ChoiceSelector
          columns={2}
          choices={[
            {
              value: HistoryExportSource.ASSET_FLOW,
              label: t('assetLog.title'),
              testId: 'history-export-source-asset_flow',
            },
            {
              value: HistoryExportSource.FINANCIAL_RECORDS,
              label: t('history.title'),
              testId: 'history-export-source-financial_records',
            },
          ]}
          value={source}
          onChange={setSource}
        />
      </div>
      <div className="history-export__block">
        <span className="sheet__label">{t('historyExport.asset')}</span>
        <ChoiceSelector
          columns={3}
          choices={[
            { value: '', label: t('assetLog.allAssets'), testId: 'history-export-asset-all' },
            ...assets.map((code) => ({ value: code, label: code, testId: `history-export-asset-${code}` })),
          ]}
          value={asset}
          onChange={setAsset}
        />
      </div>
      <div className="history-export__block">
        <span className="sheet__label">{t('historyExport.days')}</span>
        <div className="history-export__dates">
          {(['fromDate', 'toDate'] as const).map((field) => (
            <button
              key={field}
              type="button"
              className="history-export__date"
              onClick={() => setPicking(field)}
              data-testid={`history-export-${field}`}
            >
              <span className="history-export__date-label">{dateLabels[field]}</span>
              <span className="history-export__date-value">
                <span data-testid={`history-export-${field}-value`}>{range[field]}</span>
                <CalendarBlank size={18} aria-hidden="true" />
              </span>
            </button>
          ))}
        </div>
        {error && (
          <p className="sheet__error" role="alert" data-testid="history-export-error">
            {error}
          </p>
        )}
      </div>
      <SheetActions
        submitLabel={t('historyExport.download')}
        isSubmitting={exportMutation.isPending}
        onSubmit={() => void handleDownload()}
        onCancel={onDone}
        testIdPrefix="history-export"
      />
      <DatePicker
        // A fresh wheel for each field, on that field's day.
        key={picking ?? 'closed'}
        visible={picking !== null}
        title={picking ? dateLabels[picking] : undefined}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        precision="day"
        value={pickerDateOf(picking === 'toDate' ? range.toDate : range.fromDate)}
        // The range stays in order and ends today (UTC): the first day no later than the last.
        {...(picking === 'toDate' ? { min: pickerDateOf(range.fromDate) } : {})}
        max={pickerDateOf(picking === 'fromDate' ? range.toDate : today)}
        onConfirm={(picked) => {
          if (picking) choose(picking, dateOfPicked(picked));
        }}
        onClose={() => setPicking(null)}
      />
    </div>
  );
}
