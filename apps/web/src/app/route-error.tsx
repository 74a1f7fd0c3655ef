import { ErrorBlock, Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A page failed to load or render (e.g. a chunk of an older build): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="page route-error">
      <ErrorBlock status="default" title={t('error.title')} description={t('error.description')} />
      <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </div>
  );
}
