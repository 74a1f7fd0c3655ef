import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './load-failed.css';

/** What a section shows when its data failed to load (the reason was toasted), with a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-failed" role="alert">
      <p>{t('list.failed')}</p>
      <Button size="small" fill="outline" color="primary" onClick={onRetry}>
        {t('list.retry')}
      </Button>
    </div>
  );
}
