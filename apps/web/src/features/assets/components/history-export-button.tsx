import { DownloadSimple } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';

/** The top bar's Export CSV button of the asset flow and the financial records (a 44 px target, global.css). */
export function HistoryExportButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t('historyExport.action')}
      onClick={onClick}
      data-testid={testId}
    >
      <DownloadSimple size={22} />
    </button>
  );
}
