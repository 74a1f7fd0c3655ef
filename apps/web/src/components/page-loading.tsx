import { useTranslation } from 'react-i18next';
import './page-loading.css';

/**
 * A page's shape while it loads (SPEC §2: all pages load lazily): grey cards where the content will
 * be, never an empty screen and never a number that is not known yet.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-skeleton" role="status" aria-label={t('list.loading')} data-testid="page-loading">
      <div className="skeleton page-skeleton__card" />
      <div className="skeleton page-skeleton__line" />
      <div className="skeleton page-skeleton__line page-skeleton__line--short" />
      <div className="skeleton page-skeleton__row" />
      <div className="skeleton page-skeleton__row" />
      <div className="skeleton page-skeleton__row" />
    </div>
  );
}
