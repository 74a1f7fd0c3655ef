import { useTranslation } from 'react-i18next';
import './record.css';
import './skeleton-rows.css';

/** The shape of a list's first rows while it loads: never its empty text, nothing is known yet. */
export function SkeletonRows({ count = 3, testId }: { count?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="record-list" role="status" aria-label={t('list.loading')} data-testid={testId}>
      {Array.from({ length: count }, (_, row) => (
        <div key={row} className="record-list__item skeleton skeleton-rows__row" />
      ))}
    </div>
  );
}
