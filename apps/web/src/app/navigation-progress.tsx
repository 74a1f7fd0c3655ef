import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { createHashRouter } from 'react-router';

type AppRouter = ReturnType<typeof createHashRouter>;

/**
 * A thin bar along the top while the router fetches the next page (its chunk and its loader): the
 * current page stays on screen until the next one can draw, and this shows that something is on its
 * way. It appears only after a short delay (global.css), so a quick switch shows nothing.
 */
export function NavigationProgress({ router }: { router: AppRouter }) {
  const { t } = useTranslation();
  const isLoading = useSyncExternalStore(
    (onChange) => router.subscribe(onChange),
    () => router.state.navigation.state !== 'idle',
  );
  if (!isLoading) return null;
  return (
    <div
      className="navigation-progress"
      role="progressbar"
      aria-label={t('list.loading')}
      data-testid="navigation-progress"
    />
  );
}
