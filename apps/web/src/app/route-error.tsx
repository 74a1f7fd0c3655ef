import { Button, createErrorBlock } from 'antd-mobile';
import { defaultImage } from 'antd-mobile/es/components/error-block/images/default';
import { useTranslation } from 'react-i18next';

// This page is in the first chunk (it must show even when a page's chunk fails to load), and
// antd-mobile's ErrorBlock carries four illustrations (34 kB): keep only the one shown here.
const ErrorBlock = createErrorBlock({ default: defaultImage });

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
