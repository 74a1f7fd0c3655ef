import { Button, createErrorBlock } from 'antd-mobile';
import { defaultImage } from 'antd-mobile/es/components/error-block/images/default';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { isStaleBuildError, reloadForNewBuild } from './stale-build.ts';

// This page is in the first chunk (it must show even when a page's chunk fails to load), and
// antd-mobile's ErrorBlock carries four illustrations (34 kB): keep only the one shown here.
const ErrorBlock = createErrorBlock({ default: defaultImage });

/**
 * A page failed to load or render: offer a reload. A page's chunk of an older build (a deploy
 * while the app was open) reloads the app by itself, once (app/stale-build.ts); meanwhile the
 * loading skeleton shows, not an error the member need not see.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const [isReloading, setIsReloading] = useState(() => isStaleBuildError(error));

  useEffect(() => {
    if (!isStaleBuildError(error)) return;
    let isCurrent = true;
    void reloadForNewBuild().then((isGoing) => {
      if (isCurrent && !isGoing) setIsReloading(false);
    });
    return () => {
      isCurrent = false;
    };
  }, [error]);

  if (isReloading) return <PageLoading />;
  return (
    <div className="page route-error" data-testid="route-error">
      <ErrorBlock status="default" title={t('error.title')} description={t('error.description')} />
      <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </div>
  );
}
